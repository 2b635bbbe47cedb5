import { defineLoyaltyLedgerSuite } from "./loyalty-ledger-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineLoyaltyLedgerSuite("postgres");
