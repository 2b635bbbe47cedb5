/**
 * Playwright's webServer: starts the production server (what `npm start`
 * runs, once the config has built) on a fresh data folder, passes its output
 * through, and saves the one-time owner setup link it prints to a file for
 * owner-setup.spec.ts.
 */
import fs from "node:fs";
import { BASE_URL, DATA_DIR, E2E_PORT, OWNER_SETUP_LINK_FILE } from "./e2e-env";
import { OWNER_SETUP_LINK, spawnServer } from "./server-process";

fs.rmSync(DATA_DIR, { recursive: true, force: true });
fs.mkdirSync(DATA_DIR, { recursive: true });

const server = spawnServer({ port: E2E_PORT, dataDir: DATA_DIR, publicUrl: BASE_URL });

let printed = "";
server.stdout?.setEncoding("utf8");
server.stdout?.on("data", (chunk: string) => {
  process.stdout.write(chunk);
  if (fs.existsSync(OWNER_SETUP_LINK_FILE)) return;
  printed += chunk;
  const link = OWNER_SETUP_LINK.exec(printed)?.[0];
  if (link) fs.writeFileSync(OWNER_SETUP_LINK_FILE, link, { mode: 0o600 });
});

for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
