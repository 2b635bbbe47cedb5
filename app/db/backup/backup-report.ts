import path from "node:path";
import { formatDateTime, shopTimestampForFileName } from "~/lib/dates";
import { BACKUP_FILE_SUFFIX, type BackupHeader } from "./backup-format";

const numbers = new Intl.NumberFormat("pt-BR");
const oneDecimal = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** DATA_DIR/backups/balcao-2026-11-22_14-05-33.balcao-backup.gz: names sort by the shop's date. */
export function defaultBackupFile(dataDir: string, now = new Date()) {
  return path.join(dataDir, "backups", `balcao-${shopTimestampForFileName(now)}${BACKUP_FILE_SUFFIX}`);
}

export function formatBytes(bytes: number) {
  if (bytes < 1024 * 1024) return `${oneDecimal.format(bytes / 1024)} kB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}

function formatSeconds(ms: number) {
  return `${oneDecimal.format(ms / 1000)} s`;
}

function rowCounts(header: BackupHeader) {
  const width = Math.max(5, ...header.tables.map(({ name }) => name.length));
  const total = header.tables.reduce((sum, { rows }) => sum + rows, 0);
  const line = (name: string, rows: number) => `  ${name.padEnd(width)}  ${numbers.format(rows).padStart(11)}`;
  return [...header.tables.map(({ name, rows }) => line(name, rows)), line("total", total)];
}

function migrationName(header: BackupHeader) {
  return header.migration.tag ?? String(header.migration.createdAt);
}

export function describeBackup({
  file,
  bytes,
  header,
  elapsedMs,
}: {
  file: string;
  bytes: number;
  header: BackupHeader;
  elapsedMs: number;
}) {
  return [
    `Cópia de segurança gravada e conferida em ${formatSeconds(elapsedMs)}:`,
    `  ${file}`,
    `  ${formatBytes(bytes)}, Balcão ${header.appVersion}, migração ${migrationName(header)}, banco ${header.database}`,
    "Linhas por tabela:",
    ...rowCounts(header),
  ].join("\n");
}

export function describeRestore({
  file,
  header,
  appliedAfter,
  elapsedMs,
}: {
  file: string;
  header: BackupHeader;
  appliedAfter: string[];
  elapsedMs: number;
}) {
  return [
    `Cópia de segurança restaurada em ${formatSeconds(elapsedMs)}:`,
    `  ${file}`,
    `  gravada em ${formatDateTime(header.createdAt)} (Balcão ${header.appVersion}, migração ${migrationName(header)}, banco ${header.database})`,
    appliedAfter.length > 0
      ? `Migrações aplicadas depois dos dados: ${appliedAfter.join(", ")}`
      : "Sem migrações novas a aplicar.",
    "Linhas por tabela:",
    ...rowCounts(header),
  ].join("\n");
}
