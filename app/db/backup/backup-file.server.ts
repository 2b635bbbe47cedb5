import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  BackupHeaderSchema,
  corruptFileError,
  isRowValues,
  TableMarkerSchema,
  TrailerSchema,
  type BackupHeader,
  type BackupTable,
} from "./backup-format";

const NEWLINE = 0x0a;
/** No row is this long (an upload is a few MB): a longer "line" is a damaged file, not data to hold in memory. */
const MAX_LINE_BYTES = 256 * 1024 * 1024;
const WRITE_CHUNK_BYTES = 1024 * 1024;

/** A name beside the final one: the final name only ever holds a complete, verified file. */
export function partialPathFor(file: string) {
  return `${file}.${randomBytes(4).toString("hex")}.partial`;
}

/** Lines, gzip-compressed, followed by the trailer holding the SHA-256 of every line before it. */
export async function writeBackupLines(file: string, batches: AsyncIterable<string[]>) {
  const hash = createHash("sha256");
  async function* encode() {
    let pending: string[] = [];
    let pendingLength = 0;
    const flush = () => {
      const chunk = Buffer.from(pending.join(""), "utf8");
      hash.update(chunk);
      pending = [];
      pendingLength = 0;
      return chunk;
    };
    for await (const lines of batches) {
      for (const line of lines) {
        pending.push(line, "\n");
        pendingLength += line.length + 1;
        if (pendingLength >= WRITE_CHUNK_BYTES) yield flush();
      }
    }
    if (pendingLength > 0) yield flush();
    yield Buffer.from(`${JSON.stringify({ end: BACKUP_FORMAT, sha256: hash.digest("hex") })}\n`, "utf8");
  }
  await pipeline(Readable.from(encode()), createGzip(), fs.createWriteStream(file, { flags: "wx", mode: 0o600, flush: true }));
}

/** Gives the checked file its final name, never replacing another, and makes the rename itself durable. */
export function publishBackupFile(partial: string, file: string) {
  if (fs.existsSync(file)) throw new BackupError(`O arquivo ${file} já existe: escolha outro nome.`);
  fs.renameSync(partial, file);
  const directory = fs.openSync(path.dirname(file), "r");
  try {
    fs.fsyncSync(directory);
  } finally {
    fs.closeSync(directory);
  }
}

function readError(file: string, error: unknown): Error {
  if (error instanceof BackupError) return error;
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === "ENOENT") return new BackupError(`Arquivo não encontrado: ${file}`);
  if (code === "EISDIR") return new BackupError(`${file} é uma pasta, não um arquivo de cópia de segurança.`);
  if (code?.startsWith("Z_") || message === "unexpected end of file") {
    return corruptFileError(file, code === "Z_DATA_ERROR" ? "os dados comprimidos estão danificados" : "termina antes do fim");
  }
  return new BackupError(`Não foi possível ler ${file}: ${message}`);
}

/**
 * The file's lines, decompressed, without the trailer; throws a BackupError
 * when the file is damaged, cut short or its checksum does not match. The
 * last line is held back until the next one arrives: only at the end of the
 * file is it known to be the trailer.
 */
export async function* readBackupLines(file: string): AsyncGenerator<string> {
  const source = fs.createReadStream(file);
  const gunzip = createGunzip();
  source.on("error", (error) => gunzip.destroy(error));
  const hash = createHash("sha256");
  let partial: Buffer[] = [];
  let partialLength = 0;
  let held: Buffer | null = null;
  try {
    for await (const chunk of source.pipe(gunzip) as AsyncIterable<Buffer>) {
      let start = 0;
      for (let newline = chunk.indexOf(NEWLINE); newline !== -1; newline = chunk.indexOf(NEWLINE, start)) {
        partial.push(chunk.subarray(start, newline));
        const line = partial.length === 1 ? partial[0]! : Buffer.concat(partial);
        partial = [];
        partialLength = 0;
        start = newline + 1;
        if (held) {
          hash.update(held).update("\n");
          yield held.toString("utf8");
        }
        held = line;
      }
      if (start < chunk.length) {
        partial.push(chunk.subarray(start));
        partialLength += chunk.length - start;
        if (partialLength > MAX_LINE_BYTES) throw corruptFileError(file, "linha longa demais");
      }
    }
  } catch (error) {
    throw readError(file, error);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  if (partialLength > 0 || !held) throw corruptFileError(file, "termina antes do fim");
  const trailer = TrailerSchema.safeParse(parseJson(held.toString("utf8")));
  if (!trailer.success) throw corruptFileError(file, "falta o final do arquivo");
  if (trailer.data.sha256 !== hash.digest("hex")) throw corruptFileError(file, "a soma de verificação não confere");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseHeader(file: string, line: string | undefined): BackupHeader {
  const json = line === undefined ? undefined : parseJson(line);
  const format = (json as { format?: unknown } | undefined)?.format;
  if (format !== BACKUP_FORMAT) throw new BackupError(`${file} não é uma cópia de segurança do Balcão.`);
  const version = (json as { formatVersion?: unknown }).formatVersion;
  if (typeof version === "number" && version > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${file} foi gravado num formato mais novo (versão ${version}) do que este Balcão lê (${BACKUP_FORMAT_VERSION}): atualize o Balcão antes de restaurar.`,
    );
  }
  const header = BackupHeaderSchema.safeParse(json);
  if (!header.success) throw corruptFileError(file, "cabeçalho inválido");
  return header.data;
}

export type BackupRows = { table: BackupTable; lines: string[] };
const BATCH_ROWS = 2_000;
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Reads a whole backup and checks its shape: the header, then each table of
 * the header in its order with exactly its row count, every row with one
 * value per column, then the checksum. Yields the rows in batches, as the
 * JSON text of each row (a restore passes it on as it is).
 */
export async function* readBackup(file: string): AsyncGenerator<BackupRows, BackupHeader> {
  const lines = readBackupLines(file);
  try {
    const header = parseHeader(file, (await lines.next()).value ?? undefined);
    for (const table of header.tables) {
      const marker = TableMarkerSchema.safeParse(parseJson((await lines.next()).value ?? ""));
      if (!marker.success || marker.data.table !== table.name) throw corruptFileError(file, `falta a tabela ${table.name}`);
      let batch: string[] = [];
      let batchBytes = 0;
      for (let row = 0; row < table.rows; row++) {
        const next = await lines.next();
        if (next.done || !isRowValues(parseJson(next.value), table.columns.length)) {
          throw corruptFileError(file, `linha ${row + 1} da tabela ${table.name} inválida ou ausente`);
        }
        batch.push(next.value);
        batchBytes += next.value.length;
        if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) {
          yield { table, lines: batch };
          batch = [];
          batchBytes = 0;
        }
      }
      if (batch.length > 0) yield { table, lines: batch };
    }
    if (!(await lines.next()).done) throw corruptFileError(file, "há linhas além das tabelas do cabeçalho");
    return header;
  } finally {
    await lines.return(undefined);
  }
}

/** Reads the whole file as a restore would, without a database: its header once every check has passed. */
export async function verifyBackupFile(file: string): Promise<BackupHeader> {
  const reader = readBackup(file);
  for (;;) {
    const next = await reader.next();
    if (next.done) return next.value;
  }
}
