import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach } from "vitest";
import { failOnConsoleErrors, recordConsoleErrors } from "./support/console-errors";
import { closeOpenDatabase, forgetAppSingletons } from "./support/database";

/**
 * Runs in each test file's own process before the file's modules load. The
 * app reads its environment once (getEnv), so everything it depends on is
 * set here; a test file that needs more (SMTP_URL, DATABASE_URL,
 * RATE_LIMIT=on) sets it before importing app modules with `await import()`.
 */
forgetAppSingletons();

// Nothing from the developer's shell may point the tests at a real database or mailbox.
for (const name of [
  "DATABASE_URL",
  "SMTP_URL",
  "SMTP_FROM",
  "PUBLIC_URL",
  "PORT",
  "TRUST_PROXY",
  "BETTER_AUTH_SECRET",
  "LOG_LEVEL",
]) {
  delete process.env[name];
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "balcao-test-"));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "test";
process.env.PUBLIC_URL = "http://localhost:3000";
process.env.RATE_LIMIT = "off";

recordConsoleErrors();

afterEach(() => failOnConsoleErrors("durante o teste"));

afterAll(async () => {
  await closeOpenDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
  failOnConsoleErrors("fora dos testes");
});
