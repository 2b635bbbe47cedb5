import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, type TestDatabase } from "../support/database";
import {
  createOlderMigrationsFolder,
  loadBackupApp,
  migrateWithDrizzle,
  readBackupText,
  snapshotDatabase,
  statusCounts,
  summarizeSnapshot,
  writeBackupText,
  type BackupApp,
  type Target,
} from "./backups-app";

const SPECIAL_TEXT =
  "aspas \" e ' apóstrofo, barra \\ invertida, \\x00 escrito, tab\t CR\r LF\n, controle \u0001\u001f, RTL مرحبا, família 👨‍👩‍👧‍👦, e\u0301 combinado, separadores \u2028\u2029, {chaves,vírgula}, NULL";
const FILLER_ROWS = 2_600;
/** Restores on PGlite run in WebAssembly: on a busy 2-core machine a round trip takes tens of seconds. */
const SLOW_TEST_MS = 180_000;
const RANDOM_BYTES = randomBytes(300_000).toString("hex");

/**
 * Rows the demo data does not have: every type of the test migration with
 * its awkward values, a reference to a row restored later (further than one
 * batch away, and a customer referred by a newer one), sequences with gaps
 * (deleted rows), rows of the auth tables.
 */
async function addAwkwardRows(db: Database) {
  await db.execute(sql`
    insert into backup_test_values
      (customer_id, bytes, document, plain_json, tags, numbers, at, local_at, day, amount, big, ratio, flag, count, label, note, span, uid)
    values
      ((select min(id) from customers),
       (select decode(string_agg(lpad(to_hex(i), 2, '0'), '' order by i), 'hex') from generate_series(0, 255) i),
       ${JSON.stringify({ emoji: "😀", nested: { list: [1, 2.5, "x", null, true] }, quote: 'a"b\\c', lines: "1\n2" })}::jsonb,
       '{"b": 1,  "a": 2, "a": 3}'::json,
       array['a,b', 'c"d', 'e\\f', 'NULL', '', ' espaço ', '{chaves}', null, ${SPECIAL_TEXT}],
       '{{1,2},{3,4}}',
       '2024-02-29 23:59:59.123456-03', '2024-01-01 12:34:56.789012', '2024-02-29',
       '1234567890.1234', '123456789012345678901234567890.123456789012345678901234567890', 0.1, true,
       4611686018427387903, 'São Paulo — “aspas” ’', ${SPECIAL_TEXT}, '1 year 2 mons 3 days 04:05:06.789',
       'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'),
      (null, decode(${RANDOM_BYTES}, 'hex'), 'null'::jsonb, 'null'::json, '{}', '{}',
       'infinity', '-infinity', '0001-01-01 BC', '-0.0001', 'NaN', 'NaN', false,
       -4611686018427387904, '', '', '-1 day', null),
      (null, '\\x', null, null, null, null, '-infinity', null, null, null, '1e-30', '-0', null, null, null, null, null, null),
      (null, null, '{}'::jsonb, '[]'::json, array[null]::text[], null, null, null, null, null, null, 'Infinity', null, 0, null,
       ${"😀".repeat(25_000)}, null, null)`);
  await db.execute(sql`
    insert into backup_test_values (note, count, at, ratio)
    select 'linha ' || i, i, timestamptz '2020-01-01 00:00:00+00' + i * interval '1 second 1 microsecond', 1.0 / i
    from generate_series(1, ${FILLER_ROWS}) i`);
  // A deleted last row leaves a gap in the identity sequence.
  await db.execute(sql`delete from backup_test_values where id = (select max(id) from backup_test_values)`);
  // The first row points at the last, more than one INSERT batch later; a few point back.
  await db.execute(sql`update backup_test_values set parent_id = (select max(id) from backup_test_values) where id = 1`);
  await db.execute(sql`update backup_test_values set parent_id = id - 1 where id between 10 and 20`);
  await db.execute(
    sql`insert into backup_test_log (message, at) values ('igual', '2026-01-01 10:00:00+00'), ('igual', '2026-01-01 10:00:00+00'), (null, null)`,
  );

  await db.execute(
    sql`update customers set referred_by_customer_id = (select max(id) from customers) where id = (select min(id) from customers)`,
  );
  await db.execute(sql`insert into audit_log (actor_label, action, entity, details, created_at)
    values ('teste', 'backup.test', 'backup', ${JSON.stringify({ ç: "😀", n: 1.5, deep: { a: [null] } })}::jsonb, '2026-03-04 05:06:07.891011+00')`);
  await db.execute(sql`insert into blog_posts (slug, title, tags, body_markdown)
    values ('tags-especiais', 'Tags especiais', array['a,b', 'c"d', 'e\\f', 'NULL', '', ' espaço ', null], ${SPECIAL_TEXT})`);
  await db.execute(sql`insert into contact_messages (name, email, subject, message) values
    ('Fica', 'fica@example.com', 'Fica', ${SPECIAL_TEXT}), ('Sai', 'sai@example.com', 'Sai', 'apagada')`);
  await db.execute(sql`delete from contact_messages where name = 'Sai'`);
  await db.execute(sql`insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
    values ('conta-teste', 'conta', 'credential', (select min(id) from "user"), 'hash-de-senha', '2026-01-02 03:04:05.678901', '2026-01-02 03:04:05.678901')`);
  await db.execute(sql`insert into session (id, expires_at, token, updated_at, user_id)
    values ('sessao-teste', '2027-01-01 00:00:00.000001', 'token-teste', '2026-01-02 03:04:05', (select min(id) from "user"))`);
}

