import { defineCashRegisterSuite } from "./cash-register-suite";

defineCashRegisterSuite("pglite");
