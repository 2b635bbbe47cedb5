/**
 * Playwright's webServer: starts the production server (what `npm start`
 * runs, once the config has built) on a fresh data folder, passes its output
 * through, and saves the one-time owner setup link it prints to a file for
 * owner-setup.spec.ts.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { BASE_URL, DATA_DIR, E2E_PORT, OWNER_SETUP_LINK_FILE } from "./e2e-env";

fs.rmSync(DATA_DIR, { recursive: true, force: true });
fs.mkdirSync(DATA_DIR, { recursive: true });

const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(E2E_PORT),
    PUBLIC_URL: BASE_URL,
    DATA_DIR,
    // Many sign-ins from one address in a minute; the limiter has its own tests.
    RATE_LIMIT: "off",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    // Empty means unset (env.server.ts): PGlite in DATA_DIR, e-mails to DATA_DIR/outbox, whatever CI exports.
    DATABASE_URL: "",
    SMTP_URL: "",
  },
  stdio: ["ignore", "pipe", "inherit"],
});

let printed = "";
server.stdout.setEncoding("utf8");
server.stdout.on("data", (chunk: string) => {
  process.stdout.write(chunk);
  if (fs.existsSync(OWNER_SETUP_LINK_FILE)) return;
  printed += chunk;
  const link = /https?:\/\/\S+\/auth\/configurar\?token=\S+/.exec(printed)?.[0];
  if (link) fs.writeFileSync(OWNER_SETUP_LINK_FILE, link, { mode: 0o600 });
});

for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
