import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";

/**
 * Where the end-to-end server listens and keeps its data; shared by the
 * config, the server script and the specs. E2E_PORT lets a second checkout
 * (a CI dry run, another worktree) run its journeys at the same time.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${E2E_PORT}`;

const checkout = createHash("sha256")
  .update(path.resolve(import.meta.dirname, "../../.."))
  .digest("hex")
  .slice(0, 8);
/** Deleted and recreated at every run: a fresh database, outbox and owner setup link. */
export const DATA_DIR = path.join(os.tmpdir(), `balcao-e2e-${checkout}-${E2E_PORT}`);
export const OUTBOX_DIR = path.join(DATA_DIR, "outbox");
export const OWNER_SETUP_LINK_FILE = path.join(DATA_DIR, "owner-setup-link.txt");
/** The signed-in users' cookies (Playwright storage states), written by the setup project. */
export const STATE_DIR = path.join(DATA_DIR, "e2e-state");
