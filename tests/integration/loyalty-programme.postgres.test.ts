import { defineLoyaltyProgrammeSuite } from "./loyalty-programme-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineLoyaltyProgrammeSuite("postgres");
