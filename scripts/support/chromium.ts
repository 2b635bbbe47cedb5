/**
 * The Chromium the benchmark scripts drive: the same one as the browser tests
 * (CHROME_PATH, else Debian's /usr/bin/chromium, else the headless Chromium
 * inside the @sparticuz/chromium npm package), never a download.
 */
import { CHROMIUM_ARGS } from "../../tests/e2e/support/chromium";

export { chromiumExecutablePath } from "../../tests/e2e/support/chromium";

/**
 * Flags for a launch outside Playwright (which adds --headless itself) on a
 * machine with no internet: without them Chromium keeps dialling Google's hosts.
 */
export const OFFLINE_CHROMIUM_FLAGS = [
  "--headless",
  ...CHROMIUM_ARGS,
  "--disable-quic",
  "--disable-default-apps",
  "--disable-domain-reliability",
  "--disable-client-side-phishing-detection",
  "--no-default-browser-check",
  "--disable-dev-shm-usage",
];
