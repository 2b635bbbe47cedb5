import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { makePrivateDir, OWNER_ONLY_FILE } from "./data-dir.server";
import { getEnv } from "./env.server";

/**
 * A secret that is not configured is generated once and kept in DATA_DIR
 * (mode 0600), so restarts keep sessions and encrypted data readable. Several
 * instances must share DATA_DIR/secrets or configure the same values.
 */
export function readOrCreateSecret(name: string): string {
  const dir = path.join(getEnv().DATA_DIR, "secrets");
  const file = path.join(dir, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  makePrivateDir(dir);
  const secret = randomBytes(32).toString("base64url");
  try {
    fs.writeFileSync(file, secret, { mode: OWNER_ONLY_FILE, flag: "wx" });
    return secret;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return fs.readFileSync(file, "utf8").trim();
    throw error;
  }
}
