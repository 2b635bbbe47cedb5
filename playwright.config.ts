import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumExecutablePath } from "./tests/e2e/support/chromium";
import { BASE_URL } from "./tests/e2e/support/e2e-env";
import { DESKTOP_SCREEN, PHONE_SCREEN } from "./tests/e2e/support/screens";

/**
 * The journeys run against the real production server (built once, fresh
 * PGlite data folder, e-mails to its outbox) in the system's or the bundled
 * Chromium, at a desktop and a phone size. The setup project creates the
 * shared users first (tests/e2e/support/users.ts).
 */
const launchOptions = { executablePath: await chromiumExecutablePath(), args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    // A trace costs ~15% of the run on a 2-core machine: kept in CI, where a failure cannot be rerun by hand.
    trace: process.env.CI ? "retain-on-failure" : "off",
    launchOptions,
  },
  projects: [
    {
      name: "setup",
      testMatch: ["users.setup.ts", "owner-setup.spec.ts"],
      use: { ...DESKTOP_SCREEN, launchOptions },
    },
    {
      name: "desktop",
      testIgnore: ["users.setup.ts", "owner-setup.spec.ts"],
      dependencies: ["setup"],
      use: { ...DESKTOP_SCREEN, launchOptions },
    },
    {
      name: "phone",
      // These speak HTTP, not a screen size, or walk every width themselves: the desktop project runs them.
      testIgnore: [
        "users.setup.ts",
        "owner-setup.spec.ts",
        "route-access.spec.ts",
        "deployed-server.spec.ts",
        "http-policy.spec.ts",
        "hostile-input.spec.ts",
        "headers.spec.ts",
        "server-process.spec.ts",
        "instances.spec.ts",
        // Its own server, whose demo data it removes: one run is enough.
        "first-run.spec.ts",
        // A server of their own each, started in beforeAll: the phone project would start a second one only to
        // skip the long journeys. Their short phone check runs in the desktop project with PHONE_SCREEN
        // (tests/e2e/support/screens.ts); the rest are desktop journeys or walk every width themselves.
        "credit-payments.spec.ts",
        "credit-plans.spec.ts",
        "demo-identity.spec.ts",
        "financial-management.spec.ts",
        "header-fit.spec.ts",
        "loyalty-programme.spec.ts",
        "money.spec.ts",
        "order-parts.spec.ts",
        "print-templates.spec.ts",
        "sales.spec.ts",
        "site-content.spec.ts",
        "warranty.spec.ts",
      ],
      dependencies: ["setup"],
      use: { ...PHONE_SCREEN, launchOptions },
    },
  ],
  webServer: {
    // Built once here; server.ts then finds the build fresh and only migrates, seeds and serves.
    command: `npm run build --silent >/dev/null && "${process.execPath}" --import tsx tests/e2e/support/start-server.ts`,
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    // The build and the first start; on a machine shared by several runs a build alone can take two minutes.
    timeout: 300_000,
    stdout: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
