import { defineFinanceLedgerSuite } from "./finance-ledger-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineFinanceLedgerSuite("postgres");
