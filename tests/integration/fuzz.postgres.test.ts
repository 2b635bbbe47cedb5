import { vi } from "vitest";
import { defineFuzzSuite, fuzzOptionsFromEnv } from "./fuzz-suite";

// No browser build in this process: the page's stylesheet link points at a file nobody serves.
vi.mock("~/app.css?url", () => ({ default: "/assets/app.css" }));

/**
 * Runs when TEST_DATABASE_URL points at a PostgreSQL server whose role may
 * CREATE DATABASE (otherwise a skip that says why). `npm test`: 1 run per
 * route with the PGlite form's fixed seed (the PGlite form draws 3); the
 * full run is `TEST_DATABASE_URL=… npm run proof:fuzz`.
 */
defineFuzzSuite(fuzzOptionsFromEnv("postgres", 1));
