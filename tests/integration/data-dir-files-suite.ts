import fs from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

/**
 * Everything the server keeps in DATA_DIR (PGlite's files and write-ahead
 * log, secrets, the e-mail outbox, backups, sockets) is for the server's own
 * user alone: no group or other permission bit anywhere, from a fresh start,
 * and a folder left readable by an older version is repaired when the
 * server starts.
 */
const START_TIMEOUT_MS = 180_000;

/** Every entry under `root` (itself included) that group or others may read, write or enter. */
function exposedEntries(root: string): string[] {
  const exposed: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if ((stat.mode & 0o077) !== 0) exposed.push(`${(stat.mode & 0o777).toString(8)} ${path.relative(root, entry) || "."}`);
    if (stat.isDirectory()) for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
  };
  visit(root);
  return exposed;
}

/** What an older version left behind: everything readable and writable by anyone. */
function exposeEverything(root: string) {
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    fs.chmodSync(entry, stat.isDirectory() ? 0o777 : 0o666);
    if (stat.isDirectory()) for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
  };
  visit(root);
}

async function waitForFile(file: string) {
  while (!fs.existsSync(file)) await delay(20);
}

async function loadModules() {
  const [client, seed, email, secrets, backup, backupReport, migrations, adminSocket, adminCommands, auth] = await Promise.all([
    import("~/db/client.server"),
    import("~/modules/demo/seed.server"),
    import("~/lib/email.server"),
    import("~/lib/secrets.server"),
    import("~/db/backup/create-backup.server"),
    import("~/db/backup/backup-report"),
    import("~/db/backup/migrations.server"),
    import("~/lib/admin-socket.server"),
    import("~/modules/accounts/admin-commands.server"),
    import("~/modules/accounts/auth.server"),
  ]);
  return { client, seed, email, secrets, backup, backupReport, migrations, adminSocket, adminCommands, auth };
}

export function defineDataDirFilesSuite(database: TestDatabase) {
  describeOnDatabase(database, "arquivos de DATA_DIR só para o usuário do servidor", () => {
    // Not created here: the server makes it, as on a new machine.
    const dataDir = path.join(process.env.DATA_DIR ?? "", "dados");
    let dropDatabase: (() => Promise<void>) | undefined;
    let app: Awaited<ReturnType<typeof loadModules>>;

    beforeAll(async () => {
      process.env.DATA_DIR = dataDir;
      if (database === "postgres") dropDatabase = await openTestDatabase("postgres");
      app = await loadModules();
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    it(
      "numa pasta nova, banco, log de escrita, segredos, caixa de saída, cópias e sockets nascem sem permissão para grupo e outros",
      async () => {
        const db = await app.client.getDb();
        await app.seed.seedDemoData();
        await app.auth.getAuth();
        app.secrets.readOrCreateSecret("unlock-code-key");
        await app.email.sendEmail({ to: "cliente@example.com", subject: "Teste", text: "Olá" });
        await app.backup.createBackup(db, {
          file: app.backupReport.defaultBackupFile(dataDir),
          database: app.client.databaseKind(),
          migrations: app.migrations.readCodeMigrations(app.client.MIGRATIONS_FOLDER),
        });
        const socket = app.adminSocket.startAdminSocket(dataDir, app.adminCommands.runAdminCommand);
        try {
          await waitForFile(app.adminSocket.adminSocketPath(dataDir));
          // listen() then chmod: the reply to a command proves the chmod ran.
          await app.adminSocket.sendAdminCommand(dataDir, { command: "set-role", email: "ninguem@example.com", role: "staff" });
          const names = fs.readdirSync(dataDir);
          expect(names).toEqual(expect.arrayContaining(["secrets", "outbox", "backups", "admin.sock"]));
          if (database === "pglite") expect(fs.existsSync(path.join(dataDir, "pglite", "pg_wal"))).toBe(true);
          expect(exposedEntries(dataDir)).toEqual([]);
        } finally {
          await socket.close();
        }
      },
      START_TIMEOUT_MS,
    );

    it(
      "uma pasta deixada aberta por uma versão anterior é corrigida quando o servidor inicia",
      async () => {
        // The server stops; an older version had left everything open to everyone.
        await closeOpenDatabase();
        exposeEverything(dataDir);
        fs.writeFileSync(path.join(dataDir, "outbox", "antiga.eml"), "From: x", { mode: 0o644 });
        fs.chmodSync(path.join(dataDir, "outbox", "antiga.eml"), 0o666);
        expect(exposedEntries(dataDir).length).toBeGreaterThan(5);

        const db = await app.client.getDb();
        await app.email.sendEmail({ to: "cliente@example.com", subject: "Depois", text: "Olá de novo" });
        await db.execute(
          sql`insert into contact_messages (name, email, subject, message) values ('Depois', 'depois@example.com', 'Reinício', 'gravada depois do reinício')`,
        );
        expect(exposedEntries(dataDir)).toEqual([]);
      },
      START_TIMEOUT_MS,
    );
  });
}
