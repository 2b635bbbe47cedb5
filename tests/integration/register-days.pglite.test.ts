import { defineRegisterDaysSuite } from "./register-days-suite";

defineRegisterDaysSuite("pglite");
