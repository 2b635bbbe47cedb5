import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import type { SystemCategoryKey } from "~/modules/finance/revenue-parts";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

const STAFF: Actor = { userId: null, label: "ana@loja.test", role: "staff" };
const CUSTOMER: Actor = { userId: null, label: "caio@cliente.test", role: "customer" };

async function loadModules() {
  const [client, finance, inventory, register, ledger, stockLedger, report, dates, errors] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/finance"),
    import("~/db/schema/inventory"),
    import("~/db/schema/cash-register"),
    import("~/modules/finance/ledger.server"),
    import("~/modules/inventory/stock-ledger.server"),
    import("~/modules/finance/report.server"),
    import("~/lib/dates"),
    import("~/lib/errors"),
  ]);
  return {
    db: await client.getDb(),
    kind: client.databaseKind(),
    inTransaction: client.inTransaction,
    tables: { ...finance, ...inventory, ...register },
    ledger,
    stockLedger,
    report,
    dates,
    errors,
  };
}

type Modules = Awaited<ReturnType<typeof loadModules>>;

/**
 * The month result against a real database, October 2026 posted by hand
 * through finance's posting core and the stock ledger, every line checked
 * against numbers worked out here: cash basis, cancelled entries and
 * categories outside the result left out, month boundaries in São Paulo.
 */
const byKey = (section: { lines: { systemKey: string | null; resultCents: number }[] }) =>
  Object.fromEntries(section.lines.map((line) => [line.systemKey, line.resultCents]));

