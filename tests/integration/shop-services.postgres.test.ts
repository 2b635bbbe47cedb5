import { defineShopServicesSuite } from "./shop-services-suite";

/** Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may CREATE DATABASE. */
defineShopServicesSuite("postgres");
