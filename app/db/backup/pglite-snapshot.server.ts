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

/**
 * Room the checkpoint itself needs beside the copy (a new WAL segment, the
 * control file, PGlite's small files). A CHECKPOINT that fails for want of
 * space leaves PGlite stuck: every later query of the server waits for
 * good, until a restart (found by `npm run proof:disk`). So the backup
 * looks before it starts one.
 */
const CHECKPOINT_ROOM_BYTES = 16 * 1024 ** 2;

/** Bytes of the folder's files, the write-ahead log left out (only its tail is copied). */
function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "pg_wal") total += folderBytes(full);
    } else if (entry.isFile()) total += fs.statSync(full).size;
  }
  return total;
}

const megabytes = (bytes: number) => Math.ceil(bytes / 1024 ** 2).toLocaleString("pt-BR");

/** Refuses, before the CHECKPOINT, a copy the disk cannot hold. */
export function ensureRoomForFolderCopy(pgliteFolder: string) {
  const stats = fs.statfsSync(path.dirname(pgliteFolder));
  const free = stats.bavail * stats.bsize;
  const needed = folderBytes(pgliteFolder) + CHECKPOINT_ROOM_BYTES;
  if (free < needed) {
    throw new BackupError(
      `Não há espaço no disco para a cópia de segurança: ela precisa de ${megabytes(needed)} MB livres na pasta de dados e restam ${megabytes(free)} MB. Libere espaço (cópias antigas podem ir para outro disco) e tente de novo.`,
    );
  }
}

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
 * length of the backup: without it the backup is refused before the
 * checkpoint.
 */
export async function createBackupFromFolderCopy(
  db: Database,
  { pgliteFolder, file, migrations }: { pgliteFolder: string; file: string; migrations: readonly CodeMigration[] },
): Promise<SnapshotBackupReport> {
  if (isCopying) throw new BackupError("Uma cópia de segurança já está em andamento: espere ela terminar.");
  const parent = path.dirname(pgliteFolder);
  // A copy left by a backup killed halfway is never read again.
  for (const name of fs.readdirSync(parent)) {
    if (name.startsWith(SNAPSHOT_PREFIX)) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  ensureRoomForFolderCopy(pgliteFolder);
  isCopying = true;
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
