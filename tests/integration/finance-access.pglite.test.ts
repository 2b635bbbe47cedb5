import { defineFinanceAccessSuite } from "./finance-access-suite";

defineFinanceAccessSuite("pglite");
