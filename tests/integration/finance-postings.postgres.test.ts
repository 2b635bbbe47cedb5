import { defineFinancePostingsSuite } from "./finance-postings-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineFinancePostingsSuite("postgres");
