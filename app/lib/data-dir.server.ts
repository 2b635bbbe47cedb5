import fs from "node:fs";
import path from "node:path";
import { logger } from "./logger.server";

/**
 * DATA_DIR holds the database and its write-ahead log (names, phones,
 * session tokens), the secrets, the e-mail outbox and the backups: only the
 * server's own user may read, write or enter anything in it. Each writer
 * creates its files owner-only; PGlite's are kept so by
 * app/db/open-pglite.server.ts.
 */
export const OWNER_ONLY_DIR = 0o700;
export const OWNER_ONLY_FILE = 0o600;
const GROUP_AND_OTHER = 0o077;

/** A folder in DATA_DIR (or DATA_DIR itself), created owner-only or made so. */
export function makePrivateDir(dir: string) {
  // `mode` applies only to the folders mkdir creates: an existing one is closed too.
  fs.mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
  fs.chmodSync(dir, OWNER_ONLY_DIR);
}

/**
 * Creates DATA_DIR when missing and takes the group and other bits off
 * everything already in it: a folder written by an older version (PGlite's
 * files were world-writable) is repaired when the server starts. Symbolic
 * links are neither followed nor changed.
 */
export function secureDataDir(dataDir: string) {
  makePrivateDir(dataDir);
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    if ((stat.mode & GROUP_AND_OTHER) !== 0) {
      try {
        fs.chmodSync(entry, stat.mode & 0o7777 & ~GROUP_AND_OTHER);
      } catch (error) {
        // Another user's file (left by root, say): the server still starts, and the operator is told.
        logger.warn({ err: error, file: entry }, "não foi possível fechar as permissões de um arquivo em DATA_DIR");
      }
    }
    if (stat.isDirectory()) for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
  };
  visit(dataDir);
}
