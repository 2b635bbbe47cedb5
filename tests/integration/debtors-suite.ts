import { randomUUID } from "node:crypto";
import * as fc from "fast-check";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, formatDate, shopToday } from "~/lib/dates";
import { centsToInput, formatCents } from "~/lib/money";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";
import { routeArgs, unwrapRouteResult } from "./public-tracking-app";

const STAFF: Actor = { userId: "staff-devedores", label: "equipe@devedores.test", role: "staff" };
const CUSTOMER_ACTOR: Actor = { userId: "cliente-devedores", label: "cliente@devedores.test", role: "customer" };
const SHOP = {
  name: "Loja Conserto Rápido",
  legalName: "Conserto Rapido Ltda",
  cnpj: "12345678000195",
  address: "Rua das Flores, 123",
  city: "Campinas",
  state: "SP",
  pixKey: "pix@conserto-rapido.test",
  pixKeyType: "email" as const,
  // The owner confirmed these as the shop's real details (a charge must carry them: CDC art. 42-A).
  detailsConfirmedAt: new Date("2026-01-05T12:00:00Z"),
};

type DetailRoute = typeof import("~/routes/_staff/debtor");

async function loadModules() {
  const [
    client,
    auth,
    customers,
    orders,
    credit,
    audit,
    idempotency,
    settings,
    factory,
    queries,
    mutations,
    orderMutations,
    errors,
    session,
    settlement,
    letter,
  ] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/customers"),
    import("~/db/schema/service-orders"),
    import("~/db/schema/credit"),
    import("~/db/schema/audit"),
    import("~/db/schema/idempotency"),
    import("~/db/schema/shop-settings"),
    import("~/modules/demo/test-records.server"),
    import("~/modules/debtors/queries.server"),
    import("~/modules/debtors/mutations.server"),
    import("~/modules/service-orders/mutations.server"),
    import("~/lib/errors"),
    import("~/modules/accounts/session.server"),
    import("~/modules/credit/settlement.server"),
    import("~/modules/debtors/letter.server"),
  ]);
  return {
    client,
    db: await client.getDb(),
    tables: { ...auth, ...customers, ...orders, ...credit, ...audit, ...idempotency, ...settings },
    factory,
    queries,
    mutations,
    orderMutations,
    errors,
    session,
    settlement,
    letter,
    route: (await import("~/routes/_staff/debtor")) as DetailRoute,
  };
}

/**
 * /devedores against a real database: every source of debt reaches the list
 * and leaves it when paid, the ageing buckets' boundaries with a moved
 * "today", IOUs (recorded once, hostile forms refused without writing), the
 * contact log, the WhatsApp reminder's text, and one customer's page never
 * showing another's data. Each *.test.ts file runs it for one database.
 */
