import { defineFinanceLedgerSuite } from "./finance-ledger-suite";

defineFinanceLedgerSuite("pglite");