export function defineFinanceReportSuite(database: TestDatabase) {
  describeOnDatabase(database, "resultado do mês", () => {
    let app: Modules;
    let dropDatabase: (() => Promise<void>) | undefined;
    let origin = 0;
    const nextOrigin = () => ({ kind: "teste-relatorio", id: ++origin });

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      expect(app.kind).toBe(database);
      await seedOctober();
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    /** Money received, split in parts, as a register entry posts it. */
    async function receive(
      method: "cash" | "pix" | "debit" | "credit",
      date: string,
      parts: { categoryKey: SystemCategoryKey; amountCents: number }[],
    ) {
      const total = parts.reduce(
        (sum, part) => sum + (part.categoryKey === "discounts" ? -part.amountCents : part.amountCents),
        0,
      );
      return app.inTransaction(async (tx) => {
        // A card payment's receivables hang on a register entry: write one as the register would (cash would need a register).
        const isCard = method === "debit" || method === "credit";
        const [entry] = isCard
          ? await tx
              .insert(app.tables.registerEntries)
              .values({ kind: "sale", method, amountCents: total, businessDate: date, actorLabel: STAFF.label })
              .returning({ id: app.tables.registerEntries.id })
          : [null];
        const postedOrigin = entry ? { kind: app.ledger.REGISTER_ENTRY_ORIGIN, id: entry.id } : nextOrigin();
        await app.ledger.postReceiptInTx(tx, STAFF, {
          origin: postedOrigin,
          method,
          date,
          description: `Venda de teste ${date}`,
          registerEntryId: entry?.id ?? null,
          parts,
        });
        return postedOrigin;
      });
    }

    /** An expense or other entry, paid on `paidDate` (null: still open) from the drawer. */
    async function post(categoryKey: SystemCategoryKey, amountCents: number, paidDate: string | null, dueDate = paidDate!) {
      await app.inTransaction(async (tx) =>
        app.ledger.postEntryInTx(tx, STAFF, {
          origin: nextOrigin(),
          categoryKey,
          amountCents,
          description: `Lançamento de teste ${categoryKey}`,
          paidDate,
          dueDate,
          accountId: paidDate === null ? null : await app.ledger.accountOfRoleInTx(tx, "cash-drawer"),
          counterparty: "Fornecedor Teste",
        }),
      );
    }

    /** A stock movement through the ledger, dated at a São Paulo time (the ledger stamps "now"; the test moves it). */
    async function move(
      productId: number,
      kind: "entry" | "sale" | "order-part" | "return" | "adjustment",
      quantity: number,
      day: string,
      time: string,
    ) {
      await app.inTransaction(async (tx) => {
        const moved = await app.stockLedger.recordStockMovementInTx(tx, STAFF, {
          productId,
          kind,
          quantity,
          unitCostCents: kind === "entry" || kind === "return" ? 3_000 : undefined,
          origin: "teste",
        });
        await tx
          .update(app.tables.stockMovements)
          .set({ createdAt: app.dates.atShopTime(day, time) })
          .where(eq(app.tables.stockMovements.id, moved.movementId));
      });
    }

    async function seedOctober() {
      const [drawer] = await app.db
        .update(app.tables.financeAccounts)
        .set({ openingBalanceCents: 100_000, openingDate: "2026-09-01" })
        .where(eq(app.tables.financeAccounts.kind, "cash-drawer"))
        .returning({ id: app.tables.financeAccounts.id });

      // Revenue: cash sale with a discount, PIX, a debit card (its fee is an expense), the month's last day.
      await receive("cash", "2026-10-05", [
        { categoryKey: "revenue-products", amountCents: 10_000 },
        { categoryKey: "revenue-services", amountCents: 5_000 },
        { categoryKey: "discounts", amountCents: 1_500 },
      ]);
      await receive("pix", "2026-10-12", [{ categoryKey: "revenue-printing-design", amountCents: 4_000 }]);
      await receive("debit", "2026-10-20", [{ categoryKey: "revenue-services", amountCents: 20_000 }]); // fee 1,99% = 398
      await receive("pix", "2026-10-31", [{ categoryKey: "revenue-products", amountCents: 3_000 }]);
      // Outside October: the day before and the day after.
      await receive("pix", "2026-09-30", [{ categoryKey: "revenue-products", amountCents: 8_888 }]);
      await receive("pix", "2026-11-01", [{ categoryKey: "revenue-products", amountCents: 7_777 }]);
      // Cancelled: counts nowhere.
      const cancelled = await receive("pix", "2026-10-15", [{ categoryKey: "revenue-services", amountCents: 9_999 }]);
      await app.inTransaction((tx) => app.ledger.cancelPostingsInTx(tx, STAFF, cancelled, "teste"));

      await post("returns", 2_000, "2026-10-22");
      await post("tax", 1_234, "2026-10-20");
      await post("third-party-costs", 2_500, "2026-10-08");
      await post("rent", 15_000, "2026-10-10");
      await post("credit-interest", 700, "2026-10-18");
      await post("bank-fees", 150, "2026-10-19");
      // Outside the result: cash only.
      await post("stock-purchases", 50_000, "2026-10-03");
      await post("capital-in", 100_000, "2026-10-02");
      // Open: no cash moved, so no result (cash basis); listed as overdue or due.
      await post("rent", 15_000, null, "2026-10-28");
      await post("utilities", 3_210, null, "2026-11-05");
      await post("software", 999, null, "2026-11-20");
      // A transfer between the shop's own accounts moves no total.
      await app.inTransaction(async (tx) =>
        app.ledger.postTransferInTx(tx, STAFF, {
          origin: nextOrigin(),
          fromAccountId: drawer!.id,
          toAccountId: await app.ledger.accountOfRoleInTx(tx, "withdrawal"),
          amountCents: 5_000,
          date: "2026-10-25",
          description: "Sangria de teste",
        }),
      );

      const [product] = await app.db
        .insert(app.tables.products)
        .values({ kind: "product", sku: "REL-1", name: "Capa de teste", slug: "capa-de-teste-rel", priceCents: 5_000 })
        .returning({ id: app.tables.products.id });
      const id = product!.id;
      await move(id, "entry", 10, "2026-09-20", "10:00"); // 10 at R$ 30,00: a purchase, not a cost
      await move(id, "sale", -1, "2026-09-30", "23:30"); // 02:30 UTC on 1 Oct, still September in São Paulo
      await move(id, "sale", -2, "2026-10-05", "12:00"); // 6 000
      await move(id, "order-part", -1, "2026-10-31", "23:59"); // 3 000 (02:59 UTC on 1 Nov)
      await move(id, "return", 1, "2026-10-22", "15:00"); // −3 000
      await move(id, "adjustment", -1, "2026-10-23", "09:00"); // a loss, not a cost of goods sold
      await move(id, "sale", -1, "2026-11-01", "00:00"); // November
    }

    it("adds each line of October from what was paid in October, and the cost of goods from the stock ledger", async () => {
      const result = await app.report.monthResultInTx(app.db, "2026-10");
      expect(byKey(result.grossRevenue)).toEqual({
        "revenue-services": 25_000, // 5 000 cash + 20 000 debit (the cancelled 9 999 left out)
        "revenue-products": 13_000, // 10 000 + 3 000 on the 31st (30 Sep and 1 Nov left out)
        "revenue-printing-design": 4_000,
      });
      expect(result.grossRevenue.totalCents).toBe(42_000);
      expect(byKey(result.deductions)).toEqual({ tax: -1_234, returns: -2_000, discounts: -1_500 });
      expect(result.netRevenueCents).toBe(37_266);
      expect(result.costOfGoods.stockLedgerCents).toBe(-6_000); // 2 × 3 000 + 3 000 − 3 000
      expect(byKey(result.costOfGoods)).toEqual({ "third-party-costs": -2_500 });
      expect(result.costOfGoods.totalCents).toBe(-8_500);
      expect(result.grossProfitCents).toBe(28_766);
      expect(byKey(result.operatingExpenses)).toEqual({ rent: -15_000, "card-fees": -398 });
      expect(result.operatingResultCents).toBe(13_368);
      expect(byKey(result.otherResults)).toEqual({ "credit-interest": 700, "bank-fees": -150 });
      expect(result.resultCents).toBe(13_918);

      // Revenue − cost of goods − expenses: nothing counted twice, stock purchases and capital nowhere.
      const expenses = 1_234 + 2_000 + 1_500 + 15_000 + 398 + 150 - 700;
      expect(result.resultCents).toBe(42_000 - 8_500 - expenses);
    });

    it("charts October's cash by day, stock purchases included, with the accounts' balance at each day's end", async () => {
      const days = await app.report.cashFlowByDayInTx(app.db, "2026-10");
      expect(days).toHaveLength(31);
      const day = (iso: string) => days.find((each) => each.day === iso)!;
      const opening = 100_000 + 8_888; // the drawer's opening balance and the PIX of 30 Sep
      expect(day("2026-10-01")).toEqual({ day: "2026-10-01", inCents: 0, outCents: 0, balanceCents: opening });
      expect(day("2026-10-03")).toMatchObject({ inCents: 0, outCents: 50_000, balanceCents: opening + 100_000 - 50_000 });
      expect(day("2026-10-05")).toMatchObject({ inCents: 15_000, outCents: 1_500 });
      expect(day("2026-10-15")).toMatchObject({ inCents: 0, outCents: 0 });
      expect(day("2026-10-20")).toMatchObject({ inCents: 20_000, outCents: 398 + 1_234 });
      const totalIn = 100_000 + 15_000 + 4_000 + 700 + 20_000 + 3_000;
      const totalOut = 50_000 + 1_500 + 2_500 + 15_000 + 150 + 398 + 1_234 + 2_000;
      expect(days.reduce((sum, each) => sum + each.inCents, 0)).toBe(totalIn);
      expect(days.reduce((sum, each) => sum + each.outCents, 0)).toBe(totalOut);
      expect(day("2026-10-31").balanceCents).toBe(opening + totalIn - totalOut);
    });

    it("sums the last 12 months with São Paulo's month boundaries for the stock ledger", async () => {
      const months = await app.report.lastTwelveMonthsInTx(app.db, "2026-11");
      expect(months.map((month) => month.month)).toEqual([
        "2025-12",
        "2026-01",
        "2026-02",
        "2026-03",
        "2026-04",
        "2026-05",
        "2026-06",
        "2026-07",
        "2026-08",
        "2026-09",
        "2026-10",
        "2026-11",
      ]);
      const of = (month: string) => months.find((each) => each.month === month)!;
      expect(of("2026-09")).toEqual({ month: "2026-09", revenueCents: 8_888, expensesCents: 3_000, resultCents: 5_888 });
      expect(of("2026-10")).toEqual({ month: "2026-10", revenueCents: 42_000, expensesCents: 28_082, resultCents: 13_918 });
      expect(of("2026-11")).toEqual({ month: "2026-11", revenueCents: 7_777, expensesCents: 3_000, resultCents: 4_777 });
      expect(of("2026-08")).toEqual({ month: "2026-08", revenueCents: 0, expensesCents: 0, resultCents: 0 });
    });

    it("lists open entries overdue and due this week, from the day it is given", async () => {
      const overdue = await app.report.overdueEntriesInTx(app.db, "2026-11-03");
      expect(overdue.entries.map((entry) => [entry.dueDate, entry.amountCents])).toEqual([["2026-10-28", 15_000]]);
      expect(overdue).toMatchObject({ count: 1, outCents: 15_000, inCents: 0 });
      const week = await app.report.entriesDueThisWeekInTx(app.db, "2026-11-03");
      expect(week.entries.map((entry) => [entry.dueDate, entry.amountCents, entry.categoryName])).toEqual([
        ["2026-11-05", 3_210, "Água, luz, telefone e internet"],
      ]);
      // A week later the first is overdue too, and the software bill is due.
      const later = await app.report.entriesDueThisWeekInTx(app.db, "2026-11-14");
      expect(later.entries.map((entry) => entry.amountCents)).toEqual([999]);
      expect((await app.report.overdueEntriesInTx(app.db, "2026-11-14")).count).toBe(2);
    });

    it("keeps the daily and monthly totals equal to the entries they sum as entries are paid, edited, cancelled and deleted", async () => {
      const recount = async () =>
        (
          await app.db.execute(
            sql`select coalesce(t.day, e.day) as day, coalesce(t.cents, 0) as totals, coalesce(e.cents, 0) as entries from
                (select to_char(day, 'YYYY-MM-DD') as day, sum(in_cents - out_cents)::bigint as cents from finance_daily_totals group by day) t
                full join (select to_char(paid_date, 'YYYY-MM-DD') as day,
                  sum(case when direction = 'in' then amount_cents else -amount_cents end)::bigint as cents
                  from finance_entries where paid_date is not null and cancelled_at is null group by paid_date) e on e.day = t.day
                where coalesce(t.cents, 0) <> coalesce(e.cents, 0)`,
          )
        ).rows;
      // The months are their days and hours summed (São Paulo's months for the stock hours).
      const recountMonths = async () => [
        ...(
          await app.db.execute(
            sql`select coalesce(m.month, d.month) as month, coalesce(m.cents, 0) as months, coalesce(d.cents, 0) as days from
                (select to_char(month, 'YYYY-MM') as month, category_id, sum(in_cents)::bigint * 1000003 + sum(out_cents)::bigint as cents
                  from finance_monthly_totals group by 1, 2) m
                full join (select to_char(day, 'YYYY-MM') as month, category_id,
                  sum(in_cents)::bigint * 1000003 + sum(out_cents)::bigint as cents
                  from finance_daily_totals group by 1, 2) d on d.month = m.month and d.category_id = m.category_id
                where coalesce(m.cents, 0) <> coalesce(d.cents, 0)`,
          )
        ).rows,
        ...(
          await app.db.execute(
            sql`select coalesce(m.month, h.month) as month, coalesce(m.cents, 0) as months, coalesce(h.cents, 0) as hours from
                (select to_char(month, 'YYYY-MM') as month, sum(cost_cents)::bigint as cents from finance_cost_of_goods_months group by 1) m
                full join (select to_char(hour at time zone 'America/Sao_Paulo', 'YYYY-MM') as month, sum(cost_cents)::bigint as cents
                  from finance_cost_of_goods_hours group by 1) h on h.month = m.month
                where coalesce(m.cents, 0) <> coalesce(h.cents, 0)`,
          )
        ).rows,
      ];
      const monthTotals = async (month: string) =>
        (
          await app.db.execute(
            sql`select coalesce(sum(in_cents - out_cents), 0)::bigint as cents from finance_monthly_totals where month = ${`${month}-01`}::date`,
          )
        ).rows;
      expect(await recount()).toEqual([]);
      expect(await recountMonths()).toEqual([]);
      const octoberTotals = await monthTotals("2026-10");
      expect(octoberTotals).not.toEqual([{ cents: 0 }]);
      const { financeEntries } = app.tables;
      const [open] = await app.db
        .select({ id: financeEntries.id })
        .from(financeEntries)
        .where(and(eq(financeEntries.amountCents, 999), isNull(financeEntries.paidDate)));
      const drawer = await app.inTransaction((tx) => app.ledger.accountOfRoleInTx(tx, "cash-drawer"));
      // Paying the software bill in November moves November's result, not October's.
      await app.db
        .update(financeEntries)
        .set({ paidDate: "2026-11-20", accountId: drawer })
        .where(eq(financeEntries.id, open!.id));
      expect((await app.report.monthResultInTx(app.db, "2026-11")).resultCents).toBe(7_777 - 3_000 - 999);
      await app.db
        .update(financeEntries)
        .set({ amountCents: 1_099, paidDate: "2026-11-21" })
        .where(eq(financeEntries.id, open!.id));
      expect((await app.report.monthResultInTx(app.db, "2026-11")).resultCents).toBe(7_777 - 3_000 - 1_099);
      await app.db.update(financeEntries).set({ cancelledAt: new Date() }).where(eq(financeEntries.id, open!.id));
      expect((await app.report.monthResultInTx(app.db, "2026-11")).resultCents).toBe(7_777 - 3_000);
      expect(await recount()).toEqual([]);
      expect(await recountMonths()).toEqual([]);
      // Two writers at once: the totals stay exact.
      await Promise.all([1, 2].map((n) => post("other-income", 100 * n, "2026-11-22")));
      expect((await app.report.monthResultInTx(app.db, "2026-11")).resultCents).toBe(7_777 - 3_000 + 300);
      await app.db
        .delete(financeEntries)
        .where(
          eq(financeEntries.categoryId, (await app.inTransaction((tx) => app.ledger.categoryOfKeyInTx(tx, "other-income"))).id),
        );
      expect((await app.report.monthResultInTx(app.db, "2026-11")).resultCents).toBe(7_777 - 3_000);
      expect(await recount()).toEqual([]);
      expect(await recountMonths()).toEqual([]);
      expect(await monthTotals("2026-10")).toEqual(octoberTotals);
      // October is as it was.
      expect((await app.report.monthResultInTx(app.db, "2026-10")).resultCents).toBe(13_918);
    });

    const rowsOf = async (query: ReturnType<typeof sql>) =>
      (await app.db.execute(query)).rows as Record<string, string | number | null>[];

    it("reads the same figures as summing the paid entries themselves, month by month and day by day", async () => {
      // The page sums the daily totals once by month and category for its three charts; here each figure comes
      // straight from finance_entries and the stock hours, one month at a time, as the page read them before.
      const paid = sql`paid_date is not null and cancelled_at is null`;
      const signed = sql`case when e.direction = 'in' then e.amount_cents else -e.amount_cents end`;
      for (const month of ["2025-12", "2026-09", "2026-10", "2026-11"]) {
        const range = app.dates.shopMonthRange(month);
        const report = await app.report.getFinanceReport(STAFF, { month, today: "2026-11-03" });
        const stock = Number(
          (
            await rowsOf(sql`select coalesce(sum(cost_cents), 0)::bigint as cents from finance_cost_of_goods_hours
              where hour >= ${range.from.toISOString()}::timestamptz and hour < ${range.to.toISOString()}::timestamptz`)
          )[0]!.cents,
        );
        const lines = await rowsOf(sql`select c.system_key as key, c.result_line as line, sum(${signed})::bigint as cents
            from finance_entries e join finance_categories c on c.id = e.category_id
            where ${paid} and e.paid_date between ${range.firstDay}::date and ${range.lastDay}::date
              and c.result_line <> 'outside-result'
            group by 1, 2 having sum(${signed}) <> 0`);
        const sections = [
          report.result.grossRevenue,
          report.result.deductions,
          report.result.costOfGoods,
          report.result.operatingExpenses,
          report.result.otherResults,
        ];
        const shown = Object.fromEntries(
          sections.flatMap((section) =>
            section.lines.filter((line) => line.resultCents !== 0).map((line) => [line.systemKey, line.resultCents]),
          ),
        );
        expect(shown).toEqual(Object.fromEntries(lines.map((row) => [row.key, Number(row.cents)])));
        const entriesCents = lines.reduce((sum, row) => sum + Number(row.cents), 0);
        expect(report.result.costOfGoods.stockLedgerCents).toBe(-stock);
        expect(report.result.resultCents).toBe(entriesCents - stock);
        const revenue = lines.filter((row) => row.line === "gross-revenue").reduce((sum, row) => sum + Number(row.cents), 0);
        expect(report.lastTwelveMonths.at(-1)).toEqual({
          month,
          revenueCents: revenue,
          expensesCents: revenue - (entriesCents - stock),
          resultCents: entriesCents - stock,
        });

        const opening = Number(
          (
            await rowsOf(sql`select (select coalesce(sum(opening_balance_cents), 0) from finance_accounts)
              + (select coalesce(sum(case when direction = 'in' then amount_cents else -amount_cents end), 0)
                 from finance_entries where ${paid} and paid_date < ${range.firstDay}::date) as cents`)
          )[0]!.cents,
        );
        const days = await rowsOf(sql`select to_char(paid_date, 'YYYY-MM-DD') as day,
              sum(case when direction = 'in' then amount_cents else 0 end)::bigint as "inCents",
              sum(case when direction = 'out' then amount_cents else 0 end)::bigint as "outCents"
            from finance_entries where ${paid} and paid_date between ${range.firstDay}::date and ${range.lastDay}::date
            group by 1`);
        let balance = opening;
        const expectedDays = report.cashFlow.map(({ day }) => {
          const row = days.find((each) => each.day === day);
          const [inCents, outCents] = [Number(row?.inCents ?? 0), Number(row?.outCents ?? 0)];
          balance += inCents - outCents;
          return { day, inCents, outCents, balanceCents: balance };
        });
        expect(report.cashFlow).toEqual(expectedDays);
        expect(report.cashFlow[0]!.day).toBe(range.firstDay);
        expect(report.cashFlow.at(-1)!.day).toBe(range.lastDay);
      }
    });

    it("is for staff only, and refuses what is not a month", async () => {
      await expect(app.report.getFinanceReport(CUSTOMER, { month: "2026-10", today: "2026-11-03" })).rejects.toBeInstanceOf(
        app.errors.ForbiddenError,
      );
      await expect(app.report.getFinanceReport(STAFF, { month: "2026-13", today: "2026-11-03" })).rejects.toThrow(RangeError);
      const report = await app.report.getFinanceReport(STAFF, { month: "2026-10", today: "2026-11-03" });
      expect(report.result.resultCents).toBe(13_918);
      expect(report.lastTwelveMonths.at(-1)!.month).toBe("2026-10");
      // The page reads every part in one statement: the same figures as each part read alone.
      expect(report).toEqual({
        month: "2026-10",
        result: await app.report.monthResultInTx(app.db, "2026-10"),
        cashFlow: await app.report.cashFlowByDayInTx(app.db, "2026-10"),
        lastTwelveMonths: await app.report.lastTwelveMonthsInTx(app.db, "2026-10"),
        overdue: await app.report.overdueEntriesInTx(app.db, "2026-11-03"),
        dueThisWeek: await app.report.entriesDueThisWeekInTx(app.db, "2026-11-03"),
      });
      expect(report.overdue.count + report.dueThisWeek.count).toBeGreaterThan(0);
    });

    it("the page's reading is getFinanceReport's, read again after each committed write (kept between them on PGlite), for staff only", async () => {
      const isKept = app.kind === "pglite";
      const args = { month: "2026-10", today: "2026-11-03" };
      const sameReading = async (month = args.month) => {
        const page = await app.report.getFinanceReportForPage(STAFF, { ...args, month });
        expect(page).toEqual(await app.report.getFinanceReport(STAFF, { ...args, month }));
        return page;
      };
      // Something committed first, so no reading of an earlier test is reused.
      await post("utilities", 100, "2026-09-10");
      const before = await sameReading();
      if (isKept) expect(await app.report.getFinanceReportForPage(STAFF, args)).toBe(before);
      // Kept or not, the role is checked on every call.
      await expect(app.report.getFinanceReportForPage(CUSTOMER, args)).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      await post("utilities", 1_234, "2026-10-20");
      const after = await sameReading();
      expect(after.result.resultCents).toBe(before.result.resultCents - 1_234);
      expect(after.cashFlow.at(-1)!.balanceCents).toBe(before.cashFlow.at(-1)!.balanceCents - 1_234);
      // Another month is its own reading; the month before does not see October's payment.
      const september = await sameReading("2026-09");
      expect(september.month).toBe("2026-09");
      expect(september.cashFlow.at(-1)!.balanceCents).toBe(
        after.cashFlow[0]!.balanceCents - after.cashFlow[0]!.inCents + after.cashFlow[0]!.outCents,
      );
    });
  });
}
