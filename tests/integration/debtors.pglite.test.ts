import { defineDebtorsSuite } from "./debtors-suite";

defineDebtorsSuite("pglite");
