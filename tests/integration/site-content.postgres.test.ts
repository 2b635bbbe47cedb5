import { defineSiteContentSuite } from "./site-content-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineSiteContentSuite("postgres");
