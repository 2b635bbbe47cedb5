import { defineStockPurchasesSuite } from "./stock-purchases-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineStockPurchasesSuite("postgres");
