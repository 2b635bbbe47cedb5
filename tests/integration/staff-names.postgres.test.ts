import { defineStaffNamesSuite } from "./staff-names-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineStaffNamesSuite("postgres");
