import { defineCreditCorrectionsSuite } from "./credit-corrections-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineCreditCorrectionsSuite("postgres");
