import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { PGLITE_OPTIONS } from "~/db/pglite-options";

/**
 * Creating a PGlite database costs seconds (its initdb runs in WebAssembly);
 * copying a migrated one costs a fraction of that. The first test file that
 * needs one builds a template for the current migrations and PGlite version,
 * kept between runs; every file then copies it into its own DATA_DIR.
 */
const MIGRATIONS_FOLDER = path.resolve("drizzle");
const CACHE_DIR = path.resolve("node_modules/.cache/balcao-tests");

function templateKey(isMigrated: boolean) {
  const hash = createHash("sha256");
  hash.update(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json")));
  if (!isMigrated) return `empty-${hash.digest("hex").slice(0, 16)}`;
  for (const file of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

async function buildTemplate(target: string, isMigrated: boolean) {
  const building = `${target}.building-${randomBytes(4).toString("hex")}`;
  fs.mkdirSync(building, { recursive: true });
  const client = new PGlite(building, PGLITE_OPTIONS);
  try {
    await client.waitReady;
    if (isMigrated) await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.close();
  }
  try {
    fs.renameSync(building, target);
  } catch (error) {
    // Another test file built it at the same time: keep theirs.
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(target)) throw error;
  }
}

/**
 * Puts a migrated PGlite database at DATA_DIR/pglite, unless one is there
 * already; `migrated: false` puts a brand-new one (what a restore meets on a
 * new machine).
 */
export async function copyPgliteTemplate(dataDir: string, { migrated = true } = {}) {
  const destination = path.join(dataDir, "pglite");
  if (fs.existsSync(destination)) return;
  const template = path.join(CACHE_DIR, `pglite-${templateKey(migrated)}`);
  if (!fs.existsSync(template)) await buildTemplate(template, migrated);
  fs.cpSync(template, destination, { recursive: true });
}