function backupsDir() {
  return path.join(process.env.DATA_DIR ?? "", "backups");
}

/** A backup's row and table lines, without its header (which names the database it came from). */
function dataLines(file: string) {
  return readBackupText(file).lines.slice(1);
}

async function tableNames(db: Database) {
  const result = await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by 1`);
  return result.rows.map((row) => String(row.tablename));
}

/**
 * `npm run db:backup` / `db:restore` at the module level against a real
 * database: a full round trip compared row by row, the derived counts, the
 * sequences, refusals that change nothing, and migration levels. Each
 * *.test.ts file runs it for one database; the other driver is the
 * target of a cross round trip when both are available.
 */
const UPLOADER: Actor = { userId: null, label: "dona@loja.test", role: "owner" };

export function defineBackupSuite(database: TestDatabase) {
  const otherDatabase: TestDatabase = database === "pglite" ? "postgres" : "pglite";
  const canCross = otherDatabase === "pglite" || Boolean(process.env.TEST_DATABASE_URL);

  describeOnDatabase(database, "cópia de segurança e restauração", () => {
    let app: BackupApp;
    let backupFile: string;
    let sourceSnapshot: Awaited<ReturnType<typeof snapshotDatabase>>;
    const targets: Target[] = [];
    const sequence = (name: string) => Number(sourceSnapshot.sequences[name]);

    async function newTarget(kind: TestDatabase = database, options: { migrated?: boolean } = {}) {
      const target = await app.createTarget(kind, options);
      targets.push(target);
      return target;
    }

    async function expectRefused(promise: Promise<unknown>, message: RegExp) {
      const error = await promise.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(app.BackupError);
      expect((error as Error).message).toMatch(message);
    }

    beforeAll(async () => {
      app = await loadBackupApp(database);
      expect(app.databaseKind).toBe(database);
      await app.seedDemoData();
      // An uploaded image: its bytes live in upload_variants and must come back bit for bit.
      const logo = await sharp({ create: { width: 300, height: 120, channels: 4, background: "#1e40af" } })
        .png()
        .toBuffer();
      await app.storeImageUpload(UPLOADER, { bytes: logo, purpose: "logo", originalName: "logo.png" });
      await addAwkwardRows(app.db);
      sourceSnapshot = await snapshotDatabase(app.db);
      fs.mkdirSync(backupsDir(), { recursive: true });
    }, SLOW_TEST_MS);

    afterAll(async () => {
      for (const target of targets) await target.drop();
      await closeOpenDatabase();
      await app?.dropDatabase?.();
    });

    it("grava a cópia com cada tabela do esquema public, as linhas contadas e o nível de migração", async () => {
      backupFile = path.join(backupsDir(), "loja.balcao-backup.gz");
      const report = await app.createBackup(app.db, { file: backupFile, database, migrations: app.codeMigrations });
      const { header } = report;
      expect(report.bytes).toBe(fs.statSync(backupFile).size);
      expect(header.migration).toEqual({
        createdAt: app.codeMigrations.at(-1)!.createdAt,
        hash: app.codeMigrations.at(-1)!.hash,
        tag: "9000_backup_test_values",
      });
      expect(header.tables.map(({ name }) => name).sort()).toEqual(await tableNames(app.db));
      for (const table of header.tables) expect(table.rows, table.name).toBe(sourceSnapshot.rows[table.name]!.length);
      expect(header.tables.find(({ name }) => name === "backup_test_values")?.rows).toBe(FILLER_ROWS + 3);
      // Uploads travel inside the backup: the logo's row, the demo products' photos, and each of their files.
      const photos = await app.db.execute(sql`select count(*)::int as total from products where photo_upload_id is not null`);
      const productPhotos = Number((photos.rows[0] as { total: number }).total);
      expect(productPhotos).toBeGreaterThan(0);
      expect(header.tables.find(({ name }) => name === "uploads")?.rows).toBe(1 + productPhotos);
      expect(header.tables.find(({ name }) => name === "upload_variants")?.rows).toBeGreaterThan(1);
      // A referenced table comes before the tables referencing it.
      const position = (name: string) => header.tables.findIndex((table) => table.name === name);
      expect(position("customers")).toBeLessThan(position("service_orders"));
      expect(position("customers")).toBeLessThan(position("backup_test_values"));
      expect(position("service_orders")).toBeLessThan(position("service_order_lines"));
      expect(header.tables.find(({ name }) => name === "backup_test_values")?.columns.map(({ name }) => name)).not.toContain(
        "doubled",
      );
      // Nothing is left beside it but the file itself (and the copy taken before the test's own migration ran).
      expect(fs.readdirSync(backupsDir()).filter((name) => !name.startsWith("balcao-antes-de-"))).toEqual([
        "loja.balcao-backup.gz",
      ]);
    });

    it(
      "restaura num banco vazio com cada linha, cada coluna e cada sequência iguais às da origem",
      async () => {
        const target = await newTarget();
        const report = await app.restoreBackup(target.db, { file: backupFile, migrations: app.codeMigrations });
        expect(report.appliedAfter).toEqual([]);
        const restored = await snapshotDatabase(target.db);
        expect(summarizeSnapshot(restored)).toEqual(summarizeSnapshot(sourceSnapshot));
        for (const [table, rows] of Object.entries(sourceSnapshot.rows)) expect(restored.rows[table], table).toEqual(rows);
      },
      SLOW_TEST_MS,
    );

    it("conta as ordens por status como na origem, sem contar duas vezes, e os gatilhos voltam a funcionar", async () => {
      const target = targets[0]!;
      const counts = await statusCounts(target.db);
      expect(counts.kept).toEqual(counts.counted);
      expect(counts.kept).toEqual((await statusCounts(app.db)).kept);
      expect(counts.kept.length).toBeGreaterThan(3);

      await target.db.execute(sql`insert into service_orders (tracking_code, customer_id, device_type, reported_defect)
        values ('BKPTESTE', (select min(id) from customers), 'phone', 'Depois da restauração')`);
      const after = await statusCounts(target.db);
      expect(after.kept).toEqual(after.counted);
      expect(after.kept).not.toEqual(counts.kept);
    });

    it("numera os registros novos depois dos restaurados, sem reaproveitar números de linhas apagadas", async () => {
      const target = targets[0]!;
      const next = async (query: ReturnType<typeof sql>) => Number((await target.db.execute(query)).rows[0]?.id);
      expect(
        await next(
          sql`insert into contact_messages (name, email, subject, message) values ('Nova', 'n@example.com', 'Nova', 'x') returning id`,
        ),
      ).toBe(sequence("contact_messages_id_seq") + 1);
      expect(await next(sql`insert into backup_test_values (note) values ('nova') returning id`)).toBe(
        sequence("backup_test_values_id_seq") + 1,
      );
      const [largest] = (await target.db.execute(sql`select max(id) as id from contact_messages where name <> 'Nova'`)).rows;
      expect(sequence("contact_messages_id_seq")).toBeGreaterThan(Number(largest?.id));
    });

    it("recusa restaurar num banco que já tem dados, sem mudar nada nele", async () => {
      const target = targets[0]!;
      const before = summarizeSnapshot(await snapshotDatabase(target.db));
      await expectRefused(app.restoreBackup(target.db, { file: backupFile, migrations: app.codeMigrations }), /não está vazio/);
      expect(summarizeSnapshot(await snapshotDatabase(target.db))).toEqual(before);
    });

    it(
      "recusa um arquivo corrompido, cortado ou adulterado e deixa o banco de destino como estava",
      async () => {
        const target = await newTarget(database, { migrated: true });
        const before = summarizeSnapshot(await snapshotDatabase(target.db));
        expect(before.migrations.length).toBe(app.codeMigrations.length - 1);

        const cut = path.join(backupsDir(), "cortada.balcao-backup.gz");
        fs.writeFileSync(cut, fs.readFileSync(backupFile).subarray(0, Math.floor(fs.statSync(backupFile).size * 0.9)));
        await expectRefused(
          app.restoreBackup(target.db, { file: cut, migrations: app.codeMigrations }),
          /corrompido ou incompleto/,
        );

        // Valid gzip and valid rows, one value changed after the checksum was written: caught only at the end.
        const { lines, trailer } = readBackupText(backupFile);
        const changed = path.join(backupsDir(), "adulterada.balcao-backup.gz");
        const lastRow = lines.findLastIndex((line) => line.startsWith("["));
        writeBackupText(changed, lines.with(lastRow, lines[lastRow]!.replace(/"[^"]*"/, '"999999"')), trailer);
        await expectRefused(
          app.restoreBackup(target.db, { file: changed, migrations: app.codeMigrations }),
          /soma de verificação/,
        );

        // A row the database refuses (a dangling reference), with a correct checksum.
        const dangling = path.join(backupsDir(), "referencia-solta.balcao-backup.gz");
        const header = JSON.parse(lines[0]!) as { tables: { name: string; columns: { name: string }[] }[] };
        const lineColumns = header.tables.find(({ name }) => name === "service_order_lines")!.columns.map(({ name }) => name);
        const firstLine = lines.indexOf('{"table":"service_order_lines"}') + 1;
        const row = JSON.parse(lines[firstLine]!) as string[];
        row[lineColumns.indexOf("order_id")] = "987654";
        writeBackupText(dangling, lines.with(firstLine, JSON.stringify(row)));
        await expectRefused(
          app.restoreBackup(target.db, { file: dangling, migrations: app.codeMigrations }),
          /recusou os dados da cópia: .*service_order_lines/,
        );

        expect(summarizeSnapshot(await snapshotDatabase(target.db))).toEqual(before);
      },
      SLOW_TEST_MS,
    );

    it("recusa uma cópia de uma versão mais nova do Balcão antes de tocar no banco", async () => {
      const target = targets[1]!;
      const before = summarizeSnapshot(await snapshotDatabase(target.db));
      const { lines } = readBackupText(backupFile);
      const header = JSON.parse(lines[0]!) as { migration: { createdAt: number; tag: string } };
      header.migration = { ...header.migration, createdAt: header.migration.createdAt + 1, tag: "9001_futura" };
      const newer = path.join(backupsDir(), "futura.balcao-backup.gz");
      writeBackupText(newer, lines.with(0, JSON.stringify(header)));
      await expectRefused(
        app.restoreBackup(target.db, { file: newer, migrations: app.codeMigrations }),
        /versão mais nova do Balcão/,
      );
      expect(summarizeSnapshot(await snapshotDatabase(target.db))).toEqual(before);
    });

    it(
      "restaura uma cópia de uma migração mais antiga e aplica as migrações novas sobre os dados",
      async () => {
        const olderFolder = createOlderMigrationsFolder(
          app.migrationsFolder,
          path.join(process.env.DATA_DIR ?? "", "older-migrations"),
          "0003_service_orders",
        );
        const older = await newTarget();
        await migrateWithDrizzle(older.db, database, olderFolder);
        await older.db.execute(
          sql`insert into "user" (id, name, email, role) values ('tecnico-antigo', 'Técnico', 't@example.com', 'staff')`,
        );
        await older.db.execute(
          sql`insert into customers (name, phone) values ('Cliente Antigo', '11911112222'), ('Outra Antiga', '')`,
        );
        await older.db
          .execute(sql`insert into service_orders (tracking_code, customer_id, status, technician_user_id, device_type, reported_defect)
          select 'ANTIGA' || i, (select min(id) from customers), (array['received', 'ready', 'ready', 'delivered'])[i], case when i > 2 then 'tecnico-antigo' end, 'phone', 'Tela'
          from generate_series(1, 4) i`);
        const olderSnapshot = await snapshotDatabase(older.db);
        const olderFile = path.join(backupsDir(), "antiga.balcao-backup.gz");
        const olderBackup = await app.createBackup(older.db, {
          file: olderFile,
          database,
          migrations: app.readCodeMigrations(olderFolder),
        });
        expect(olderBackup.header.migration.tag).toBe("0003_service_orders");
        expect(olderBackup.header.tables.map(({ name }) => name)).not.toContain("service_order_status_counts");

        // Already migrated past the backup: its level cannot be restored there.
        await expectRefused(
          app.restoreBackup(targets[1]!.db, { file: olderFile, migrations: app.codeMigrations }),
          /migrações mais novas/,
        );

        const target = await newTarget();
        const report = await app.restoreBackup(target.db, { file: olderFile, migrations: app.codeMigrations });
        expect(report.appliedAfter).toEqual(
          app.codeMigrations
            .slice(app.codeMigrations.findIndex(({ tag }) => tag === "0003_service_orders") + 1)
            .map(({ tag }) => tag),
        );
        const restored = await snapshotDatabase(target.db);
        expect(restored.migrations).toEqual(sourceSnapshot.migrations);
        // Every old value is back; columns added by later migrations hold their defaults.
        for (const [table, rows] of Object.entries(olderSnapshot.rows)) {
          expect(onlyColumnsOf(restored.rows[table] ?? [], rows), table).toEqual(onlyColumnsOf(rows, rows));
        }
        // Migration 0005 counted the restored orders when it ran after them.
        const counts = await statusCounts(target.db);
        expect(counts.kept).toEqual(["delivered/tecnico-antigo=1", "ready/=1", "ready/tecnico-antigo=1", "received/=1"]);
        expect(counts.kept).toEqual(counts.counted);
        // And the server's own migrator finds nothing left to do.
        await migrateWithDrizzle(target.db, database, app.migrationsFolder);
        expect((await snapshotDatabase(target.db)).migrations).toEqual(sourceSnapshot.migrations);
      },
      SLOW_TEST_MS,
    );

    it.skipIf(!canCross)(
      `restaura a mesma cópia no ${otherDatabase === "pglite" ? "PGlite" : "PostgreSQL"}, e a cópia de lá volta igual`,
      async () => {
        const other = await newTarget(otherDatabase);
        await app.restoreBackup(other.db, { file: backupFile, migrations: app.codeMigrations });
        const crossed = await snapshotDatabase(other.db);
        expect(summarizeSnapshot(crossed)).toEqual(summarizeSnapshot(sourceSnapshot));
        for (const [table, rows] of Object.entries(sourceSnapshot.rows)) expect(crossed.rows[table], table).toEqual(rows);

        const backAgain = path.join(backupsDir(), "volta.balcao-backup.gz");
        await app.createBackup(other.db, { file: backAgain, database: otherDatabase, migrations: app.codeMigrations });
        expect(dataLines(backAgain)).toEqual(dataLines(backupFile));
      },
      SLOW_TEST_MS,
    );
  });
}

/** Each row (a JSON object) reduced to the columns the older rows have, in their order. */
function onlyColumnsOf(rows: string[], olderRows: string[]): string[] {
  const columns = olderRows[0] ? Object.keys(JSON.parse(olderRows[0]) as object) : [];
  return rows.map((row) => {
    const values = JSON.parse(row) as Record<string, unknown>;
    return JSON.stringify(Object.fromEntries(columns.map((column) => [column, values[column]])));
  });
}
