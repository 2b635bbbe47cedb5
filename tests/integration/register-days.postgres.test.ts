import { defineRegisterDaysSuite } from "./register-days-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineRegisterDaysSuite("postgres");
