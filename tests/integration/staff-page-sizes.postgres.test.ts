import { defineStaffPageSizesSuite } from "./staff-page-sizes-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineStaffPageSizesSuite("postgres");
