import { defineCustomerPageSuite } from "./customer-page-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineCustomerPageSuite("postgres");
