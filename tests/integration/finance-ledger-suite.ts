import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import * as fc from "fast-check";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";
import { withFreshKey } from "../support/fresh-key";

const STAFF: Actor = { userId: "staff-ana", label: "ana@loja.test", role: "staff" };
const OWNER: Actor = { userId: "owner-bia", label: "bia@loja.test", role: "owner" };
const CUSTOMER: Actor = { userId: null, label: "caio@cliente.test", role: "customer" };

const TODAY = "2026-01-31";
const key = () => randomUUID();

async function loadModules() {
  const [
    db,
    auth,
    finance,
    audit,
    cashRegister,
    entries,
    accounts,
    recurring,
    categories,
    balances,
    list,
    filters,
    exporter,
    ledger,
    errors,
    demo,
    removal,
    registerPostings,
    choices,
    suppliers,
  ] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/finance"),
    import("~/db/schema/audit"),
    import("~/db/schema/cash-register"),
    import("~/modules/finance/entries.server"),
    import("~/modules/finance/accounts.server"),
    import("~/modules/finance/recurring.server"),
    import("~/modules/finance/categories.server"),
    import("~/modules/finance/balances.server"),
    import("~/modules/finance/entry-list.server"),
    import("~/modules/finance/entry-filters"),
    import("~/modules/finance/entries-export.server"),
    import("~/modules/finance/ledger.server"),
    import("~/lib/errors"),
    import("~/modules/demo/demo-finance.server"),
    import("~/modules/demo/remove-demo-data.server"),
    import("~/modules/finance/register-postings.server"),
    import("~/modules/finance/choices.server"),
    import("~/modules/finance/suppliers.server"),
  ]);
  return {
    db: await db.getDb(),
    kind: db.databaseKind(),
    inTransaction: db.inTransaction,
    tables: { ...auth, ...finance, ...audit, ...cashRegister },
    entries,
    accounts,
    // Called as the form calls it, with a fresh idempotency key.
    recurring: { ...recurring, createRecurringInTx: withFreshKey(recurring.createRecurringInTx, 2) },
    categories,
    balances,
    list,
    filters,
    exporter,
    ledger,
    errors,
    demo,
    removal,
    registerPostings,
    choices,
    suppliers,
  };
}

type Modules = Awaited<ReturnType<typeof loadModules>>;

/**
 * The finance ledger against a real database: typed entries (in instalments,
 * paid, edited, cancelled), balances by day, transfers, recurring entries
 * generated ahead once, categories and accounts the owner keeps, the list's
 * filters and its CSV, the demo's rows; and every action fuzzed: a refusal is
 * an InputError (never a 500) and writes nothing.
 */
