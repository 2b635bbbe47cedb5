import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertSingletonStoreFound, closeOpenDatabase } from "../support/database";
import { copyPgliteTemplate } from "../support/pglite-template";
import { readBackupText, snapshotDatabase, summarizeSnapshot, writeBackupText } from "./backups-app";

/**
 * `npm run db:backup` and `npm run db:restore` as an operator runs them, on
 * PGlite in temporary folders: with the server stopped (the script opens
 * the folder), with a server running (this test process plays it: it holds
 * the folder and answers on DATA_DIR/admin.sock with the server's own
 * handler, so the backup is written by it and a restore is refused), and
 * restores into new folders.
 */
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const baseDir = process.env.DATA_DIR ?? "";
const shopDir = path.join(baseDir, "loja");
process.env.DATA_DIR = shopDir;
const SCRIPT_TIMEOUT_MS = 180_000;

type ScriptRun = { code: number | null; stdout: string; stderr: string };

function runScript(script: "db:backup" | "db:restore", args: string[], dataDir: string): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    // From another folder, as an operator would: relative names are theirs (npm passes it as INIT_CWD).
    const child = spawn("npm", ["run", "--silent", "--prefix", ROOT, script, "--", ...args], {
      cwd: baseDir,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function waitForFile(file: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`${file} não apareceu em ${timeoutMs} ms`);
    await delay(20);
  }
}

async function loadApp() {
  const [client, seed, adminSocket, adminCommands, lock, maintenance] = await Promise.all([
    import("~/db/client.server"),
    import("~/modules/demo/seed.server"),
    import("~/lib/admin-socket.server"),
    import("~/modules/accounts/admin-commands.server"),
    import("~/db/data-dir-lock.server"),
    import("~/db/backup/maintenance-database.server"),
  ]);
  return { client, seed, adminSocket, adminCommands, lock, maintenance };
}

