import { defineConfig } from "vitest/config";

/**
 * Unit tests sit beside the code; integration tests (real better-auth, real
 * database, real SMTP) live in tests/integration. The default pool (forks,
 * isolated) gives each test file its own process: PGlite has no
 * cross-process lock, so tests/setup.ts also gives each file its own DATA_DIR.
 * Playwright's journeys (tests/e2e) are not Vitest's.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    include: ["app/**/*.test.{ts,tsx}", "tests/**/*.test.ts", "scripts/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**", "build/**"],
    setupFiles: ["tests/setup.ts"],
    pool: "forks",
    isolate: true,
    // Vitest's default keeps one core free: on CI's two cores the files ran one at a time, and most of their
    // time is spent waiting (child processes, sockets, PGlite's file system, PostgreSQL), not computing.
    maxWorkers: "100%",
    // Password hashing (scrypt) and PGlite's start make integration tests slower than unit tests.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
