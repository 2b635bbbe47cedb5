import { defineScheduledJobsSuite } from "./scheduled-jobs-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineScheduledJobsSuite("postgres");