export function defineDebtorsSuite(database: TestDatabase) {
  describeOnDatabase(database, "devedores", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    const today = shopToday();

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      expect(app.client.databaseKind()).toBe(database);
      await app.db.insert(app.tables.user).values([
        { id: STAFF.userId!, name: "Equipe", email: STAFF.label, role: "staff" },
        { id: CUSTOMER_ACTOR.userId!, name: "Cliente", email: CUSTOMER_ACTOR.label, role: "customer" },
      ]);
      const settings = await import("~/modules/shop-settings/queries.server");
      await settings.getShopSettings(); // the row exists once read
      await app.db.update(app.tables.shopSettings).set(SHOP);
      settings.forgetCachedShopSettings();
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    let seed = 700;
    async function newCustomer(name: string, phone = "11987650000") {
      return app.factory.createTestCustomer(app.db, { name, phone }, seed++);
    }

    function iouForm(overrides: Record<string, string> = {}) {
      return {
        idempotencyKey: randomUUID(),
        description: "Película de vidro",
        amount: "45,00",
        incurredOn: today,
        dueDate: today,
        revenueSource: "products",
        ...overrides,
      };
    }

    /** Every row of the list, page by page, as the pager walks it. */
    async function allRows(
      onDay: string,
      filter: { search?: string; bucket?: "0-30" | "31-60" | "61-90" | "90+" | "upcoming" } = {},
    ) {
      const rows = [];
      for (let page = 1; ; page++) {
        const list = await app.queries.listDebtors(STAFF, { today: onDay, page, ...filter });
        rows.push(...list.rows);
        if (!list.hasNextPage) return rows;
      }
    }

    async function rowOf(customerId: number, onDay = today) {
      return (await allRows(onDay)).find((row) => row.customerId === customerId) ?? null;
    }

    async function written() {
      const counts = await Promise.all(
        [app.tables.debts, app.tables.debtContacts, app.tables.auditLog, app.tables.idempotencyKeys].map(async (table) => {
          const [row] = await app.db.select({ total: count() }).from(table);
          return row?.total ?? 0;
        }),
      );
      return counts;
    }

    it("uma OS entregue com saldo aparece nos devedores e sai quando é paga pelo pagamento da OS", async () => {
      const carla = await newCustomer("Carla Saldo Entrega", "11991110001");
      const deliveredAt = new Date(Date.now() - 40 * 86_400_000);
      const order = await app.factory.createTestServiceOrder(app.db, {
        customerId: carla.id,
        status: "delivered",
        seed: 801,
        createdAt: new Date(deliveredAt.getTime() - 5 * 86_400_000),
        overrides: { linesTotalCents: 30_000, discountCents: 1_000, paidCents: 9_000, deliveredAt, statusChangedAt: deliveredAt },
      });
      const row = await rowOf(carla.id);
      expect(row).toMatchObject({
        name: "Carla Saldo Entrega",
        overdueCents: 20_000,
        upcomingCents: 0,
        oldestOverdueDate: shopToday(deliveredAt),
        daysOverdue: 40,
        bucket: "31-60",
      });
      const detail = await app.queries.getCustomerDebts(STAFF, carla.id, today);
      expect(detail?.items).toEqual([
        expect.objectContaining({ source: "order", id: order.id, amountCents: 20_000, dueDate: shopToday(deliveredAt) }),
      ]);

      // Part of it first: still listed with what is left.
      const pay = (amount: string) =>
        app.orderMutations.addServiceOrderPayment(STAFF, order.id, {
          method: "debit",
          amount,
          paidAt: "",
          note: "",
          idempotencyKey: randomUUID(),
        });
      await pay("150,00");
      expect(await rowOf(carla.id)).toMatchObject({ overdueCents: 5_000 });
      await pay("50,00");
      expect(await rowOf(carla.id)).toBeNull();
    });

    it("faixas de atraso: 30/31, 60/61 e 90/91 dias com o dia de hoje movido", async () => {
      const bruno = await newCustomer("Bruno Faixas Atraso", "11991110002");
      const dueDate = "2026-03-10";
      await app.mutations.createDebt(
        STAFF,
        bruno.id,
        iouForm({ incurredOn: "2026-03-01", dueDate, amount: "100,00" }),
        "2026-03-05",
      );
      const cases: [number, string | null][] = [
        [0, null],
        [1, "0-30"],
        [30, "0-30"],
        [31, "31-60"],
        [60, "31-60"],
        [61, "61-90"],
        [90, "61-90"],
        [91, "90+"],
      ];
      for (const [days, bucket] of cases) {
        const onDay = addDays(dueDate, days);
        const row = await rowOf(bruno.id, onDay);
        expect({ days, bucket: row?.bucket, overdue: row?.overdueCents, late: row?.daysOverdue }).toEqual({
          days,
          bucket,
          overdue: bucket === null ? 0 : 10_000,
          late: days,
        });
        const detail = await app.queries.getCustomerDebts(STAFF, bruno.id, onDay);
        expect(detail?.bucket ?? null).toBe(bucket);
      }
      // Before it falls due it is only "a vencer".
      expect(await rowOf(bruno.id, "2026-03-09")).toMatchObject({ overdueCents: 0, upcomingCents: 10_000, bucket: null });
    });

    it("os totais por faixa somam o vencido de cada cliente daquela faixa, com busca e filtro", async () => {
      const onDay = "2027-06-30";
      const list = await app.queries.listDebtors(STAFF, { today: onDay, search: "", page: 1 });
      const everyone = await allRows(onDay);
      expect(everyone.filter((row) => row.bucket !== null)).toHaveLength(list.totals.overdueCustomers);
      // The late ones first, most overdue first; then those with nothing late.
      const firstOnTime = everyone.findIndex((row) => row.bucket === null);
      expect(everyone.slice(firstOnTime === -1 ? everyone.length : firstOnTime).every((row) => row.bucket === null)).toBe(true);
      const lateDates = everyone.flatMap((row) => (row.oldestOverdueDate ? [row.oldestOverdueDate] : []));
      expect(lateDates).toEqual([...lateDates].sort());
      expect(list.totals.overdueCents).toBe(everyone.reduce((sum, row) => sum + row.overdueCents, 0));
      for (const total of list.totals.buckets) {
        const inBucket = everyone.filter((row) => row.bucket === total.bucket);
        expect(total.customers).toBe(inBucket.length);
        expect(total.overdueCents).toBe(inBucket.reduce((sum, row) => sum + row.overdueCents, 0));
      }
      const filtered = await allRows(onDay, { bucket: "90+" });
      expect(filtered.map((row) => row.customerId).sort()).toEqual(
        everyone
          .filter((row) => row.bucket === "90+")
          .map((row) => row.customerId)
          .sort(),
      );
      expect((await allRows(onDay, { bucket: "upcoming" })).every((row) => row.bucket === null)).toBe(true);
      const searched = await app.queries.listDebtors(STAFF, { today: onDay, search: "Faixas Atraso", page: 1 });
      expect(searched.rows.map((row) => row.name)).toEqual(["Bruno Faixas Atraso"]);
      const nothing = await app.queries.listDebtors(STAFF, { today: onDay, search: "\u0000%_", page: 1 });
      expect(nothing.rows).toEqual([]);
    });

    it("parcelas de crediário abertas de um plano ativo entram; as de plano cancelado não", async () => {
      const dora = await newCustomer("Dora Crediário Aberto", "11991110003");
      const [debt] = await app.db
        .insert(app.tables.debts)
        .values({
          customerId: dora.id,
          kind: "iou",
          description: "origem do plano",
          amountCents: 30_000,
          incurredOn: "2026-01-01",
          dueDate: "2026-01-01",
          settledAt: new Date(),
          createdByLabel: "teste",
        })
        .returning({ id: app.tables.debts.id });
      const plan = async (status: "active" | "cancelled") => {
        const [row] = await app.db
          .insert(app.tables.creditPlans)
          .values({
            customerId: dora.id,
            debtId: debt!.id,
            status,
            cashPriceCents: 30_000,
            financedCents: 30_000,
            instalmentCount: 3,
            monthlyRateBasisPoints: 0,
            yearlyRateBasisPoints: 0,
            cetMonthlyBasisPoints: 0,
            cetYearlyBasisPoints: 0,
            contractDate: "2026-01-01",
            firstDueDate: "2026-02-01",
            instalmentCents: 10_000,
            totalCents: 30_000,
            lateFeeBasisPoints: 200,
            lateInterestMonthlyBasisPoints: 100,
            disclosure: {},
            offerValidUntil: "2026-01-03",
            createdByLabel: "teste",
          })
          .returning({ id: app.tables.creditPlans.id });
        await app.db.insert(app.tables.creditInstalments).values(
          ["2026-02-01", "2026-03-01", "2026-04-01"].map((dueDate, index) => ({
            planId: row!.id,
            customerId: dora.id,
            number: index + 1,
            dueDate,
            amountCents: 10_000,
            principalCents: 10_000,
            interestCents: 0,
            // The first one paid in full, the second in part.
            paidPrincipalCents: index === 0 ? 10_000 : index === 1 ? 4_000 : 0,
            settledAt: index === 0 ? new Date() : null,
          })),
        );
        return row!.id;
      };
      const activeId = await plan("active");
      await plan("cancelled");
      const row = await rowOf(dora.id, "2026-03-15");
      expect(row).toMatchObject({ overdueCents: 6_000, upcomingCents: 10_000, oldestOverdueDate: "2026-03-01", bucket: "0-30" });
      // Before any is due: among those with nothing late, by the next instalment's due date (walked through its index).
      expect(await rowOf(dora.id, "2026-01-15")).toMatchObject({
        overdueCents: 0,
        upcomingCents: 16_000,
        oldestDueDate: "2026-03-01",
        bucket: null,
      });
      const detail = await app.queries.getCustomerDebts(STAFF, dora.id, "2026-03-15");
      expect(detail?.items.map((item) => [item.source, item.id, item.number, item.amountCents])).toEqual([
        ["instalment", activeId, 2, 6_000],
        ["instalment", activeId, 3, 10_000],
      ]);
      expect(detail?.items[0]?.label).toBe(`Crediário nº ${activeId} — parcela 2 de 3`);
    });

    it("quem só tem parcelas a vencer aparece página a página pela próxima parcela, sem repetir nem pular ninguém", async () => {
      const onDay = "2030-01-10";
      const expected: { customerId: number; next: string }[] = [];
      for (let index = 0; index < 30; index++) {
        const customer = await newCustomer(`Parcelado Futuro ${index}`, `119911200${String(index).padStart(2, "0")}`);
        const [origin] = await app.db
          .insert(app.tables.debts)
          .values({
            customerId: customer.id,
            kind: "iou",
            description: "origem",
            amountCents: 12_000,
            incurredOn: "2030-01-01",
            dueDate: "2030-01-01",
            settledAt: new Date(),
            createdByLabel: "teste",
          })
          .returning({ id: app.tables.debts.id });
        // Ties on purpose: three customers share each first due date.
        const first = addDays(onDay, 1 + Math.floor(index / 3));
        const [plan] = await app.db
          .insert(app.tables.creditPlans)
          .values({
            customerId: customer.id,
            debtId: origin!.id,
            cashPriceCents: 12_000,
            financedCents: 12_000,
            instalmentCount: 12,
            monthlyRateBasisPoints: 0,
            yearlyRateBasisPoints: 0,
            cetMonthlyBasisPoints: 0,
            cetYearlyBasisPoints: 0,
            contractDate: "2030-01-01",
            firstDueDate: first,
            instalmentCents: 1_000,
            totalCents: 12_000,
            lateFeeBasisPoints: 200,
            lateInterestMonthlyBasisPoints: 100,
            disclosure: {},
            offerValidUntil: "2030-01-03",
            createdByLabel: "teste",
          })
          .returning({ id: app.tables.creditPlans.id });
        await app.db.insert(app.tables.creditInstalments).values(
          Array.from({ length: 12 }, (_, number) => ({
            planId: plan!.id,
            customerId: customer.id,
            number: number + 1,
            dueDate: addDays(first, number * 30),
            amountCents: 1_000,
            principalCents: 1_000,
            interestCents: 0,
          })),
        );
        expected.push({ customerId: customer.id, next: first });
      }
      const onTime = await allRows(onDay, { bucket: "upcoming" });
      const ours = new Set(expected.map((row) => row.customerId));
      const seen = onTime.filter((row) => ours.has(row.customerId));
      expected.sort((a, b) => a.next.localeCompare(b.next) || a.customerId - b.customerId);
      expect(seen.map((row) => [row.customerId, row.oldestDueDate, row.upcomingCents])).toEqual(
        expected.map((row) => [row.customerId, row.next, 12_000]),
      );
      // The whole on-time part is ordered by next due date, each customer once.
      const dates = onTime.map((row) => row.oldestDueDate);
      expect(dates).toEqual([...dates].sort());
      expect(new Set(onTime.map((row) => row.customerId)).size).toBe(onTime.length);
    });

    it("a lista lê do banco só a página e os totais, quantos forem os atrasados (issue 23: /devedores ≤ 50 ms)", async () => {
      const onDay = "2031-06-01";
      for (let index = 0; index < 45; index++) {
        const customer = await newCustomer(`Atrasado em Massa ${index}`, `119911300${String(index).padStart(2, "0")}`);
        await app.db.insert(app.tables.debts).values({
          customerId: customer.id,
          kind: "iou",
          description: "Fiado antigo",
          amountCents: 1_000 + index,
          incurredOn: "2031-01-01",
          dueDate: addDays("2031-01-10", index),
          createdByLabel: "teste",
        });
      }
      // Every statement's rows, as the database hands them over (turning rows into objects was the slow part on PGlite).
      const rowsRead: number[] = [];
      const list = await app.db.transaction(async (tx) => {
        const execute = tx.execute.bind(tx);
        (tx as { execute: typeof tx.execute }).execute = (async (query: Parameters<typeof tx.execute>[0]) => {
          const result = await execute(query);
          rowsRead.push(result.rows.length);
          return result;
        }) as typeof tx.execute;
        return app.queries.listDebtorsInTx(tx, { today: onDay, page: 2 });
      });
      expect(list.totals.overdueCustomers).toBeGreaterThanOrEqual(45);
      expect(list.rows).toHaveLength(app.queries.DEBTORS_PAGE_SIZE);
      expect(Math.max(...rowsRead)).toBeLessThanOrEqual(app.queries.DEBTORS_PAGE_SIZE + 1 + 4);
      // The same page as walking the whole list.
      const everyone = await allRows(onDay);
      expect(list.rows.map((row) => row.customerId)).toEqual(
        everyone.slice(app.queries.DEBTORS_PAGE_SIZE, 2 * app.queries.DEBTORS_PAGE_SIZE).map((row) => row.customerId),
      );
    });

    /** Each customer's late part as their own page reads it (getCustomerDebtsInTx, read by customer), most overdue first. */
    async function lateOneByOne(onDay: string) {
      const ids = (await app.db.select({ id: app.tables.customers.id }).from(app.tables.customers)).map((row) => row.id);
      const late = [];
      for (const id of ids) {
        const debt = await app.client.inTransaction((tx) => app.queries.getCustomerDebtsInTx(tx, id, onDay));
        if (debt && debt.overdueCents > 0) {
          late.push({
            customerId: id,
            overdueCents: debt.overdueCents,
            oldestOverdueDate: debt.oldestOverdueDate,
            bucket: debt.bucket,
          });
        }
      }
      return late.sort(
        (a, b) =>
          a.oldestOverdueDate!.localeCompare(b.oldestOverdueDate!) ||
          b.overdueCents - a.overdueCents ||
          a.customerId - b.customerId,
      );
    }

    it("os atrasados lidos de uma vez (ordem, faixas e totais) são os de cada cliente lido à parte, e o total do Painel", async () => {
      const base = await newCustomer("Mesmo Dia Comparado", "11991130001");
      const other = await newCustomer("Mesmo Dia Outro", "11991130002");
      // Two customers late since the same day with different amounts, one of them late in two sources.
      for (const [customer, amountCents] of [
        [base, 5_000],
        [other, 7_000],
      ] as const) {
        await app.db.insert(app.tables.debts).values({
          customerId: customer.id,
          kind: "iou",
          description: "Fiado comparado",
          amountCents,
          incurredOn: addDays(today, -70),
          dueDate: addDays(today, -61),
          createdByLabel: "teste",
        });
      }
      const deliveredAt = new Date(Date.now() - 12 * 86_400_000);
      await app.factory.createTestServiceOrder(app.db, {
        customerId: base.id,
        status: "delivered",
        seed: 1_301,
        overrides: { linesTotalCents: 4_321, discountCents: 0, paidCents: 0, deliveredAt, statusChangedAt: deliveredAt },
      });
      for (const onDay of [today, addDays(today, -31), addDays(today, 45), addDays(today, 400)]) {
        const expected = await lateOneByOne(onDay);
        const read = await app.client.inTransaction((tx) => app.queries.readLateCustomersInTx(tx, onDay));
        expect(read.rows, onDay).toEqual(expected);
        for (const total of read.buckets) {
          const inBucket = expected.filter((row) => row.bucket === total.bucket);
          expect(total, `${onDay} ${total.bucket}`).toEqual({
            bucket: total.bucket,
            customers: inBucket.length,
            overdueCents: inBucket.reduce((sum, row) => sum + row.overdueCents, 0),
          });
        }
        // The Painel's "em atraso" (its own narrower statement) and the list's totals: the same figures.
        const painel = await app.client.inTransaction((tx) => app.queries.overdueTotalsInTx(tx, onDay));
        expect(painel, onDay).toEqual({ overdueCents: read.overdueCents, overdueCustomers: read.overdueCustomers });
        // The list, page by page, starts with those customers in that order; a bucket's pages are that bucket's.
        const listed = await allRows(onDay);
        expect(listed.slice(0, expected.length).map((row) => [row.customerId, row.overdueCents, row.bucket])).toEqual(
          expected.map((row) => [row.customerId, row.overdueCents, row.bucket]),
        );
        expect(listed.slice(expected.length).every((row) => row.overdueCents === 0)).toBe(true);
        const sixtyOne = await allRows(onDay, { bucket: "61-90" });
        expect(sixtyOne.map((row) => row.customerId)).toEqual(
          expected.filter((row) => row.bucket === "61-90").map((row) => row.customerId),
        );
      }
      const ordered = (await lateOneByOne(today)).map((row) => row.customerId);
      // The same oldest day: the one owing more (a fiado and an order, 93,21 against 70,00) comes first.
      expect(ordered.indexOf(base.id)).toBeLessThan(ordered.indexOf(other.id));
    });

    it("a lista da página guarda os atrasados só até a próxima gravação: é sempre a de listDebtors", async () => {
      const pageList = (filter: { search?: string; bucket?: "31-60" | "upcoming"; page?: number } = {}) =>
        app.queries.listDebtorsForPage(STAFF, { today, ...filter });
      const fresh = (filter: { search?: string; bucket?: "31-60" | "upcoming"; page?: number } = {}) =>
        app.queries.listDebtors(STAFF, { today, ...filter });
      const same = async (filter: { search?: string; bucket?: "31-60" | "upcoming"; page?: number } = {}) =>
        expect(await pageList(filter)).toEqual(await fresh(filter));
      await same();
      await same({ bucket: "31-60" });
      await same({ bucket: "upcoming" });
      const nina = await newCustomer("Nina Guardada Renovada", "11991130003");
      const before = await pageList({ search: "Nina Guardada" });
      expect(before.rows).toEqual([]);
      // A fiado recorded through the app (a committed transaction): the kept reading gives way at once.
      await app.mutations.createDebt(
        STAFF,
        nina.id,
        iouForm({ incurredOn: addDays(today, -50), dueDate: addDays(today, -40), amount: "12,34" }),
      );
      const after = await pageList({ search: "Nina Guardada" });
      expect(after.rows).toEqual([expect.objectContaining({ customerId: nina.id, overdueCents: 1_234, bucket: "31-60" })]);
      expect(after.totals.overdueCents).toBe(before.totals.overdueCents + 1_234);
      await same();
      await same({ bucket: "31-60" });
      await same({ search: "Nina Guardada" });
      // Paid through the settlement: gone from the kept list too.
      const items = await app.settlement.listCustomerOpenItems(app.db, nina.id, today);
      await app.settlement.settleCustomerDebts(STAFF, nina.id, {
        items: items.map((item) => item.key),
        amount: "12,34",
        method: "pix",
        idempotencyKey: randomUUID(),
      });
      expect((await pageList({ search: "Nina Guardada" })).rows.filter((row) => row.overdueCents > 0)).toEqual([]);
      await same();
      await expect(app.queries.listDebtorsForPage(CUSTOMER_ACTOR, { today })).rejects.toBeInstanceOf(app.errors.ForbiddenError);
    });

    it("a página do devedor lê de uma vez o que as consultas separadas liam: contatos, aparelhos, itens e o lembrete", async () => {
      const olga = await newCustomer("Olga Leitura Unica", "11991130004");
      await app.mutations.createDebt(
        STAFF,
        olga.id,
        iouForm({ incurredOn: addDays(today, -20), dueDate: addDays(today, -9), amount: "80,00" }),
      );
      await app.mutations.createDebt(
        STAFF,
        olga.id,
        iouForm({ incurredOn: today, dueDate: addDays(today, 20), amount: "15,00" }),
      );
      for (const [day, note] of [
        [addDays(today, -3), "Primeiro contato"],
        [addDays(today, -1), "Segundo contato"],
      ] as const) {
        await app.mutations.recordDebtContact(STAFF, olga.id, { channel: "whatsapp", contactedAt: `${day}T09:15`, note });
      }
      const waiting = await app.factory.createTestServiceOrder(app.db, { customerId: olga.id, status: "ready", seed: 1_302 });
      const debt = (await app.queries.getCustomerDebts(STAFF, olga.id, today))!;
      const { debtContacts, serviceOrders, customers } = app.tables;
      // The statements the page made one by one before.
      const [customer] = await app.db
        .select({ id: customers.id, name: customers.name, phone: customers.phone })
        .from(customers)
        .where(eq(customers.id, olga.id));
      expect(debt.customer).toEqual(customer);
      const contacts = await app.db
        .select({
          id: debtContacts.id,
          contactedAt: debtContacts.contactedAt,
          note: debtContacts.note,
          owedCents: debtContacts.owedCents,
        })
        .from(debtContacts)
        .where(eq(debtContacts.customerId, olga.id))
        .orderBy(desc(debtContacts.contactedAt), desc(debtContacts.id));
      expect(debt.contacts.map(({ id, contactedAt, note, owedCents }) => ({ id, contactedAt, note, owedCents }))).toEqual(
        contacts.map((row) => ({ ...row, contactedAt: new Date(row.contactedAt).toISOString() })),
      );
      expect(debt.contacts.map((contact) => [contact.channel, contact.actorLabel])).toEqual([
        ["whatsapp", "Equipe"],
        ["whatsapp", "Equipe"],
      ]);
      const devices = await app.db
        .select({ orderId: serviceOrders.id, status: serviceOrders.status })
        .from(serviceOrders)
        .where(and(eq(serviceOrders.customerId, olga.id), isNull(serviceOrders.deliveredAt)))
        .orderBy(serviceOrders.id);
      expect(debt.devicesAwaitingPickup).toEqual(devices);
      expect(debt.devicesAwaitingPickup).toEqual([{ orderId: waiting.id, status: "ready" }]);
      expect(debt.items.map((item) => [item.source, item.dueDate, item.amountCents, item.label])).toEqual([
        ["debt", addDays(today, -9), 8_000, "Película de vidro"],
        ["debt", addDays(today, 20), 1_500, "Película de vidro"],
      ]);
      expect(debt).toMatchObject({ overdueCents: 8_000, upcomingCents: 1_500, bucket: "0-30" });
      // Without an instalment due nothing carries late charges: what the settlement asks today is what is owed.
      const [{ reminderFor }, { getShopSettings }] = await Promise.all([
        import("~/modules/debtors/reminder.server"),
        import("~/modules/shop-settings/queries.server"),
      ]);
      const reminder = await reminderFor(await getShopSettings(), debt);
      const dueToday = (await app.settlement.listCustomerOpenItems(app.db, olga.id, today))
        .filter((item) => item.dueDate <= today)
        .reduce((sum, item) => sum + item.dueCents, 0);
      expect(reminder).toMatchObject({
        amountCents: dueToday,
        lateChargesCents: 0,
        kind: "overdue",
        dueDate: addDays(today, -9),
      });
      expect(dueToday).toBe(8_000);
    });

    it("registra um fiado uma vez só, com auditoria, mesmo reenviado", async () => {
      const eva = await newCustomer("Eva Fiado Uma Vez", "11991110004");
      const form = iouForm({ amount: "1.234,56", description: "Capinha e carregador" });
      const before = await written();
      const first = await app.mutations.createDebt(STAFF, eva.id, form);
      const replay = await app.mutations.createDebt(STAFF, eva.id, form);
      expect(replay).toEqual({ debtId: first.debtId, isReplay: true });
      const after = await written();
      expect(after[0]).toBe(before[0]! + 1);
      expect(after[2]).toBe(before[2]! + 1);
      const [stored] = await app.db.select().from(app.tables.debts).where(eq(app.tables.debts.id, first.debtId));
      expect(stored).toMatchObject({
        customerId: eva.id,
        kind: "iou",
        amountCents: 123_456,
        paidCents: 0,
        revenueSource: "products",
        createdByLabel: STAFF.label,
      });
      await expect(app.mutations.createDebt(CUSTOMER_ACTOR, eva.id, iouForm())).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      await expect(app.mutations.createDebt(STAFF, 999_999, iouForm())).rejects.toBeInstanceOf(app.errors.NotFoundError);
      await expect(
        app.mutations.createDebt(STAFF, eva.id, iouForm({ incurredOn: addDays(today, 1), dueDate: addDays(today, 2) })),
      ).rejects.toMatchObject({ fieldErrors: { incurredOn: "A data da dívida não pode estar no futuro." } });
      await expect(app.mutations.createDebt(STAFF, eva.id, iouForm({ dueDate: addDays(today, -1) }))).rejects.toMatchObject({
        fieldErrors: { dueDate: "O vencimento não pode ser antes da data da dívida." },
      });
      expect(await written()).toEqual(after);
    });

    const hostileText = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom(
        "",
        " ",
        "\u0000",
        "0",
        "-1",
        "1e9",
        "999999999999",
        "NaN",
        "2026-02-30",
        "'; drop table debts;--",
        "😀".repeat(300),
      ),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
      fc.integer().map(String),
    );
    const formFields = (names: string[]) =>
      fc.dictionary(fc.constantFrom(...names, "intent", "extra"), hostileText, { maxKeys: names.length + 2 });

    async function postAction(customerId: string, fields: Record<string, string>) {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      const request = new Request(`http://localhost:3000/devedores/${customerId}`, { method: "POST", body });
      const base = routeArgs(request);
      base.context.set(app.session.sessionUserContext, { id: STAFF.userId!, email: STAFF.label, name: "Equipe", role: "staff" });
      const args = { ...base, params: { customerId } } as unknown as Parameters<DetailRoute["action"]>[0];
      try {
        return unwrapRouteResult(await app.route.action(args)).status;
      } catch (error) {
        // A thrown data(…, 404) is the not-found page; anything else is a fault.
        const status = unwrapRouteResult(error).status;
        if (!(error && typeof error === "object" && "type" in error)) throw error;
        return status;
      }
    }

    it("fiado e contato pelo formulário da página: nunca 500, e uma recusa não grava nada", async () => {
      const fabio = await newCustomer("Fábio Fuzz Formulário", "11991110005");
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("iou", "contact"),
          fc.oneof(
            formFields(["description", "amount", "incurredOn", "dueDate", "revenueSource", "idempotencyKey"]),
            formFields(["channel", "contactedAt", "note"]),
          ),
          fc.oneof(fc.constant(String(fabio.id)), hostileText),
          async (intent, fields, customerId) => {
            const before = await written();
            const status = await postAction(customerId, { ...fields, intent });
            expect([302, 400, 404, 409]).toContain(status);
            if (status !== 302) expect(await written()).toEqual(before);
          },
        ),
        { numRuns: 60 },
      );
    });

    it("o núcleo do fiado e do contato só recusa com InputError ou NotFound, sem gravar", async () => {
      const gil = await newCustomer("Gil Fuzz Núcleo", "11991110006");
      await fc.assert(
        fc.asyncProperty(fc.boolean(), fc.anything({ maxDepth: 2 }), async (isIou, input) => {
          const before = await written();
          try {
            if (isIou) await app.mutations.createDebt(STAFF, gil.id, input);
            else await app.mutations.recordDebtContact(STAFF, gil.id, input);
          } catch (error) {
            if (!(error instanceof app.errors.InputError || error instanceof app.errors.NotFoundError)) throw error;
            expect(await written()).toEqual(before);
          }
        }),
        { numRuns: 50 },
      );
    });

    it("o contato registrado aparece como último contato do devedor", async () => {
      const hugo = await newCustomer("Hugo Contato Registrado", "11991110007");
      await app.mutations.createDebt(STAFF, hugo.id, iouForm({ incurredOn: addDays(today, -10), dueDate: addDays(today, -5) }));
      const before = await written();
      await app.mutations.recordDebtContact(STAFF, hugo.id, {
        channel: "phone",
        contactedAt: `${addDays(today, -1)}T10:30`,
        note: "Prometeu pagar sexta.",
      });
      expect((await written())[1]).toBe(before[1]! + 1);
      const row = await rowOf(hugo.id);
      expect(row).toMatchObject({ lastContactChannel: "phone", bucket: "0-30", daysOverdue: 5 });
      expect(row?.lastContactAt).not.toBeNull();
      await expect(
        app.mutations.recordDebtContact(STAFF, hugo.id, { channel: "phone", contactedAt: `${addDays(today, 2)}T10:30` }),
      ).rejects.toMatchObject({ fieldErrors: { contactedAt: "A data do contato não pode estar no futuro." } });
    });

    it("o lembrete diz o valor, o nome, o endereço e o CNPJ da loja, traz o PIX e registra o contato", async () => {
      const iris = await newCustomer("Íris Lembrete WhatsApp", "21998887777");
      await app.mutations.createDebt(
        STAFF,
        iris.id,
        iouForm({ amount: "80,00", incurredOn: addDays(today, -20), dueDate: addDays(today, -15) }),
      );
      await app.mutations.createDebt(
        STAFF,
        iris.id,
        iouForm({ amount: "70,50", incurredOn: addDays(today, -3), dueDate: addDays(today, -2) }),
      );
      // Not due yet: not asked for now.
      await app.mutations.createDebt(
        STAFF,
        iris.id,
        iouForm({ amount: "500,00", incurredOn: today, dueDate: addDays(today, 20) }),
      );
      const reminder = await app.mutations.sendDebtReminder(STAFF, iris.id);
      expect(reminder.amountCents).toBe(15_050);
      expect(reminder.message).toContain(formatCents(15_050));
      expect(reminder.message).toContain("Olá, Íris!");
      expect(reminder.message).toContain(SHOP.name);
      expect(reminder.message).toContain(SHOP.legalName);
      expect(reminder.message).toContain("Rua das Flores, 123, Campinas – SP");
      expect(reminder.message).toContain("CNPJ 12.345.678/0001-95");
      const pixCode = /\n(000201\S+)/.exec(reminder.message)?.[1];
      expect(pixCode).toBeDefined();
      expect(pixCode).toContain("5406150.50"); // BR Code field 54: six characters, the amount
      expect(reminder.whatsappUrl.startsWith("https://wa.me/5521998887777?text=")).toBe(true);
      expect(decodeURIComponent(reminder.whatsappUrl.split("?text=")[1]!)).toBe(reminder.message);
      const [contact] = await app.db
        .select()
        .from(app.tables.debtContacts)
        .where(eq(app.tables.debtContacts.id, reminder.contactId));
      expect(contact).toMatchObject({ customerId: iris.id, channel: "whatsapp", owedCents: 15_050 });

      // Without a PIX key of the shop's own, the message says to pay at the shop.
      await app.db.update(app.tables.shopSettings).set({ pixKey: null });
      const settings = await import("~/modules/shop-settings/queries.server");
      settings.forgetCachedShopSettings();
      const withoutPix = await app.mutations.sendDebtReminder(STAFF, iris.id);
      expect(withoutPix.message).not.toContain("000201");
      expect(withoutPix.message).toContain("procure a loja");
      await app.db.update(app.tables.shopSettings).set({ pixKey: SHOP.pixKey });
      settings.forgetCachedShopSettings();

      // Before the owner confirms the shop's details they are the demo's: no charge goes out under a fictional CNPJ.
      await app.db.update(app.tables.shopSettings).set({ detailsConfirmedAt: null });
      settings.forgetCachedShopSettings();
      const beforeUnconfirmed = await written();
      await expect(app.mutations.sendDebtReminder(STAFF, iris.id)).rejects.toThrow(/Confirme os dados da loja/);
      expect(await written()).toEqual(beforeUnconfirmed);
      await app.db.update(app.tables.shopSettings).set({ detailsConfirmedAt: SHOP.detailsConfirmedAt });
      settings.forgetCachedShopSettings();

      const nobody = await newCustomer("Júlio Nada Deve", "11991110008");
      const before = await written();
      await expect(app.mutations.sendDebtReminder(STAFF, nobody.id)).rejects.toBeInstanceOf(app.errors.InputError);
      expect(await written()).toEqual(before);
    });

    it("o lembrete e a carta pedem o valor de hoje com multa e juros do crediário, dizem até quando vale, e pagá-lo tira o cliente do atraso", async () => {
      const lia = await newCustomer("Lia Lembrete com Juros", "21998886666");
      const [origin] = await app.db
        .insert(app.tables.debts)
        .values({
          customerId: lia.id,
          kind: "iou",
          description: "origem do plano",
          amountCents: 20_000,
          incurredOn: addDays(today, -80),
          dueDate: addDays(today, -80),
          settledAt: new Date(),
          createdByLabel: "teste",
        })
        .returning({ id: app.tables.debts.id });
      const [plan] = await app.db
        .insert(app.tables.creditPlans)
        .values({
          customerId: lia.id,
          debtId: origin!.id,
          status: "active",
          cashPriceCents: 20_000,
          financedCents: 20_000,
          instalmentCount: 2,
          monthlyRateBasisPoints: 0,
          yearlyRateBasisPoints: 0,
          cetMonthlyBasisPoints: 0,
          cetYearlyBasisPoints: 0,
          contractDate: addDays(today, -80),
          firstDueDate: addDays(today, -50),
          instalmentCents: 10_000,
          totalCents: 20_000,
          lateFeeBasisPoints: 200,
          lateInterestMonthlyBasisPoints: 100,
          disclosure: {},
          offerValidUntil: addDays(today, -78),
          createdByLabel: "teste",
        })
        .returning({ id: app.tables.creditPlans.id });
      await app.db.insert(app.tables.creditInstalments).values(
        [addDays(today, -50), addDays(today, -20)].map((dueDate, index) => ({
          planId: plan!.id,
          customerId: lia.id,
          number: index + 1,
          dueDate,
          amountCents: 10_000,
          principalCents: 10_000,
          interestCents: 0,
        })),
      );
      // A fiado due long ago (no late charges) and one not yet due (not asked for now).
      await app.mutations.createDebt(
        STAFF,
        lia.id,
        iouForm({ amount: "43,00", incurredOn: addDays(today, -40), dueDate: addDays(today, -30) }),
      );
      await app.mutations.createDebt(STAFF, lia.id, iouForm({ amount: "99,00", incurredOn: today, dueDate: addDays(today, 10) }));

      const withoutCharges = 10_000 + 10_000 + 4_300;
      const settlement = await app.settlement.getCustomerSettlement(STAFF, lia.id, today);
      const dueNow = settlement!.items.filter((item) => item.dueDate <= today);
      const dueTodayCents = dueNow.reduce((sum, item) => sum + item.dueCents, 0);
      // The fee (2% of each late instalment) and interest since each due date: what paying today costs.
      expect(dueTodayCents).toBeGreaterThan(withoutCharges + 400);

      const reminder = await app.mutations.sendDebtReminder(STAFF, lia.id);
      expect(reminder.amountCents).toBe(dueTodayCents);
      expect(reminder.message).toContain(formatCents(dueTodayCents));
      expect(reminder.message).not.toContain(formatCents(withoutCharges));
      expect(reminder.message).toContain(`válido para pagamento até hoje, ${formatDate(today)}`);
      expect(reminder.message).toContain("de multa e juros de atraso das parcelas do crediário");
      const pixCode = /\n(000201\S+)/.exec(reminder.message)?.[1];
      const amountField = (dueTodayCents / 100).toFixed(2);
      expect(pixCode).toContain(`54${String(amountField.length).padStart(2, "0")}${amountField}`);

      const letter = await app.letter.printDebtReminderLetter(STAFF, lia.id, "a4", today);
      expect(letter.status).toBe("ready");
      const html = letter.status === "ready" ? letter.html : "";
      const amountText = formatCents(dueTodayCents).replace("R$\u00a0", "").replace("R$ ", "");
      expect(html, "o PIX da carta é o valor de hoje").toMatch(new RegExp(`PIX R\\$(\\s|&nbsp;|&#160;)${amountText}`));
      expect(html).toContain(`válido para pagamento até ${formatDate(today)}`);

      // Paying exactly what was asked, over what was due: nothing overdue is left.
      await app.settlement.settleCustomerDebts(STAFF, lia.id, {
        items: dueNow.map((item) => item.key),
        amount: centsToInput(reminder.amountCents),
        method: "pix",
        idempotencyKey: randomUUID(),
      });
      const after = await rowOf(lia.id);
      expect(after).toMatchObject({ overdueCents: 0, upcomingCents: 9_900 });
    });

    it("a página de um cliente nunca mostra dados de outro", async () => {
      const kiko = await newCustomer("Kiko Privado Primeiro", "11991110009");
      const lara = await newCustomer("Lara Segredo Segunda", "11991110010");
      await app.mutations.createDebt(STAFF, kiko.id, iouForm({ description: "Fone de ouvido do Kiko", amount: "33,33" }));
      await app.mutations.createDebt(STAFF, lara.id, iouForm({ description: "Tela da Lara", amount: "777,77" }));
      await app.mutations.recordDebtContact(STAFF, lara.id, {
        channel: "whatsapp",
        contactedAt: `${today}T00:01`,
        note: "Nota sigilosa da Lara",
      });
      const deliveredAt = new Date(Date.now() - 3 * 86_400_000);
      await app.factory.createTestServiceOrder(app.db, {
        customerId: lara.id,
        status: "delivered",
        seed: 901,
        overrides: { linesTotalCents: 12_345, discountCents: 0, paidCents: 0, deliveredAt },
      });

      const request = new Request(`http://localhost:3000/devedores/${kiko.id}`);
      const base = routeArgs(request);
      base.context.set(app.session.sessionUserContext, { id: STAFF.userId!, email: STAFF.label, name: "Equipe", role: "staff" });
      const args = { ...base, params: { customerId: String(kiko.id) } } as unknown as Parameters<DetailRoute["loader"]>[0];
      const page = unwrapRouteResult(await app.route.loader(args)).body;
      const text = JSON.stringify(page);
      expect(text).toContain("Fone de ouvido do Kiko");
      expect(text).toContain(formatCents(3_333));
      // Lara's amounts as the page would show them and as cents: a bare "777" could be part of a random key.
      const laraAmounts = ["777,77", '"amountCents":77777', "123,45", '"amountCents":12345'];
      for (const secret of ["Lara", "Tela da Lara", "Nota sigilosa", "11991110010", ...laraAmounts]) {
        expect(text).not.toContain(secret);
      }

      // Another customer's id in the address is that customer's page; an unknown id is a 404.
      const missing = await app.route
        .loader({ ...args, params: { customerId: "99999999" } } as unknown as Parameters<DetailRoute["loader"]>[0])
        .catch((error: unknown) => error);
      expect(unwrapRouteResult(missing).status).toBe(404);
    });
  });
}
