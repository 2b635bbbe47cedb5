import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { atShopTime } from "~/lib/dates";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

async function loadModules() {
  const [db, auth, audit, log, filters, exporter, redaction, record] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/audit"),
    import("~/modules/audit/audit-log.server"),
    import("~/modules/audit/filters"),
    import("~/modules/audit/audit-export.server"),
    import("~/modules/audit/redaction.server"),
    import("~/modules/audit/record-audit.server"),
  ]);
  return {
    db: await db.getDb(),
    kind: db.databaseKind(),
    inTransaction: db.inTransaction,
    ...auth,
    ...audit,
    log,
    filters,
    exporter,
    redaction,
    record,
  };
}

const sorted = (values: number[]) => values.toSorted((a, b) => a - b);
/** The numbers of the 130 seeded entries that a filter keeps, in order. */
const expected = (keep: (n: number) => boolean) => sorted(Array.from({ length: 130 }, (_, n) => n).filter(keep));

const OWNER = { id: "owner-lia", name: "Lia Dona", email: "lia@loja.test" };
const STAFF = { id: "staff-rui", name: "Rui Balcão", email: "rui@loja.test" };

/**
 * The owner's audit log against a real database: newest first, paged by a
 * cursor with no entry lost or repeated, each filter finding exactly its
 * entries, the CSV the same rows, and the log append-only (the anonymiser's
 * redaction aside).
 */
