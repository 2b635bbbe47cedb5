import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { copyPgliteTemplate } from "../support/pglite-template";

/**
 * Upgrades and kills on PGlite (issue 26 §2 and §4), each in processes of
 * their own as the server and the scripts run: a new version's migrations
 * find a backup taken first; a migration that fails, or a process killed
 * with SIGKILL in the middle of one, leaves the database as it was and the
 * previous version starts on it; a backup killed halfway leaves no file
 * under its final name and the next one works.
 */
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const SHIPPED = path.join(ROOT, "drizzle");
const folders: string[] = [];

function tempDir(prefix: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** The shipped migrations plus one more: what the next version brings. */
function nextVersionMigrations(tag: string, statements: string[]) {
  const folder = tempDir("balcao-migrations-");
  fs.cpSync(SHIPPED, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries[journal.entries.length - 1]!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 60_000, tag });
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  fs.writeFileSync(path.join(folder, `${tag}.sql`), statements.join("\n--> statement-breakpoint\n"));
  return folder;
}

function runScript(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", script), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "error", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

async function finished(child: ChildProcess) {
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, output };
}

async function withDatabase<T>(dataDir: string, work: (db: import("~/db/client.server").Database) => Promise<T>) {
  const { openMaintenanceDatabase } = await import("~/db/backup/maintenance-database.server");
  const database = await openMaintenanceDatabase({ kind: "pglite", dataDir }, { create: false });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

type Shape = { level: string; customers: number; probe: boolean; nickname: boolean };

async function shapeOf(dataDir: string): Promise<Shape> {
  return withDatabase(dataDir, async (db) => {
    const [row] = (
      await db.execute(sql`select
        (select max(created_at)::text from drizzle.__drizzle_migrations) as level,
        (select count(*)::int from customers) as customers,
        to_regclass('upgrade_probe') is not null as probe,
        exists (select 1 from information_schema.columns where table_name = 'customers' and column_name = 'nickname') as nickname`)
    ).rows as Shape[];
    return row!;
  });
}

/** A migrated shop with a customer: data a backup must keep. */
async function shopWithData() {
  const dataDir = tempDir("balcao-upgrade-");
  await copyPgliteTemplate(dataDir);
  await withDatabase(dataDir, (db) =>
    db.execute(sql`insert into customers (name, phone) values ('Cliente Antiga', '11987650001')`),
  );
  return dataDir;
}

function backupsIn(dataDir: string) {
  const folder = path.join(dataDir, "backups");
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
}

describe("atualizações e quedas no PGlite", () => {
  it("uma migração que falha: cópia antes, banco como estava, a versão anterior inicia", async () => {
    const dataDir = await shopWithData();
    const before = await shapeOf(dataDir);
    const broken = nextVersionMigrations("0999_quebrada", [
      "CREATE TABLE upgrade_probe (id integer)",
      "ALTER TABLE customers ADD COLUMN nickname text",
      "SELECT 1 / 0",
    ]);
    const failed = await finished(runScript("db-migrate.ts", [], { DATA_DIR: dataDir, MIGRATIONS_DIR: broken }));
    expect(failed.code, failed.output).not.toBe(0);
    expect(failed.output).toContain("division by zero");

    // The backup was taken before the migration ran, named after it.
    const [backup, ...others] = backupsIn(dataDir);
    expect(others).toEqual([]);
    expect(backup).toMatch(/^balcao-antes-de-0999_quebrada-.*\.balcao-backup\.gz$/);
    // Nothing of the failed migration stayed: not the table of its first statement, not the column of its second.
    expect(await shapeOf(dataDir)).toEqual(before);

    // The previous version (the shipped migrations) starts on it: nothing pending, nothing backed up again.
    const previous = await finished(runScript("db-migrate.ts", [], { DATA_DIR: dataDir, MIGRATIONS_DIR: SHIPPED }));
    expect(previous.code, previous.output).toBe(0);
    expect(backupsIn(dataDir)).toEqual([backup]);

    // The copy itself is a complete backup of the database as it was (its restore: backups suites, restore drill).
    const { verifyBackupFile } = await import("~/db/backup/backup-file.server");
    const header = await verifyBackupFile(path.join(dataDir, "backups", backup!));
    expect(header.tables.find((table) => table.name === "customers")?.rows).toBe(1);
    expect(String(header.migration.createdAt)).toBe(before.level);
    // The drill restores the latest backup of DATA_DIR/backups (this one) into a scratch folder and compares the counts.
    const drill = await finished(runScript("db-restore-drill.ts", [], { DATA_DIR: dataDir, MIGRATIONS_DIR: SHIPPED }));
    expect(drill.code, drill.output).toBe(0);
    expect(drill.output).toContain(backup!);
    expect(drill.output).toMatch(/Restauração de teste conferida: \d+ tabelas/);
  }, 240_000);

  it("SIGKILL no meio de uma migração: o banco como estava, e o servidor inicia", async () => {
    const dataDir = await shopWithData();
    const before = await shapeOf(dataDir);
    const slow = nextVersionMigrations("0999_demorada", [
      "CREATE TABLE upgrade_probe (id integer)",
      "INSERT INTO upgrade_probe SELECT generate_series(1, 500000000)",
    ]);
    const child = runScript("db-migrate.ts", [], { DATA_DIR: dataDir, MIGRATIONS_DIR: slow });
    const exited = finished(child);
    // The backup comes first; once it has its name the migration is under way.
    const deadline = Date.now() + 120_000;
    while (backupsIn(dataDir).filter((name) => name.endsWith(".gz")).length === 0) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`a migração não começou: ${(await exited).output}`);
      await delay(20);
    }
    await delay(1_000);
    expect(child.exitCode).toBeNull();
    child.kill("SIGKILL");
    expect((await exited).code).toBeNull();

    expect(await shapeOf(dataDir)).toEqual(before);
    const started = await finished(runScript("db-migrate.ts", [], { DATA_DIR: dataDir, MIGRATIONS_DIR: SHIPPED }));
    expect(started.code, started.output).toBe(0);
    expect(await shapeOf(dataDir)).toEqual(before);
  }, 240_000);

  it("SIGKILL no meio de uma cópia de segurança: nenhum arquivo com o nome final, e a próxima cópia funciona", async () => {
    const dataDir = await shopWithData();
    // Enough bytes that writing them takes a while: uploads of random (incompressible) data.
    await withDatabase(dataDir, async (db) => {
      await db.execute(sql`insert into uploads (id, purpose, source_format, source_width, source_height, source_bytes, uploaded_by_label)
        select 'prova-' || n, 'product', 'png', 1, 1, 1, 'prova' from generate_series(1, 8) n`);
      await db.execute(sql`insert into upload_variants (upload_id, format, width, height, byte_size, sha256, bytes)
        select 'prova-' || n, 'webp', 1, 1, 1, 'x',
          (select decode(string_agg(md5(random()::text || n || g), ''), 'hex') from generate_series(1, 6000) g)
        from generate_series(1, 8) n`);
    });
    const out = path.join(dataDir, "copias", "balcao.balcao-backup.gz");
    const child = runScript("db-backup.ts", ["--out", out], { DATA_DIR: dataDir });
    const exited = finished(child);
    const deadline = Date.now() + 120_000;
    const partials = () => (fs.existsSync(path.dirname(out)) ? fs.readdirSync(path.dirname(out)) : []);
    while (!partials().some((name) => name.endsWith(".partial"))) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`a cópia não começou: ${(await exited).output}`);
      await delay(10);
    }
    child.kill("SIGKILL");
    await exited;
    expect(fs.existsSync(out)).toBe(false);

    const again = await finished(runScript("db-backup.ts", ["--out", out], { DATA_DIR: dataDir }));
    expect(again.code, again.output).toBe(0);
    const { verifyBackupFile } = await import("~/db/backup/backup-file.server");
    const header = await verifyBackupFile(out);
    expect(header.tables.find((table) => table.name === "uploads")?.rows).toBe(8);
    expect(header.tables.find((table) => table.name === "customers")?.rows).toBe(1);
  }, 240_000);

  it("o ensaio de restauração recusa uma cópia danificada e diz quando não há cópia", async () => {
    const dataDir = tempDir("balcao-drill-");
    const none = await finished(runScript("db-restore-drill.ts", [], { DATA_DIR: dataDir }));
    expect(none.code).toBe(1);
    expect(none.output).toContain("Nenhuma cópia de segurança");
    const damaged = path.join(dataDir, "danificada.balcao-backup.gz");
    fs.writeFileSync(damaged, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00]));
    const refused = await finished(runScript("db-restore-drill.ts", [damaged], { DATA_DIR: dataDir }));
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(damaged);
  }, 60_000);
});
