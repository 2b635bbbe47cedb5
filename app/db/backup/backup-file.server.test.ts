import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError, type BackupHeader } from "./backup-format";
import { readBackup, verifyBackupFile, writeBackupLines } from "./backup-file.server";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "balcao-backup-file-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
let fileNumber = 0;
const nextFile = () => path.join(folder, `copia-${++fileNumber}.balcao-backup.gz`);

const HEADER: BackupHeader = {
  format: BACKUP_FORMAT,
  formatVersion: BACKUP_FORMAT_VERSION,
  appVersion: "0.1.0",
  createdAt: "2026-11-22T17:05:33.000Z",
  database: "pglite",
  serverVersion: "PostgreSQL 18",
  migration: { createdAt: 1795320511202, hash: "abc", tag: "0005_service_order_status_count_triggers" },
  tables: [
    {
      name: "customers",
      columns: [
        { name: "id", type: "integer", encoding: "text" },
        { name: "name", type: "text", encoding: "text" },
      ],
      rows: 3,
    },
    { name: "uploads", columns: [{ name: "bytes", type: "bytea", encoding: "base64" }], rows: 0 },
    { name: "notes", columns: [{ name: "text", type: "text", encoding: "text" }], rows: 2 },
  ],
  sequences: [{ name: "customers_id_seq", lastValue: "3", isCalled: true }],
};

const ROWS = {
  customers: ['["1","Ana"]', '["2",null]', '["3","São João \\"das\\" Neves 😀\\n"]'],
  notes: ['["a"]', '["b"]'],
};

function validLines(header: BackupHeader = HEADER) {
  return [
    JSON.stringify(header),
    '{"table":"customers"}',
    ...ROWS.customers,
    '{"table":"uploads"}',
    '{"table":"notes"}',
    ...ROWS.notes,
  ];
}

/** A file written outside the writer: these lines, then a trailer with the checksum they would have (or `trailer` as given). */
function writeRaw(lines: string[], trailer?: string | null) {
  const body = lines.map((line) => `${line}\n`).join("");
  const sha256 = createHash("sha256").update(body).digest("hex");
  const end = trailer === null ? "" : `${trailer ?? JSON.stringify({ end: BACKUP_FORMAT, sha256 })}\n`;
  const file = nextFile();
  fs.writeFileSync(file, gzipSync(body + end));
  return file;
}

async function collect(file: string) {
  const rows: Record<string, string[]> = {};
  const reader = readBackup(file);
  for (let next = await reader.next(); ; next = await reader.next()) {
    if (next.done) return { header: next.value, rows };
    (rows[next.value.table.name] ??= []).push(...next.value.lines);
  }
}

async function* batches(lines: string[]) {
  yield lines.slice(0, 2);
  yield lines.slice(2);
}

describe("arquivo de cópia de segurança", () => {
  it("grava e relê as linhas, tabela por tabela, com a soma de verificação", async () => {
    const file = nextFile();
    await writeBackupLines(file, batches(validLines()));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const { header, rows } = await collect(file);
    expect(header).toEqual(HEADER);
    expect(rows).toEqual(ROWS);
    expect(await verifyBackupFile(file)).toEqual(HEADER);
    const text = gunzipSync(fs.readFileSync(file)).toString("utf8");
    expect(text.split("\n").at(-2)).toMatch(/^\{"end":"balcao-backup","sha256":"[0-9a-f]{64}"\}$/);
  });

  it("nunca sobrescreve um arquivo existente", async () => {
    const file = nextFile();
    fs.writeFileSync(file, "não é meu");
    await expect(writeBackupLines(file, batches(validLines()))).rejects.toThrow();
    expect(fs.readFileSync(file, "utf8")).toBe("não é meu");
  });

  const damaged: [string, () => string, RegExp][] = [
    [
      "cortado ao meio",
      () => {
        const file = writeRaw(validLines());
        fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2));
        return file;
      },
      /corrompido ou incompleto/,
    ],
    [
      "com um byte trocado nos dados comprimidos",
      () => {
        const file = writeRaw(validLines());
        const bytes = fs.readFileSync(file);
        bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
        fs.writeFileSync(file, bytes);
        return file;
      },
      /corrompido ou incompleto/,
    ],
    [
      "com um valor alterado depois de gravado",
      () => {
        const file = writeRaw(validLines());
        const text = gunzipSync(fs.readFileSync(file)).toString("utf8").replace('"Ana"', '"Ane"');
        fs.writeFileSync(file, gzipSync(text));
        return file;
      },
      /soma de verificação não confere/,
    ],
    ["sem o final", () => writeRaw(validLines(), null), /falta o final do arquivo/],
    [
      "com uma linha a menos (soma refeita)",
      () => writeRaw(validLines().filter((line) => line !== '["b"]')),
      /linha 2 da tabela notes/,
    ],
    ["com uma linha a mais (soma refeita)", () => writeRaw([...validLines(), '["c"]']), /além das tabelas/],
    [
      "com uma linha de colunas a menos",
      () => writeRaw(validLines().map((line) => (line === '["1","Ana"]' ? '["1"]' : line))),
      /linha 1 da tabela customers/,
    ],
    [
      "com as tabelas fora de ordem",
      () => writeRaw(validLines().map((line) => (line === '{"table":"uploads"}' ? '{"table":"notes"}' : line))),
      /falta a tabela uploads/,
    ],
    ["vazio", () => writeRaw([], null), /corrompido ou incompleto/],
    [
      "que não é gzip",
      () => {
        const file = nextFile();
        fs.writeFileSync(file, "nome,telefone\nAna,11999990000\n");
        return file;
      },
      /corrompido ou incompleto/,
    ],
    ["de outro programa", () => writeRaw(['{"format":"outro"}']), /não é uma cópia de segurança do Balcão/],
    ["com cabeçalho incompleto", () => writeRaw([JSON.stringify({ ...HEADER, tables: "todas" })]), /cabeçalho inválido/],
    [
      "de um formato mais novo",
      () => writeRaw([JSON.stringify({ ...HEADER, formatVersion: BACKUP_FORMAT_VERSION + 1 })]),
      /formato mais novo/,
    ],
  ];

  it.each(damaged)("recusa um arquivo %s com uma mensagem clara", async (_name, make, message) => {
    const file = make();
    const error = await verifyBackupFile(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(message);
  });

  it("diz quando o arquivo não existe", async () => {
    await expect(verifyBackupFile(path.join(folder, "nada.gz"))).rejects.toThrow(/Arquivo não encontrado/);
  });
});