export function defineAuditLogSuite(database: TestDatabase) {
  describeOnDatabase(database, "registro de auditoria", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    const filtersOf = (query: string) => app.filters.auditFiltersFromSearchParams(new URLSearchParams(query));

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      expect(app.kind).toBe(database);
      await app.db.insert(app.user).values([
        { ...OWNER, role: "owner" },
        { ...STAFF, role: "staff" },
      ]);
      // 130 entries over three days in November, alternating people and areas; several share a second.
      const rows = Array.from({ length: 130 }, (_, index) => {
        const day = index < 60 ? "2026-11-01" : index < 100 ? "2026-11-02" : "2026-11-03";
        const person = index % 2 === 0 ? OWNER : STAFF;
        const entity = index % 3 === 0 ? "sale" : index % 3 === 1 ? "finance-entry" : "service_order";
        return {
          actorUserId: person.id,
          actorLabel: person.email,
          action:
            entity === "sale" ? "sale.record" : entity === "finance-entry" ? "finance.entry.update" : "service-order.update",
          entity,
          entityId: String(1000 + (index % 7)),
          details: { n: index },
          createdAt: atShopTime(day, `${String(8 + Math.floor((index % 40) / 4)).padStart(2, "0")}:00`),
        };
      });
      await app.db.insert(app.auditLog).values(rows);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    async function everyPage(query: string) {
      const filters = filtersOf(query);
      const seen: number[] = [];
      let before: number | null = null;
      for (let page = 0; page < 10; page++) {
        const { rows, olderFrom } = await app.log.listAuditEntries(filters, before);
        seen.push(...rows.map((row) => Number(row.details.n)));
        if (olderFrom === null) return seen;
        before = olderFrom;
      }
      throw new Error("páginas demais");
    }

    it("pages newest first with no entry lost or repeated", async () => {
      const seen = await everyPage("");
      expect(seen).toHaveLength(130);
      expect(new Set(seen).size).toBe(130);
      const all = await app.db.select().from(app.auditLog);
      const byN = new Map(all.map((row) => [Number(row.details.n), row]));
      const times = seen.map((n) => byN.get(n)!.createdAt.getTime());
      expect(times).toEqual(times.toSorted((a, b) => b - a));
    });

    it("finds exactly the entries of a person, an area, a record and a period", async () => {
      expect(sorted(await everyPage(`pessoa=${STAFF.id}`))).toEqual(expected((n) => n % 2 === 1));
      expect(sorted(await everyPage("area=caixa"))).toEqual(expected((n) => n % 3 === 0));
      expect(sorted(await everyPage("area=financeiro&registro=1003"))).toEqual(expected((n) => n % 3 === 1 && n % 7 === 3));
      expect(sorted(await everyPage("de=2026-11-02&ate=2026-11-02"))).toEqual(expected((n) => n >= 60 && n < 100));
      // A period typed backwards is the same period.
      expect(sorted(await everyPage("de=2026-11-03&ate=2026-11-02"))).toEqual(expected((n) => n >= 60));
      // Unknown values are no filter, never an error.
      expect(await everyPage("pessoa=%27%3B--&area=__proto__&registro=abc&de=2026-02-30")).toHaveLength(130);
    });

    it("lists the team for the person filter, and nobody else", async () => {
      await app.db.insert(app.user).values({ id: "customer-ze", name: "Zé Cliente", email: "ze@cliente.test", role: "customer" });
      expect((await app.log.auditPeople()).map((person) => person.id)).toEqual([OWNER.id, STAFF.id]);
    });

    it("exports the filtered entries as CSV, the header and its BOM once, and the export is in the log", async () => {
      const owner = { userId: OWNER.id, label: OWNER.email };
      let csv = "";
      for await (const chunk of await app.exporter.exportAuditCsv(owner, filtersOf("area=caixa"))) csv += chunk;
      expect(csv.match(/\uFEFF/g)).toHaveLength(1);
      const lines = csv.trimEnd().split("\r\n");
      expect(lines[0]).toBe("\uFEFFQuando;Quem;O quê;Área;Registro;Detalhes;Ação (código)");
      expect(lines).toHaveLength(1 + 44);
      expect(lines.slice(1).every((line) => line.includes(";Registrou venda;Caixa e vendas;"))).toBe(true);
      const [recorded] = await app.db.select().from(app.auditLog).where(eq(app.auditLog.action, "audit.export"));
      expect(recorded).toMatchObject({ actorUserId: OWNER.id, entity: "audit_log", details: { filters: "area=caixa" } });
    });

    it("refuses to change or delete an entry, except the anonymiser's redaction", async () => {
      const countEntries = async () =>
        ((await app.db.execute(sql`select count(*)::int as count from audit_log`)).rows as [{ count: number }])[0].count;
      const entries = await countEntries();
      const [first] = await app.db.select().from(app.auditLog).limit(1);
      await expect(
        app.db.update(app.auditLog).set({ actorLabel: "outro" }).where(eq(app.auditLog.id, first!.id)),
      ).rejects.toThrow();
      await expect(app.db.delete(app.auditLog).where(eq(app.auditLog.id, first!.id))).rejects.toThrow();
      await expect(
        app.inTransaction(async (tx) => {
          await app.redaction.allowAuditRedactionInTx(tx);
          await tx.delete(app.auditLog).where(eq(app.auditLog.id, first!.id));
        }),
      ).rejects.toThrow();
      await app.inTransaction(async (tx) => {
        await app.redaction.allowAuditRedactionInTx(tx);
        await tx.update(app.auditLog).set({ actorLabel: "Cliente anonimizado nº 1" }).where(eq(app.auditLog.id, first!.id));
      });
      const [after] = await app.db.select().from(app.auditLog).where(eq(app.auditLog.id, first!.id));
      expect(after).toMatchObject({ actorLabel: "Cliente anonimizado nº 1", action: first!.action, createdAt: first!.createdAt });
      // The permission ended with its transaction.
      await expect(app.db.update(app.auditLog).set({ actorLabel: "x" }).where(eq(app.auditLog.id, first!.id))).rejects.toThrow();
      expect(await countEntries()).toBe(entries);
      // Writing new entries still works.
      await app.inTransaction((tx) => app.record.recordAudit(tx, { actorLabel: "teste", action: "x", entity: "y" }));
    });
  });
}
