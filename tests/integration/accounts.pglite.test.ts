import { defineAccountsSuite } from "./accounts-suite";

defineAccountsSuite("pglite");
