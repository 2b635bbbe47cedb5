/**
 * Whether the production build (build/) is newer than the code it was built
 * from: read by server.ts before it starts the bundle, written by `npm run
 * build`. Plain Node (types stripped, only node: modules): it runs where the
 * development dependencies may be gone.
 *
 * The code is compared by modification time; package-lock.json by content,
 * since `npm prune --omit=dev` after a deploy's build rewrites it unchanged.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const CODE_INPUTS = ["app", "public", "vite.config.ts", "react-router.config.ts"];
const LOCKFILE = "package-lock.json";
/** The lockfile's hash as it was when the build was made. */
const LOCKFILE_STAMP = path.join("build", "package-lock.sha256");
export const SERVER_BUNDLE = path.join("build", "server", "index.js");

function newestModification(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((child) => newestModification(path.join(entry, child))));
}

function lockfileHash(root: string) {
  const file = path.join(root, LOCKFILE);
  return fs.existsSync(file) ? createHash("sha256").update(fs.readFileSync(file)).digest("hex") : "";
}

export function isBuildFresh(root: string) {
  const bundle = path.join(root, SERVER_BUNDLE);
  const stamp = path.join(root, LOCKFILE_STAMP);
  if (!fs.existsSync(bundle) || !fs.existsSync(stamp)) return false;
  const builtAt = fs.statSync(bundle).mtimeMs;
  const isCodeOlder = builtAt > Math.max(...CODE_INPUTS.map((input) => newestModification(path.join(root, input))));
  return isCodeOlder && fs.readFileSync(stamp, "utf8").trim() === lockfileHash(root);
}

/** The last step of `npm run build`. */
export function stampBuild(root: string) {
  fs.writeFileSync(path.join(root, LOCKFILE_STAMP), `${lockfileHash(root)}\n`);
}

if (process.argv[2] === "--stamp") stampBuild(process.cwd());
