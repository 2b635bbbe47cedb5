/**
 * Finds a Chromium for the benchmark scripts without downloading anything:
 * CHROME_PATH, else Debian's /usr/bin/chromium, else the headless Chromium
 * shipped inside the @sparticuz/chromium npm package (unpacked into /tmp).
 */
import fs from "node:fs";

/** Flags for a machine with no internet: without them Chromium keeps dialling Google's hosts. */
export const OFFLINE_CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-quic",
  "--no-first-run",
  "--disable-sync",
  "--disable-default-apps",
  "--disable-domain-reliability",
  "--disable-client-side-phishing-detection",
  "--metrics-recording-only",
  "--no-default-browser-check",
  "--disable-dev-shm-usage",
];

const SYSTEM_CHROMIUM = "/usr/bin/chromium";

function isExecutable(file: string) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export async function chromiumExecutablePath(): Promise<string> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new Error(`CHROME_PATH=${fromEnv} não é um executável.`);
    return fromEnv;
  }
  if (isExecutable(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const { default: packaged } = await import("@sparticuz/chromium");
  return packaged.executablePath();
}
