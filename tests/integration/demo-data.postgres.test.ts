import { defineDemoDataSuite } from "./demo-data-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineDemoDataSuite("postgres");
