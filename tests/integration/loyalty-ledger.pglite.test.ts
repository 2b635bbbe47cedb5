import { defineLoyaltyLedgerSuite } from "./loyalty-ledger-suite";

defineLoyaltyLedgerSuite("pglite");
