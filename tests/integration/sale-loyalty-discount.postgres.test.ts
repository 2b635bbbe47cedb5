import { defineSaleLoyaltyDiscountSuite } from "./sale-loyalty-discount-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineSaleLoyaltyDiscountSuite("postgres");