describe("npm run db:backup e npm run db:restore (PGlite)", () => {
  let app: Awaited<ReturnType<typeof loadApp>>;
  let sourceSummary: ReturnType<typeof summarizeSnapshot>;
  let liveBackup: string;

  beforeAll(async () => {
    fs.mkdirSync(shopDir, { recursive: true });
    await copyPgliteTemplate(shopDir);
    app = await loadApp();
    await app.seed.seedDemoData();
    assertSingletonStoreFound();
    // The server stops: the folder is free for the scripts.
    await closeOpenDatabase();
  });

  afterAll(async () => {
    await closeOpenDatabase();
  });

  it(
    "com o servidor parado, db:backup abre a pasta, grava a cópia em DATA_DIR/backups e a devolve livre",
    async () => {
      const run = await runScript("db:backup", [], shopDir);
      expect(run.stderr).not.toMatch(/falhou|Error/);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/Cópia de segurança gravada e conferida/);
      // The demo's 40 orders and the warranty claim one of them opened.
      expect(run.stdout).toMatch(/service_orders\s+41\n/);
      const files = fs.readdirSync(path.join(shopDir, "backups"));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^balcao-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.balcao-backup\.gz$/);
      expect(run.stdout).toContain(path.join(shopDir, "backups", files[0]!));
      expect(await app.lock.dataDirHolder(shopDir)).toBeNull();
    },
    SCRIPT_TIMEOUT_MS,
  );

  it(
    "com o servidor rodando, db:backup pede a cópia ao servidor e db:restore se recusa a mexer na pasta",
    async () => {
      const db = await app.client.getDb();
      await db.execute(
        sql`insert into contact_messages (name, email, subject, message) values ('No ar', 'no-ar@example.com', 'Servidor rodando', 'gravada com o servidor no ar')`,
      );
      sourceSummary = summarizeSnapshot(await snapshotDatabase(db));
      const socket = app.adminSocket.startAdminSocket(shopDir, app.adminCommands.runAdminCommand);
      try {
        await waitForFile(app.adminSocket.adminSocketPath(shopDir));
        // A name relative to where the operator typed the command.
        const backup = await runScript("db:backup", ["--out", "copias/no-ar.balcao-backup.gz"], shopDir);
        expect(backup.code).toBe(0);
        liveBackup = path.join(baseDir, "copias", "no-ar.balcao-backup.gz");
        expect(backup.stdout).toContain(liveBackup);
        expect(backup.stdout).toMatch(/contact_messages\s+1\n/);
        expect(fs.existsSync(liveBackup)).toBe(true);

        const again = await runScript("db:backup", ["--out", liveBackup], shopDir);
        expect(again.code).toBe(1);
        expect(again.stderr).toMatch(/já existe/);

        const restore = await runScript("db:restore", [liveBackup], shopDir);
        expect(restore.code).toBe(1);
        expect(restore.stderr).toMatch(
          new RegExp(`O servidor \\(processo ${process.pid}\\) está usando a pasta .*: pare o servidor antes de restaurar`),
        );
        // The copies' outcomes were recorded for the owner's banner (the copy made, then the one refused)...
        const [status] = (await db.execute(sql`select last_success_at, last_failure_message from job_runs where name = 'backup'`))
          .rows;
        expect(status?.last_success_at).not.toBeNull();
        expect(String(status?.last_failure_message)).toMatch(/já existe/);
        // ...and nothing else changed: the refused restore left the database as it was.
        const after = summarizeSnapshot(await snapshotDatabase(db));
        delete after.tables.job_runs;
        const { job_runs: _before, ...sourceTables } = sourceSummary.tables;
        expect(after).toEqual({ ...sourceSummary, tables: sourceTables });
      } finally {
        await socket.close();
        await closeOpenDatabase();
      }
    },
    SCRIPT_TIMEOUT_MS,
  );

  it(
    "db:restore restaura numa pasta nova, criada por ele, com as mesmas linhas da cópia",
    async () => {
      const newDir = path.join(baseDir, "nova-loja");
      const restore = await runScript("db:restore", [liveBackup], newDir);
      expect(restore.stderr).not.toMatch(/falhou|Error/);
      expect(restore.code).toBe(0);
      expect(restore.stdout).toMatch(/Cópia de segurança restaurada/);
      expect(restore.stdout).toMatch(/unlock-code-key/);

      const opened = await app.maintenance.openMaintenanceDatabase({ kind: "pglite", dataDir: newDir }, { create: false });
      try {
        expect(summarizeSnapshot(await snapshotDatabase(opened.db))).toEqual(sourceSummary);
      } finally {
        await opened.close();
      }
    },
    SCRIPT_TIMEOUT_MS,
  );

  it(
    "db:restore recusa um arquivo corrompido ou de uma versão mais nova sem deixar pasta para trás; sem arquivo, mostra o uso",
    async () => {
      const damaged = path.join(baseDir, "corrompida.balcao-backup.gz");
      const bytes = fs.readFileSync(liveBackup);
      fs.writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
      const emptyDir = path.join(baseDir, "loja-vazia");
      const restore = await runScript("db:restore", [damaged], emptyDir);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toMatch(/corrompido ou incompleto/);
      expect(fs.existsSync(path.join(emptyDir, "pglite"))).toBe(false);

      // Sound file, refused once the database is open: the folder the restore made is removed.
      const { lines } = readBackupText(liveBackup);
      const header = JSON.parse(lines[0]!) as { migration: { createdAt: number; tag: string } };
      header.migration = { ...header.migration, createdAt: header.migration.createdAt + 1, tag: "9999_futura" };
      const newer = path.join(baseDir, "futura.balcao-backup.gz");
      writeBackupText(newer, lines.with(0, JSON.stringify(header)));
      const refused = await runScript("db:restore", [newer], emptyDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/versão mais nova do Balcão/);
      expect(fs.existsSync(path.join(emptyDir, "pglite"))).toBe(false);

      const usage = await runScript("db:restore", [], emptyDir);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/Uso: npm run db:restore -- <arquivo>/);
    },
    SCRIPT_TIMEOUT_MS,
  );
});
