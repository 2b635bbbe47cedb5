import { vi } from "vitest";
import { defineFuzzSuite, fuzzOptionsFromEnv } from "./fuzz-suite";

// No browser build in this process: the page's stylesheet link points at a file nobody serves.
vi.mock("~/app.css?url", () => ({ default: "/assets/app.css" }));

/** `npm test`: 3 runs per route (1 per better-auth endpoint) with a fixed seed; `npm run proof:fuzz`: 40 per route (20 per endpoint), a new seed each run. */
defineFuzzSuite(fuzzOptionsFromEnv("pglite", 3));