export function defineFinanceLedgerSuite(database: TestDatabase) {
  describeOnDatabase(database, "financeiro: lançamentos, contas, recorrentes, categorias", () => {
    let app: Modules;
    let dropDatabase: (() => Promise<void>) | undefined;
    const ids = { drawer: 0, bank: 0, card: 0, safe: 0, rent: 0, services: 0, utilities: 0 };

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      expect(app.kind).toBe(database);
      await app.db.insert(app.tables.user).values([
        { id: STAFF.userId!, name: "Ana Caixa", email: STAFF.label, role: "staff" },
        { id: OWNER.userId!, name: "Bia Dona", email: OWNER.label, role: "owner" },
      ]);
      const accounts = await app.db.select().from(app.tables.financeAccounts);
      const account = (name: string) => accounts.find((row) => row.name === name)!.id;
      ids.drawer = account("Caixa (gaveta)");
      ids.bank = account("Conta bancária");
      ids.card = account("Maquininha de cartão");
      ids.safe = account("Cofre");
      // The seeded accounts open on the migration's day; the tests' days are fixed, so they open before them.
      await app.db.update(app.tables.financeAccounts).set({ openingDate: "2025-01-01" });
      const categories = await app.db.select().from(app.tables.financeCategories);
      const category = (systemKey: string) => categories.find((row) => row.systemKey === systemKey)!.id;
      ids.rent = category("rent");
      ids.services = category("revenue-services");
      ids.utilities = category("utilities");
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    // Each test starts without entries, transfers or recurring, and the seeded accounts as they were.
    beforeEach(async () => {
      const t = app.tables;
      await app.db.delete(t.cardReceivables);
      await app.db.delete(t.financeEntries);
      await app.db.delete(t.financeRecurring);
      await app.db.delete(t.financeTransfers);
      await app.db.delete(t.registerEntries);
      await app.db.update(t.financeAccounts).set({ openingBalanceCents: 0, archivedAt: null });
    });

    const newEntry = (overrides: Record<string, string> = {}) => ({
      direction: "out",
      description: "Aluguel da loja",
      categoryId: String(ids.rent),
      amount: "1.800,00",
      dueDate: "2026-01-10",
      instalments: "1",
      counterparty: "Imobiliária Central",
      notes: "",
      idempotencyKey: key(),
      ...overrides,
    });

    const createEntries = (input: Record<string, string>, actor = STAFF, today = TODAY) =>
      app.inTransaction((tx) => app.entries.createEntriesInTx(tx, actor, input, today));
    const payEntry = (id: number, input: Record<string, string>, today = TODAY) =>
      app.inTransaction((tx) => app.entries.payEntryInTx(tx, STAFF, id, input, today));
    const balanceOf = async (accountId: number, day: string) => {
      const balance = (await app.balances.accountBalancesInTx(app.db, day)).find(
        (row) => row.accountId === accountId,
      )!.balanceCents;
      // One account's balance alone (the register's page reads the drawer's so) is the same sum.
      expect(await app.balances.accountBalanceInTx(app.db, accountId, day)).toBe(balance);
      // The accounts' page reads every account with its balance in one statement: the same sum.
      const listed = (await app.accounts.listAccounts(day)).accounts.find((account) => account.id === accountId)!;
      expect(listed.balanceCents).toBe(balance);
      expect(typeof listed.openingDate).toBe("string");
      // The register's opening form reads the drawer's in the same statement as the accounts it offers.
      if (accountId === ids.drawer) {
        const counter = await app.registerPostings.cashCounterAccounts(day);
        expect(counter.drawerBalanceCents).toBe(balance);
        expect(counter.accounts.map((account) => account.id)).not.toContain(ids.drawer);
        expect(counter.accounts[0]?.id).toBe(counter.defaultId);
        expect((await app.registerPostings.cashCounterAccounts(null)).drawerBalanceCents).toBeNull();
      }
      return balance;
    };
    const entryRows = () => app.db.select().from(app.tables.financeEntries).orderBy(app.tables.financeEntries.id);

    it("soma o saldo de cada conta num dia: saldo inicial, lançamentos pagos, transferências e recebíveis de cartão até o dia", async () => {
      const t = app.tables;
      await app.db.update(t.financeAccounts).set({ openingBalanceCents: 50_000 }).where(eq(t.financeAccounts.id, ids.drawer));
      const [register] = await app.db
        .insert(t.registerEntries)
        .values({ kind: "sale", method: "credit", amountCents: 10_000, businessDate: "2026-01-05", actorLabel: STAFF.label })
        .returning({ id: t.registerEntries.id });
      await app.db.insert(t.financeEntries).values([
        // In, paid on the 5th, into the drawer.
        {
          direction: "in",
          description: "Venda",
          categoryId: ids.services,
          amountCents: 12_000,
          dueDate: "2026-01-05",
          paidDate: "2026-01-05",
          accountId: ids.drawer,
          createdByLabel: "t",
        },
        // Out, paid on the 20th.
        {
          direction: "out",
          description: "Luz",
          categoryId: ids.utilities,
          amountCents: 3_000,
          dueDate: "2026-01-20",
          paidDate: "2026-01-20",
          accountId: ids.drawer,
          createdByLabel: "t",
        },
        // Open: never in a balance.
        {
          direction: "out",
          description: "Aluguel",
          categoryId: ids.rent,
          amountCents: 99_999,
          dueDate: "2026-01-10",
          createdByLabel: "t",
        },
        // Cancelled: skipped.
        {
          direction: "in",
          description: "Cancelada",
          categoryId: ids.services,
          amountCents: 77_777,
          dueDate: "2026-01-05",
          paidDate: "2026-01-05",
          accountId: ids.drawer,
          cancelledAt: new Date(),
          createdByLabel: "t",
        },
      ]);
      await app.db.insert(t.financeTransfers).values([
        { fromAccountId: ids.drawer, toAccountId: ids.safe, amountCents: 5_000, transferDate: "2026-01-10", createdByLabel: "t" },
        {
          fromAccountId: ids.drawer,
          toAccountId: ids.safe,
          amountCents: 1_000,
          transferDate: "2026-01-10",
          cancelledAt: new Date(),
          createdByLabel: "t",
        },
      ]);
      await app.db.insert(t.cardReceivables).values({
        registerEntryId: register!.id,
        instalmentNumber: 1,
        instalmentCount: 1,
        expectedDate: "2026-02-04",
        grossCents: 10_000,
        feeCents: 300,
        netCents: 9_700,
        acquirerAccountId: ids.card,
        settlementAccountId: ids.bank,
      });

      expect(await balanceOf(ids.drawer, "2026-01-04")).toBe(50_000);
      expect(await balanceOf(ids.drawer, "2026-01-05")).toBe(62_000);
      expect(await balanceOf(ids.drawer, "2026-01-10")).toBe(57_000);
      expect(await balanceOf(ids.drawer, "2026-01-31")).toBe(54_000);
      expect(await balanceOf(ids.safe, "2026-01-31")).toBe(5_000);
      // The card's net moves from the acquirer to the bank on its expected day, not before.
      expect(await balanceOf(ids.bank, "2026-02-03")).toBe(0);
      expect(await balanceOf(ids.bank, "2026-02-04")).toBe(9_700);
      expect(await balanceOf(ids.card, "2026-02-04")).toBe(-9_700);
    });

    it("lança uma conta a pagar em 3 parcelas mês a mês, o valor dividido no centavo, e uma repetição não lança de novo", async () => {
      const input = newEntry({ amount: "100,00", instalments: "3", dueDate: "2026-01-31" });
      const created = await createEntries(input);
      expect(created.entryIds).toHaveLength(3);
      const again = await createEntries(input);
      expect(again).toEqual({ entryIds: created.entryIds, isReplay: true });
      const rows = await entryRows();
      expect(rows.map((row) => [row.description, row.amountCents, row.dueDate, row.paidDate])).toEqual([
        ["Aluguel da loja (1/3)", 3_334, "2026-01-31", null],
        ["Aluguel da loja (2/3)", 3_333, "2026-02-28", null],
        ["Aluguel da loja (3/3)", 3_333, "2026-03-31", null],
      ]);
      expect(new Set(rows.map((row) => row.instalmentGroup)).size).toBe(1);
    });

    it("paga uma conta: recusa data futura, conta arquivada e pagar duas vezes; o saldo da conta se move pelo valor", async () => {
      const { entryIds } = await createEntries(newEntry());
      const id = entryIds[0]!;
      const pay = (overrides: Record<string, string> = {}) => ({
        paidDate: "2026-01-10",
        accountId: String(ids.bank),
        method: "pix",
        idempotencyKey: key(),
        ...overrides,
      });
      await expect(payEntry(id, pay({ paidDate: "2026-02-01" }))).rejects.toMatchObject({
        fieldErrors: { paidDate: "A data do pagamento não pode ser depois de hoje." },
      });
      await expect(payEntry(id, pay({ method: "crediario" }))).rejects.toBeInstanceOf(app.errors.InputError);
      const input = pay();
      expect(await payEntry(id, input)).toEqual({ entryId: id, isReplay: false });
      expect(await payEntry(id, input)).toEqual({ entryId: id, isReplay: true });
      await expect(payEntry(id, pay())).rejects.toMatchObject({ code: "entry-paid", status: 409 });
      expect(await balanceOf(ids.bank, "2026-01-09")).toBe(0);
      expect(await balanceOf(ids.bank, "2026-01-10")).toBe(-180_000);
      const audits = await app.db.select().from(app.tables.auditLog).where(eq(app.tables.auditLog.action, "finance.entry.pay"));
      expect(audits).toHaveLength(1);
    });

    it("lançado já pago numa vez só; em parcelas não se paga de uma vez", async () => {
      await expect(
        createEntries(
          newEntry({ instalments: "2", isPaid: "sim", paidDate: "2026-01-10", accountId: String(ids.bank), method: "pix" }),
        ),
      ).rejects.toMatchObject({ fieldErrors: { instalments: expect.stringContaining("pague cada parcela") } });
      const { entryIds } = await createEntries(
        newEntry({ isPaid: "sim", paidDate: "2026-01-10", accountId: String(ids.drawer), method: "cash" }),
      );
      const [row] = await entryRows();
      expect(row).toMatchObject({ id: entryIds[0], paidDate: "2026-01-10", accountId: ids.drawer, method: "cash" });
    });

    it("altera e cancela um lançamento digitado; um automático só muda na origem", async () => {
      const { entryIds } = await createEntries(newEntry());
      const id = entryIds[0]!;
      const update = (overrides: Record<string, string> = {}) =>
        app.entries.updateEntry(STAFF, id, {
          description: "Aluguel de janeiro",
          categoryId: String(ids.rent),
          amount: "1.900,00",
          dueDate: "2026-01-12",
          counterparty: "",
          notes: "",
          ...overrides,
        });
      await expect(update({ categoryId: String(ids.services) })).rejects.toMatchObject({
        fieldErrors: { categoryId: "Esta categoria é de entradas: escolha uma de saídas." },
      });
      await update();
      expect((await entryRows())[0]).toMatchObject({
        description: "Aluguel de janeiro",
        amountCents: 190_000,
        dueDate: "2026-01-12",
      });
      expect(await app.entries.cancelEntry(STAFF, id, { reason: "Lançado em dobro" })).toEqual({
        entryId: id,
        wasCancelled: false,
      });
      expect(await app.entries.cancelEntry(STAFF, id, { reason: "Lançado em dobro" })).toEqual({
        entryId: id,
        wasCancelled: true,
      });
      await expect(update()).rejects.toMatchObject({ code: "entry-cancelled" });

      const postedId = await app.inTransaction((tx) =>
        app.ledger.postEntryInTx(tx, STAFF, {
          origin: { kind: "register-entry", id: 999 },
          categoryKey: "revenue-services",
          amountCents: 5_000,
          description: "Venda nº 1",
          paidDate: "2026-01-05",
          dueDate: "2026-01-05",
          accountId: ids.drawer,
        }),
      );
      await expect(app.entries.cancelEntry(STAFF, postedId, { reason: "Tentativa" })).rejects.toMatchObject({
        code: "entry-automatic",
      });
      await expect(app.entries.cancelEntry(STAFF, 987_654, { reason: "Não existe" })).rejects.toBeInstanceOf(
        app.errors.NotFoundError,
      );
    });

    it("recorrentes: gera até 3 meses à frente (dia 31 vira o último dia do mês), uma vez só, e o mês seguinte quando o dia chega", async () => {
      const created = await app.inTransaction((tx) =>
        app.recurring.createRecurringInTx(
          tx,
          STAFF,
          {
            direction: "out",
            description: "Internet",
            categoryId: String(ids.utilities),
            amount: "129,90",
            dayOfMonth: "31",
            startMonth: "2026-01",
            endMonth: "",
            counterparty: "Operadora",
            accountId: "",
          },
          TODAY,
        ),
      );
      expect(created.entriesWritten).toBe(4);
      const dueDates = async () => (await entryRows()).filter((row) => !row.cancelledAt).map((row) => row.dueDate);
      expect(await dueDates()).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]);
      // Pages load again and again: nothing more until a new month comes into reach.
      expect(await app.inTransaction((tx) => app.recurring.generateRecurringEntriesInTx(tx, TODAY))).toBe(0);
      expect(await app.recurring.ensureRecurringEntries(TODAY)).toBe(0);
      expect(await app.recurring.ensureRecurringEntries("2026-02-01")).toBe(1);
      expect(await app.recurring.ensureRecurringEntries("2026-02-15")).toBe(0);
      expect(await dueDates()).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]);

      // A new amount reaches the open entries not yet due; the one paid stays as it was.
      const [first] = await entryRows();
      await payEntry(first!.id, { paidDate: "2026-01-31", accountId: String(ids.bank), method: "boleto", idempotencyKey: key() });
      await app.inTransaction((tx) =>
        app.recurring.updateRecurringInTx(
          tx,
          STAFF,
          created.recurringId,
          {
            direction: "out",
            description: "Internet fibra",
            categoryId: String(ids.utilities),
            amount: "149,90",
            dayOfMonth: "10",
            startMonth: "2026-01",
            endMonth: "2026-03",
            counterparty: "Operadora",
            accountId: "",
          },
          "2026-02-01",
        ),
      );
      const rows = await entryRows();
      expect(rows.map((row) => [row.dueDate, row.amountCents, row.cancelledAt !== null])).toEqual([
        ["2026-01-31", 12_990, false],
        ["2026-02-10", 14_990, false],
        ["2026-03-10", 14_990, false],
        ["2026-04-30", 12_990, true],
        ["2026-05-31", 12_990, true],
      ]);
      expect(await app.recurring.ensureRecurringEntries("2026-03-01")).toBe(0);

      // The end taken away again: the months it had cancelled come back, with the new amount and day.
      await app.inTransaction((tx) =>
        app.recurring.updateRecurringInTx(
          tx,
          STAFF,
          created.recurringId,
          {
            direction: "out",
            description: "Internet fibra",
            categoryId: String(ids.utilities),
            amount: "149,90",
            dayOfMonth: "10",
            startMonth: "2026-01",
            endMonth: "",
            counterparty: "Operadora",
            accountId: "",
          },
          "2026-02-01",
        ),
      );
      expect((await entryRows()).map((row) => [row.dueDate, row.amountCents, row.cancelledAt !== null])).toEqual([
        ["2026-01-31", 12_990, false],
        ["2026-02-10", 14_990, false],
        ["2026-03-10", 14_990, false],
        ["2026-04-10", 14_990, false],
        ["2026-05-10", 14_990, false],
      ]);

      await app.inTransaction((tx) => app.recurring.archiveRecurringInTx(tx, STAFF, created.recurringId, "2026-02-20"));
      expect((await entryRows()).map((row) => row.cancelledAt !== null)).toEqual([false, false, true, true, true]);
      // Archived, it comes back with nothing: pages loading later write nothing for it.
      expect(await app.recurring.ensureRecurringEntries("2026-06-01")).toBe(0);
    });

    it("o pagamento de um lançamento recorrente começa na conta de costume do recorrente", async () => {
      const { recurringId } = await app.inTransaction((tx) =>
        app.recurring.createRecurringInTx(
          tx,
          STAFF,
          {
            direction: "out",
            description: "Contador",
            categoryId: String(ids.utilities),
            amount: "300,00",
            dayOfMonth: "5",
            startMonth: "2026-01",
            accountId: String(ids.bank),
          },
          TODAY,
        ),
      );
      const [generated] = await app.db
        .select()
        .from(app.tables.financeEntries)
        .where(eq(app.tables.financeEntries.recurringId, recurringId));
      expect((await app.list.getEntry(STAFF, generated!.id))?.usualAccountId).toBe(ids.bank);
      const { entryIds } = await createEntries(newEntry());
      expect((await app.list.getEntry(STAFF, entryIds[0]!))?.usualAccountId).toBeNull();
    });

    it("categorias: só o proprietário muda; as automáticas não se arquivam nem mudam de tipo; uma com lançamentos não muda de tipo", async () => {
      const input = { name: "Cursos e treinamentos", direction: "out", resultLine: "operating-expense" };
      await expect(app.categories.createCategory(STAFF, input)).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      const { categoryId } = await app.categories.createCategory(OWNER, input);
      await expect(app.categories.createCategory(OWNER, { ...input, name: "cursos E TREINAMENTOS" })).rejects.toMatchObject({
        fieldErrors: { name: "Já existe uma categoria com este nome e este tipo." },
      });
      await expect(
        app.categories.createCategory(OWNER, { ...input, name: "Outra", resultLine: "gross-revenue" }),
      ).rejects.toMatchObject({ fieldErrors: { resultLine: "Esta linha do resultado não serve para este tipo de categoria." } });
      await expect(app.categories.setCategoryArchived(OWNER, ids.rent, true)).rejects.toMatchObject({ code: "system-category" });
      await expect(
        app.categories.updateCategory(OWNER, ids.rent, { name: "Aluguel", direction: "in", resultLine: "gross-revenue" }),
      ).rejects.toMatchObject({ fieldErrors: { direction: expect.stringContaining("automáticos") } });
      await app.categories.updateCategory(OWNER, ids.rent, {
        name: "Aluguel",
        direction: "out",
        resultLine: "operating-expense",
      });
      await createEntries(newEntry({ categoryId: String(categoryId) }));
      await expect(
        app.categories.updateCategory(OWNER, categoryId, { name: "Cursos", direction: "in", resultLine: "other-result" }),
      ).rejects.toMatchObject({ fieldErrors: { direction: expect.stringContaining("já tem lançamentos") } });
      expect(await app.categories.setCategoryArchived(OWNER, categoryId, true)).toEqual({ categoryId, wasUnchanged: false });
      await expect(createEntries(newEntry({ categoryId: String(categoryId) }))).rejects.toMatchObject({
        fieldErrors: { categoryId: "Escolha uma categoria da lista." },
      });
      await app.categories.updateCategory(OWNER, ids.rent, {
        name: "Aluguel e condomínio",
        direction: "out",
        resultLine: "operating-expense",
      });
    });

    it("contas: transferência entre contas (nunca para a mesma), papéis, e arquivar só sem papel e sem saldo", async () => {
      const { accountId } = await app.accounts.createAccount(OWNER, {
        name: "Banco do Bairro",
        kind: "bank",
        openingBalance: "1.000,00",
        openingDate: "2026-01-01",
      });
      await expect(
        app.accounts.createAccount(OWNER, {
          name: "banco do bairro",
          kind: "bank",
          openingBalance: "",
          openingDate: "2026-01-01",
        }),
      ).rejects.toMatchObject({ fieldErrors: { name: "Já existe uma conta com este nome." } });
      await expect(
        app.accounts.createAccount(STAFF, { name: "Outro", kind: "bank", openingBalance: "", openingDate: "2026-01-01" }),
      ).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      const transfer = (overrides: Record<string, string> = {}) =>
        app.inTransaction((tx) =>
          app.accounts.recordTransferInTx(
            tx,
            STAFF,
            {
              fromAccountId: String(accountId),
              toAccountId: String(ids.drawer),
              amount: "250,00",
              transferDate: "2026-01-15",
              description: "",
              idempotencyKey: key(),
              ...overrides,
            },
            TODAY,
          ),
        );
      await expect(transfer({ toAccountId: String(accountId) })).rejects.toMatchObject({
        fieldErrors: { toAccountId: "Escolha uma conta de destino diferente da origem." },
      });
      const input = { idempotencyKey: key() };
      await transfer(input);
      expect((await transfer(input)).isReplay).toBe(true);
      expect(await balanceOf(accountId, TODAY)).toBe(75_000);
      expect(await balanceOf(ids.drawer, TODAY)).toBe(25_000);

      await expect(app.accounts.archiveAccount(OWNER, accountId)).rejects.toMatchObject({ code: "account-has-balance" });
      await expect(app.accounts.archiveAccount(OWNER, ids.drawer)).rejects.toMatchObject({ code: "account-has-role" });
      const roles = {
        "cash-drawer": ids.drawer,
        pix: accountId,
        card: ids.card,
        "card-settlement": accountId,
        withdrawal: ids.safe,
      };
      await app.accounts.setAccountRoles(
        OWNER,
        Object.fromEntries(Object.entries(roles).map(([role, id]) => [role, String(id)])),
      );
      expect(await app.inTransaction((tx) => app.ledger.accountOfRoleInTx(tx, "pix"))).toBe(accountId);
      // The bank no role uses any more, holding nothing, can be archived; then nothing lands in it.
      const archived = await app.inTransaction((tx) => app.accounts.archiveAccountInTx(tx, OWNER, ids.bank, TODAY));
      expect(archived.wasArchived).toBe(false);
      await expect(transfer({ toAccountId: String(ids.bank) })).rejects.toMatchObject({
        fieldErrors: { toAccountId: "Escolha uma conta da lista." },
      });
      // An archived account cannot take a role.
      const backToBank = Object.fromEntries(
        Object.entries({ ...roles, pix: ids.bank, "card-settlement": ids.bank }).map(([role, id]) => [role, String(id)]),
      );
      await expect(app.accounts.setAccountRoles(OWNER, backToBank)).rejects.toMatchObject({
        fieldErrors: { pix: "Escolha uma conta da lista." },
      });
      await app.db.update(app.tables.financeAccounts).set({ archivedAt: null });
      await app.accounts.setAccountRoles(OWNER, backToBank);
    });

    it("a página de contas mostra o que listAccounts lê, lido de novo a cada escrita confirmada ou outro dia (no PGlite guardado entre elas)", async () => {
      const isKept = app.kind === "pglite";
      const sameReading = async (day: string) => {
        const page = await app.accounts.listAccountsForPage(day);
        expect(page).toEqual(await app.accounts.listAccounts(day));
        return page;
      };
      const { accountId } = await app.accounts.createAccount(OWNER, {
        name: "Banco da Praça",
        kind: "bank",
        openingBalance: "1.000,00",
        openingDate: "2026-01-01",
      });
      const first = await sameReading(TODAY);
      const balanceIn = (list: typeof first, id: number) => list.accounts.find((account) => account.id === id)!.balanceCents;
      expect(balanceIn(first, accountId)).toBe(100_000);
      // Nothing written: the same reading (kept on PGlite, read again on PostgreSQL).
      const again = await sameReading(TODAY);
      if (isKept) expect(again).toBe(first);
      const transfer = (overrides: Record<string, string>) =>
        app.accounts.recordTransfer(STAFF, {
          fromAccountId: String(accountId),
          toAccountId: String(ids.safe),
          amount: "250,00",
          transferDate: "2026-01-15",
          description: "",
          idempotencyKey: key(),
          ...overrides,
        });
      await transfer({});
      const moved = await sameReading(TODAY);
      expect(balanceIn(moved, accountId)).toBe(75_000);
      expect(balanceIn(moved, ids.safe)).toBe(balanceIn(first, ids.safe) + 25_000);
      // A refused write rolls back and writes nothing: the reading stays.
      await expect(transfer({ toAccountId: String(accountId) })).rejects.toMatchObject({
        fieldErrors: { toAccountId: "Escolha uma conta de destino diferente da origem." },
      });
      const afterRefusal = await sameReading(TODAY);
      if (isKept) expect(afterRefusal).toBe(moved);
      // Another day has its own balances: the day before the transfer does not count it.
      const dayBefore = await sameReading("2026-01-14");
      expect(balanceIn(dayBefore, accountId)).toBe(100_000);
      expect((await sameReading(TODAY)).accounts).toEqual(moved.accounts);
      // Roles and names are in the reading too, and move with their writes.
      const roles = {
        "cash-drawer": ids.drawer,
        pix: accountId,
        card: ids.card,
        "card-settlement": ids.bank,
        withdrawal: ids.safe,
      };
      await app.accounts.setAccountRoles(
        OWNER,
        Object.fromEntries(Object.entries(roles).map(([role, id]) => [role, String(id)])),
      );
      expect((await sameReading(TODAY)).roles.pix).toBe(accountId);
      await app.accounts.updateAccount(OWNER, accountId, {
        name: "Banco da Esquina",
        kind: "bank",
        openingBalance: "1.000,00",
        openingDate: "2026-01-01",
      });
      expect((await sameReading(TODAY)).accounts.find((account) => account.id === accountId)!.name).toBe("Banco da Esquina");
    });

    it("as escolhas dos formulários (categorias, contas, fornecedores) são as leituras de cada uma, lidas de novo a cada escrita confirmada (no PGlite guardadas entre elas)", async () => {
      const isKept = app.kind === "pglite";
      const direct = async () => ({
        categories: await app.categories.listCategories(),
        accounts: await app.accounts.activeAccountOptions(),
        suppliers: await app.suppliers.supplierOptions(),
      });
      const sameReading = async () => {
        const withSuppliers = await app.choices.financeChoices({ suppliers: true });
        const expected = await direct();
        expect(withSuppliers).toEqual(expected);
        const without = await app.choices.financeChoices();
        expect(without.categories).toEqual(expected.categories);
        expect(without.accounts).toEqual(expected.accounts);
        // Asked without suppliers: PostgreSQL does not read them; PGlite's kept reading has them anyway.
        expect(without.suppliers).toEqual(isKept ? expected.suppliers : []);
        return withSuppliers;
      };
      // Something committed first, so no reading of an earlier test is reused.
      const { accountId } = await app.accounts.createAccount(OWNER, {
        name: "Banco Novo",
        kind: "bank",
        openingBalance: "",
        openingDate: "2026-01-01",
      });
      const first = await sameReading();
      expect(first.accounts.map((account) => account.name)).toContain("Banco Novo");
      if (isKept) expect(await app.choices.financeChoices()).toBe(first);
      // A category, a supplier, an archived account: each shows at once.
      const { categoryId } = await app.categories.createCategory(OWNER, {
        name: "Cursos da equipe",
        direction: "out",
        resultLine: "operating-expense",
      });
      expect((await sameReading()).categories.map((category) => category.id)).toContain(categoryId);
      // The categories' page lists the same categories, archived ones too.
      await app.categories.setCategoryArchived(OWNER, categoryId, true);
      expect(await app.choices.listCategoriesForPage()).toEqual(await app.categories.listCategories());
      expect(
        (await app.choices.listCategoriesForPage()).find((category) => category.id === categoryId)?.archivedAt,
      ).not.toBeNull();
      const { id: supplierId } = await app.inTransaction((tx) =>
        app.suppliers.createSupplierInTx(tx, STAFF, {
          name: "Distribuidora Sul",
          document: "",
          contactName: "",
          whatsapp: "",
          email: "",
          notes: "",
        }),
      );
      expect((await sameReading()).suppliers.map((supplier) => supplier.id)).toContain(supplierId);
      await app.inTransaction((tx) => app.accounts.archiveAccountInTx(tx, OWNER, accountId, TODAY));
      const archived = await sameReading();
      expect(archived.accounts.map((account) => account.id)).not.toContain(accountId);
      // A refused write commits nothing: the reading stays.
      await expect(
        app.categories.createCategory(OWNER, { name: "cursos DA EQUIPE", direction: "out", resultLine: "operating-expense" }),
      ).rejects.toMatchObject({ fieldErrors: { name: expect.any(String) } });
      if (isKept) expect(await app.choices.financeChoices()).toBe(archived);
    });

    it("a lista de lançamentos e a de recorrentes das páginas são as de listEntries e listRecurring, lidas de novo a cada escrita confirmada (no PGlite guardadas entre elas)", async () => {
      const isKept = app.kind === "pglite";
      const filtersOf = (query: string) => app.filters.entryFiltersFromSearchParams(new URLSearchParams(query));
      const sameList = async (query: string, today = TODAY) => {
        const page = await app.list.listEntriesForPage(STAFF, filtersOf(query), 1, today);
        expect(page).toEqual(await app.list.listEntries(STAFF, filtersOf(query), 1, today));
        return page;
      };
      const sameRecurring = async () => {
        const list = await app.recurring.listRecurringForPage();
        expect(list).toEqual(await app.recurring.listRecurring());
        return list;
      };
      const { entryIds } = await createEntries(newEntry({ description: "Aluguel de janeiro", dueDate: "2026-01-10" }));
      const open = await sameList("situacao=aberto");
      expect(open.entries.map((row) => row.description)).toEqual(["Aluguel de janeiro"]);
      if (isKept) expect(await app.list.listEntriesForPage(STAFF, filtersOf("situacao=aberto"), 1, TODAY)).toBe(open);
      // Each filter, page and day is its own reading: overdue on the 31st, not on the 9th.
      expect((await sameList("situacao=atrasado")).entries).toHaveLength(1);
      expect((await sameList("situacao=atrasado", "2026-01-09")).entries).toHaveLength(0);
      expect((await sameList("")).totals).toBeNull();
      expect((await app.list.getEntryForPage(STAFF, entryIds[0]!))?.paidDate).toBeNull();
      await payEntry(entryIds[0]!, { paidDate: "2026-01-20", accountId: String(ids.bank), method: "pix", idempotencyKey: key() });
      expect((await sameList("situacao=aberto")).entries).toHaveLength(0);
      expect((await sameList("situacao=pago")).totals).toEqual({ inCents: 0, outCents: 180_000, count: 1 });
      // An entry's page: getEntry's reading, read again after the payment.
      const entryPage = await app.list.getEntryForPage(STAFF, entryIds[0]!);
      expect(entryPage).toEqual(await app.list.getEntry(STAFF, entryIds[0]!));
      expect(entryPage?.paidDate).toBe("2026-01-20");
      if (isKept) expect(await app.list.getEntryForPage(STAFF, entryIds[0]!)).toBe(entryPage);
      expect(await app.list.getEntryForPage(STAFF, 987_654)).toBeNull();
      await expect(app.list.getEntryForPage(CUSTOMER, entryIds[0]!)).rejects.toBeInstanceOf(app.errors.ForbiddenError);
      // Kept or not, the role is checked on every call.
      await expect(app.list.listEntriesForPage(CUSTOMER, filtersOf(""), 1, TODAY)).rejects.toBeInstanceOf(
        app.errors.ForbiddenError,
      );

      expect(await sameRecurring()).toEqual([]);
      await app.inTransaction((tx) =>
        app.recurring.createRecurringInTx(
          tx,
          STAFF,
          {
            direction: "out",
            description: "Internet",
            categoryId: String(ids.utilities),
            amount: "129,90",
            dayOfMonth: "10",
            startMonth: "2026-01",
            endMonth: "",
            counterparty: "Operadora",
            accountId: "",
          },
          TODAY,
        ),
      );
      const recurring = await sameRecurring();
      expect(recurring.map((row) => [row.description, row.nextDueDate])).toEqual([["Internet", "2026-01-10"]]);
      if (isKept) expect(await app.recurring.listRecurringForPage()).toBe(recurring);
    });

    it("a lista filtra por situação, tipo, categoria, conta, datas e cliente ou fornecedor, página por página, e o CSV repete os filtros", async () => {
      await createEntries(newEntry({ description: "Aluguel atrasado", dueDate: "2026-01-10" }));
      await createEntries(newEntry({ description: "Aluguel a vencer", dueDate: "2026-02-10" }));
      await createEntries(
        newEntry({
          description: '=HYPERLINK("http://x")',
          direction: "in",
          categoryId: String(ids.services),
          counterparty: 'João; "Zé"',
        }),
      );
      const { entryIds } = await createEntries(newEntry({ description: "Luz paga", categoryId: String(ids.utilities) }));
      await payEntry(entryIds[0]!, { paidDate: "2026-01-20", accountId: String(ids.bank), method: "pix", idempotencyKey: key() });
      const filtersOf = (query: string) => app.filters.entryFiltersFromSearchParams(new URLSearchParams(query));
      const descriptions = async (query: string) =>
        (await app.list.listEntries(STAFF, filtersOf(query), 1, TODAY)).entries.map((row) => row.description);

      expect(await descriptions("situacao=atrasado&tipo=saida")).toEqual(["Aluguel atrasado"]);
      expect(await descriptions("situacao=aberto&tipo=saida")).toEqual(["Aluguel atrasado", "Aluguel a vencer"]);
      expect(await descriptions("situacao=pago")).toEqual(["Luz paga"]);
      expect(await descriptions(`conta=${ids.bank}`)).toEqual(["Luz paga"]);
      expect(await descriptions(`categoria=${ids.utilities}`)).toEqual(["Luz paga"]);
      expect(await descriptions("pagamento_de=2026-01-20&pagamento_ate=2026-01-20")).toEqual(["Luz paga"]);
      expect(await descriptions("vencimento_de=2026-02-01")).toEqual(["Aluguel a vencer"]);
      expect(await descriptions("contraparte=jo%C3%A3o")).toEqual(['=HYPERLINK("http://x")']);
      expect(await descriptions("q=100%25")).toEqual([]);
      // Hostile values are no filter, never an error.
      expect(await descriptions("situacao=%00&tipo=x&categoria=-1&conta=abc&vencimento_de=2026-13-40&q=%00")).toHaveLength(4);
      const totals = (await app.list.listEntries(STAFF, filtersOf("tipo=saida"), 1, TODAY)).totals;
      expect(totals).toEqual({ inCents: 0, outCents: 540_000, count: 3 });
      // Unfiltered, no totals of every entry ever (a scan of the whole table).
      expect((await app.list.listEntries(STAFF, filtersOf(""), 1, TODAY)).totals).toBeNull();
      await expect(app.list.listEntries(CUSTOMER, filtersOf(""), 1, TODAY)).rejects.toBeInstanceOf(app.errors.ForbiddenError);

      // Pages of 50, read one row past the page.
      await createEntries(newEntry({ amount: "51,00", instalments: "51", dueDate: "2025-02-01" }));
      const first = await app.list.listEntries(STAFF, filtersOf("q=parcela&tipo=saida"), 1, TODAY);
      expect(first.entries).toHaveLength(0);
      const paged = await app.list.listEntries(STAFF, filtersOf("q=%2F51%29"), 1, TODAY);
      expect([paged.entries.length, paged.hasNextPage]).toEqual([50, true]);
      const second = await app.list.listEntries(STAFF, filtersOf("q=%2F51%29"), 2, TODAY);
      expect([second.entries.length, second.hasNextPage]).toEqual([1, false]);

      let csv = "";
      for await (const chunk of await app.exporter.exportEntriesCsv(STAFF, filtersOf("tipo=entrada"), TODAY)) csv += chunk;
      const lines = csv.split("\r\n");
      expect(csv.startsWith("\uFEFFVencimento;Pagamento;Tipo;Descrição;")).toBe(true);
      expect(lines).toHaveLength(3);
      expect(lines[1]).toBe(`10/01/2026;;Entrada;"'=HYPERLINK(""http://x"")";Serviços;1800,00;Atrasado;;;"João; ""Zé""";;;`);
      await expect(app.exporter.exportEntriesCsv(CUSTOMER, filtersOf(""), TODAY)).rejects.toThrow(app.errors.ForbiddenError);

      // Amounts are signed (issue 23: unsigned, a column sum mixed bills with takings): saídas negative, entradas positive.
      let paidCsv = "";
      for await (const chunk of await app.exporter.exportEntriesCsv(STAFF, filtersOf("situacao=pago"), TODAY)) paidCsv += chunk;
      const paidLine = paidCsv.split("\r\n")[1]!.split(";");
      expect([paidLine[2], paidLine[3], paidLine[5]]).toEqual(["Saída", "Luz paga", "-1800,00"]);
      expect(lines[1]!.split(";")[5]).toBe("1800,00");
    });

    it("a busca ignora acentos e maiúsculas na descrição e no cliente ou fornecedor (issue 23)", async () => {
      const tag = `Q${Date.now()}`;
      await createEntries(newEntry({ description: `Manutenção da MÁQUINA de cartão ${tag}`, counterparty: "Conceição Ótica" }));
      const found = async (query: string) =>
        (
          await app.list.listEntries(STAFF, app.filters.entryFiltersFromSearchParams(new URLSearchParams(query)), 1, TODAY)
        ).entries
          .map((row) => row.description)
          .filter((description) => description.endsWith(tag));
      const expected = [`Manutenção da MÁQUINA de cartão ${tag}`];
      expect(await found(`q=${encodeURIComponent(`manutencao da maquina de cartao ${tag}`)}`)).toEqual(expected);
      expect(await found(`q=${encodeURIComponent(`CARTÃO ${tag.toLowerCase()}`)}`)).toEqual(expected);
      expect(await found(`contraparte=conceicao+otica&q=${tag}`)).toEqual(expected);
      // LIKE's own signs are text, never wildcards.
      expect(await found(`q=${encodeURIComponent(`m_quina%${tag}`)}`)).toEqual([]);
    });

    it("demonstração: recorrentes e contas a pagar marcados, e apagados com os lançamentos que geraram", async () => {
      expect(await app.inTransaction((tx) => app.demo.seedDemoFinanceInTx(tx, TODAY))).toBe(true);
      expect(await app.inTransaction((tx) => app.demo.seedDemoFinanceInTx(tx, TODAY))).toBe(false);
      const rows = await entryRows();
      // Four recurring expenses × this month and three ahead, and two bills.
      expect(rows).toHaveLength(18);
      expect(rows.every((row) => row.isDemo)).toBe(true);
      const { financeEntries } = await app.removal.removeDemoData(OWNER);
      expect(financeEntries).toBe(18);
      expect(await entryRows()).toEqual([]);
      expect(await app.db.select().from(app.tables.financeRecurring)).toEqual([]);
    });

    /** Rows of every table finance writes, and the audit: a refusal must leave them all as they were. */
    async function rowCounts() {
      const t = app.tables;
      const tables = [
        t.financeEntries,
        t.financeAccounts,
        t.financeAccountRoles,
        t.financeCategories,
        t.financeRecurring,
        t.financeTransfers,
        t.auditLog,
      ];
      return Promise.all(tables.map(async (table) => (await app.db.select({ total: count() }).from(table))[0]!.total));
    }

    const hostileText = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom(
        "",
        " ",
        "\u0000",
        "0",
        "-1",
        "1e9",
        "99999999999",
        "abc",
        "=1+1",
        "2026-02-30",
        "2026-13",
        "NaN",
        "R$ -5,00",
        "1.000.000,01",
      ),
    );
    const hostileForm = (fields: readonly string[]) =>
      fc.record(
        Object.fromEntries(fields.map((field) => [field, fc.option(hostileText, { nil: undefined })])) as Record<
          string,
          fc.Arbitrary<string | undefined>
        >,
      );

    /**
     * Posts random and hostile values to one action: it either succeeds or
     * refuses with an InputError / NotFoundError (never anything else), and
     * a refusal changes no row.
     */
    async function fuzz(fields: readonly string[], act: (input: Record<string, string | undefined>) => Promise<unknown>) {
      await fc.assert(
        fc.asyncProperty(hostileForm(fields), async (input) => {
          const before = await rowCounts();
          try {
            await act(input);
          } catch (error) {
            const isRefusal = error instanceof app.errors.InputError || error instanceof app.errors.NotFoundError;
            if (!isRefusal) throw error;
            expect(await rowCounts()).toEqual(before);
          }
        }),
        { numRuns: 50 },
      );
    }

    const ENTRY_FIELDS = [
      "direction",
      "description",
      "categoryId",
      "amount",
      "dueDate",
      "instalments",
      "counterparty",
      "notes",
      "isPaid",
      "paidDate",
      "accountId",
      "method",
      "idempotencyKey",
    ];

    it("fuzz: lançar, alterar, pagar e cancelar nunca falham com outro erro nem escrevem quando recusam", async () => {
      const { entryIds } = await createEntries(newEntry());
      const target = entryIds[0]!;
      await fuzz(ENTRY_FIELDS, (input) => createEntries(input as Record<string, string>));
      await fuzz(
        ["description", "categoryId", "amount", "dueDate", "counterparty", "notes", "entryId"],
        ({ entryId, ...input }) => app.entries.updateEntry(STAFF, entryId ?? target, input),
      );
      await fuzz(["paidDate", "accountId", "method", "idempotencyKey", "entryId"], ({ entryId, ...input }) =>
        payEntry(entryId === undefined ? target : (entryId as unknown as number), input as Record<string, string>),
      );
      await fuzz(["reason", "entryId"], ({ entryId, ...input }) => app.entries.cancelEntry(STAFF, entryId ?? target, input));
    });

    it("fuzz: contas, transferências e papéis", async () => {
      await fuzz(["name", "kind", "openingBalance", "openingDate"], (input) => app.accounts.createAccount(OWNER, input));
      await fuzz(["name", "kind", "openingBalance", "openingDate", "accountId"], ({ accountId, ...input }) =>
        app.accounts.updateAccount(OWNER, accountId ?? ids.safe, input),
      );
      await fuzz(["accountId"], ({ accountId }) => app.accounts.archiveAccount(OWNER, accountId));
      await fuzz(["fromAccountId", "toAccountId", "amount", "transferDate", "description", "idempotencyKey"], (input) =>
        app.accounts.recordTransfer(STAFF, input),
      );
      await fuzz(["cash-drawer", "pix", "card", "card-settlement", "withdrawal"], (input) =>
        app.accounts.setAccountRoles(OWNER, input),
      );
    });

    it("fuzz: recorrentes e categorias", async () => {
      const RECURRING_FIELDS = [
        "direction",
        "description",
        "categoryId",
        "amount",
        "dayOfMonth",
        "startMonth",
        "endMonth",
        "counterparty",
        "accountId",
      ];
      await fuzz(RECURRING_FIELDS, (input) =>
        app.inTransaction((tx) => app.recurring.createRecurringInTx(tx, STAFF, input, TODAY)),
      );
      const { recurringId } = await app.inTransaction((tx) =>
        app.recurring.createRecurringInTx(
          tx,
          STAFF,
          {
            direction: "out",
            description: "Contador",
            categoryId: String(ids.utilities),
            amount: "300",
            dayOfMonth: "5",
            startMonth: "2026-01",
          },
          TODAY,
        ),
      );
      await fuzz([...RECURRING_FIELDS, "recurringId"], ({ recurringId: id, ...input }) =>
        app.inTransaction((tx) => app.recurring.updateRecurringInTx(tx, STAFF, id ?? recurringId, input, TODAY)),
      );
      await fuzz(["recurringId"], ({ recurringId: id }) =>
        app.inTransaction((tx) => app.recurring.archiveRecurringInTx(tx, STAFF, id, TODAY)),
      );
      await fuzz(["name", "direction", "resultLine"], (input) => app.categories.createCategory(OWNER, input));
      await fuzz(["name", "direction", "resultLine", "categoryId"], ({ categoryId, ...input }) =>
        app.categories.updateCategory(OWNER, categoryId ?? ids.utilities, input),
      );
      await fuzz(["categoryId", "archive"], ({ categoryId, archive }) =>
        app.categories.setCategoryArchived(OWNER, categoryId, archive === "sim"),
      );
    });
  });
}
