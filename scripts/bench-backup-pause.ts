/**
 * npm run bench:backup-pause — how long a backup keeps the shop waiting.
 *
 * Opens the database of DATA_DIR (PGlite; the server must be stopped) or
 * DATABASE_URL, and while a backup is written sends `select 1` every 10 ms
 * on the same database, as the shop's requests would: the longest of those
 * answers is the pause a customer or the counter sees. On PGlite it measures
 * both ways: the snapshot transaction held while the whole file is written
 * (createBackup, as `db:backup` with the server stopped writes it) and the
 * server's way, a checkpoint and a copy of the folder held, the file read
 * from the copy (createBackupFromFolderCopy). On PostgreSQL, the snapshot
 * transaction alone (its own connection: the others go on).
 *
 *   DATA_DIR=/tmp/balcao-scale npm run bench:backup-pause
 *   DATABASE_URL=postgres://… npm run bench:backup-pause
 *   npm run bench:backup-pause -- --copy-only     PGlite: the server's way only
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createBackup } from "~/db/backup/create-backup.server";
import { openMaintenanceDatabase, pgliteFolder } from "~/db/backup/maintenance-database.server";
import { readCodeMigrations } from "~/db/backup/migrations.server";
import { createBackupFromFolderCopy } from "~/db/backup/pglite-snapshot.server";
import { MIGRATIONS_FOLDER } from "~/db/client.server";
import type { Database } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";

const env = getEnv();
const database = await openMaintenanceDatabase(
  env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR },
  { create: false },
);
const migrations = readCodeMigrations(MIGRATIONS_FOLDER);
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "balcao-backup-pause-"));

async function measure(label: string, run: (file: string) => Promise<{ bytes: number; heldMs?: number }>) {
  const latencies: number[] = [];
  const state = { isRunning: true };
  const probe = (async () => {
    while (state.isRunning) {
      const startedAt = performance.now();
      await database.db.execute(sql`select 1`);
      latencies.push(performance.now() - startedAt);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const startedAt = performance.now();
  const report = await run(path.join(outDir, `${label.replace(/\W+/g, "-")}.balcao-backup.gz`));
  const totalMs = performance.now() - startedAt;
  state.isRunning = false;
  await probe;
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  console.log(
    `${label}: cópia em ${(totalMs / 1000).toFixed(1)} s (${(report.bytes / 1024 / 1024).toFixed(1)} MB)` +
      (report.heldMs === undefined ? "" : `, banco retido ${Math.round(report.heldMs)} ms`) +
      `; consultas durante a cópia: ${latencies.length}, p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, maior pausa ${Math.round(sorted[sorted.length - 1] ?? 0)} ms`,
  );
}

try {
  const [rows] = (
    await database.db.execute(
      sql`select (select count(*) from service_orders)::int as orders, (select count(*) from customers)::int as customers`,
    )
  ).rows as { orders: number; customers: number }[];
  console.log(`${database.kind}: ${rows?.orders} ordens, ${rows?.customers} clientes`);
  if (database.kind === "pglite") {
    if (!process.argv.includes("--copy-only"))
      await measure("PGlite, transação retida durante a cópia inteira", (file) =>
        createBackup(database.db, { file, database: "pglite", migrations }),
      );
    await measure("PGlite, checkpoint + cópia da pasta (o servidor)", (file) =>
      createBackupFromFolderCopy(database.db as Database, { pgliteFolder: pgliteFolder(env.DATA_DIR), file, migrations }),
    );
  } else {
    // The same probe with no backup: on a busy machine its longest wait is the machine's, not the backup's.
    await measure("PostgreSQL, sem cópia (referência, 20 s)", async () => {
      await new Promise((resolve) => setTimeout(resolve, 20_000));
      return { bytes: 0 };
    });
    await measure("PostgreSQL, transação repeatable read", (file) =>
      createBackup(database.db, { file, database: "postgres", migrations }),
    );
  }
} finally {
  await database.close();
  fs.rmSync(outDir, { recursive: true, force: true });
}
