import { defineAuditCoverageSuite } from "./audit-coverage-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineAuditCoverageSuite("postgres");
