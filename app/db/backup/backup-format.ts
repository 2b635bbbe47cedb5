import { z } from "zod";

/**
 * A backup is a gzip file of JSON lines, written by the app itself so that a
 * fresh machine needs nothing npm does not install (no pg_dump), and the same
 * for PGlite and PostgreSQL:
 *
 *   {"format":"balcao-backup", …header: migration level, tables, columns, row counts, sequences}
 *   {"table":"customers"}
 *   ["1","Ana","2026-01-02 10:00:00.123456+00",null,…]      one line per row
 *   …every table of the header, in its order…
 *   {"end":"balcao-backup","sha256":"…"}                  checksum of every line above
 *
 * A value is PostgreSQL's own text form of it (bytea as base64), so any type
 * round-trips exactly: the restore casts it back to the column's type.
 */
export const BACKUP_FORMAT = "balcao-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_FILE_SUFFIX = ".balcao-backup.gz";

/** How a column's values are written: PostgreSQL's text form, or base64 for bytea (a third of hex's overhead). */
export const COLUMN_ENCODINGS = ["text", "base64"] as const;
export type ColumnEncoding = (typeof COLUMN_ENCODINGS)[number];

const ColumnSchema = z.object({
  name: z.string().min(1),
  type: z.string().min(1),
  encoding: z.enum(COLUMN_ENCODINGS),
});

const TableSchema = z.object({
  name: z.string().min(1),
  columns: z.array(ColumnSchema).min(1),
  rows: z.number().int().nonnegative(),
});

/** A sequence's state as `setval(name, lastValue, isCalled)` takes it back. */
const SequenceSchema = z.object({
  name: z.string().min(1),
  lastValue: z.string().regex(/^-?\d+$/),
  isCalled: z.boolean(),
});

export const BackupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  appVersion: z.string(),
  createdAt: z.iso.datetime(),
  database: z.enum(["pglite", "postgres"]),
  serverVersion: z.string(),
  /** The last migration applied to the copied database (drizzle's __drizzle_migrations). */
  migration: z.object({ createdAt: z.number().int(), hash: z.string(), tag: z.string().nullable() }),
  tables: z.array(TableSchema),
  sequences: z.array(SequenceSchema),
});

export type BackupHeader = z.infer<typeof BackupHeaderSchema>;
export type BackupTable = BackupHeader["tables"][number];
export type BackupColumn = BackupTable["columns"][number];
export type BackupSequence = BackupHeader["sequences"][number];

export const TableMarkerSchema = z.strictObject({ table: z.string().min(1) });
export const TrailerSchema = z.strictObject({ end: z.literal(BACKUP_FORMAT), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

/**
 * What makes a backup or a restore stop: the message is for the person at the
 * terminal, in Portuguese, and says what to do.
 */
export class BackupError extends Error {
  override name = "BackupError";
}

export function corruptFileError(file: string, detail: string) {
  return new BackupError(
    `O arquivo ${file} está corrompido ou incompleto (${detail}). Nada foi restaurado; use outra cópia de segurança.`,
  );
}

/** One row's line: an array with one string or null per column. */
export function isRowValues(value: unknown, columnCount: number): value is (string | null)[] {
  return Array.isArray(value) && value.length === columnCount && value.every((cell) => cell === null || typeof cell === "string");
}
