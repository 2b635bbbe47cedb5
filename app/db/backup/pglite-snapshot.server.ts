import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { Database } from "~/db/client.server";
import { openPglite } from "~/db/open-pglite.server";
import { BackupError } from "./backup-format";
import { createBackup, type BackupReport } from "./create-backup.server";
import type { CodeMigration } from "./migrations.server";

/** A WAL segment's file name: timeline, log and segment, 24 hex digits. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

export type SnapshotBackupReport = BackupReport & { heldMs: number };
const SNAPSHOT_PREFIX = ".snapshot-";
/** One backup at a time in this process (the only one that opens the folder): a second would double the disk used. */
let isCopying = false;

/**
 * A backup of the running server's PGlite without holding its only
 * connection while the file is written (decision 0031). PGlite is one
 * WebAssembly PostgreSQL in this process, with no background writer: while
 * a transaction of ours holds it, nothing else writes its files. So, inside
 * one: CHECKPOINT (every change in the data files), then a copy of the
 * folder beside it (a clone where the filesystem can, a plain copy
 * elsewhere; only the write-ahead log from the checkpoint on); the
 * transaction ends and the shop goes on. The copy is opened
 * as a second PGlite, as after a clean stop, and the backup is read from it
 * as usual (one repeatable-read snapshot), its queries interleaving with the
 * shop's between batches. The pause is the checkpoint and the copy, not the
 * whole file. The copy needs as much free disk as the folder, for the
 * length of the backup.
 */
export async function createBackupFromFolderCopy(
  db: Database,
  { pgliteFolder, file, migrations }: { pgliteFolder: string; file: string; migrations: readonly CodeMigration[] },
): Promise<SnapshotBackupReport> {
  if (isCopying) throw new BackupError("Uma cópia de segurança já está em andamento: espere ela terminar.");
  isCopying = true;
  const parent = path.dirname(pgliteFolder);
  // A copy left by a backup killed halfway is never read again.
  for (const name of fs.readdirSync(parent)) {
    if (name.startsWith(SNAPSHOT_PREFIX)) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  const copy = fs.mkdtempSync(path.join(parent, SNAPSHOT_PREFIX));
  try {
    const heldMs = await db.transaction(async (tx) => {
      const startedAt = performance.now();
      await tx.execute(sql`checkpoint`);
      // Recovery starts at the checkpoint's redo point: older segments, and the recycled ones past the end
      // of the log, are not needed (PGlite keeps up to a gigabyte of them).
      const [wal] = (
        await tx.execute(
          sql`select pg_walfile_name(redo_lsn) as first, pg_walfile_name(pg_current_wal_insert_lsn()) as last from pg_control_checkpoint()`,
        )
      ).rows as { first: string; last: string }[];
      const walFolder = path.join(pgliteFolder, "pg_wal");
      const isUnneededWal = (source: string) => {
        const name = path.basename(source);
        return path.dirname(source) === walFolder && WAL_SEGMENT.test(name) && (name < wal!.first || name > wal!.last);
      };
      fs.cpSync(pgliteFolder, copy, {
        recursive: true,
        mode: fs.constants.COPYFILE_FICLONE,
        filter: (source) => !isUnneededWal(source),
      });
      return performance.now() - startedAt;
    });
    const client = openPglite(copy);
    try {
      await client.waitReady;
      const report = await createBackup(drizzlePglite({ client }) as unknown as Database, {
        file,
        database: "pglite",
        migrations,
      });
      return { ...report, heldMs };
    } finally {
      await client.close();
    }
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
    isCopying = false;
  }
}
