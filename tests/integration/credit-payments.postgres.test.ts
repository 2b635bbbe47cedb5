import { defineCreditPaymentsSuite } from "./credit-payments-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineCreditPaymentsSuite("postgres");
