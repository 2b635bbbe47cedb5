import fs from "node:fs";

/**
 * Which Chromium the browser tests (and scripts/lighthouse.ts) drive. Never
 * `playwright install`: it downloads, and these machines have no internet.
 * Order: CHROME_PATH, the system package, then the headless Chromium shipped
 * inside the @sparticuz/chromium npm package (extracted to the temp folder),
 * so `npm install && npm test` works on a fresh Linux machine.
 */
const SYSTEM_CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** Flags for a machine with no internet, no GPU and often running as root (CI containers). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

export async function chromiumExecutablePath(): Promise<string> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) throw new Error(`CHROME_PATH aponta para ${fromEnv}, que não existe.`);
    return fromEnv;
  }
  const system = SYSTEM_CHROMIUM.find((candidate) => fs.existsSync(candidate));
  if (system) return system;
  const { default: chromium } = await import("@sparticuz/chromium");
  return chromium.executablePath();
}
