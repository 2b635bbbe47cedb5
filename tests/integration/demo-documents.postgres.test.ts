import { defineDemoDocumentsSuite } from "./demo-documents-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineDemoDocumentsSuite("postgres");
