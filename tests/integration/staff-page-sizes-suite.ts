import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, shopMonthOf, shopMonthRange, shopToday } from "~/lib/dates";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";
import { PAGE_BUDGET_BYTES, pageOwnBytes, renderPage, runLoader, SHELL_BYTES } from "../support/render-page";

const OWNER = { id: "owner-page-sizes", email: "dona@loja.test", name: "Dona da Loja", role: "owner" as const };
const STAFF = { id: "staff-page-sizes", email: "ana@loja.test", name: "Ana Balcão", role: "staff" as const };

async function loadModules() {
  const [db, auth, register, finance, faq, services, cardsRoute, servicesRoute, faqRoute, balances] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/cash-register"),
    import("~/db/schema/finance"),
    import("~/db/schema/faq"),
    import("~/db/schema/shop-services"),
    import("~/routes/_staff/finance-cards"),
    import("~/routes/_staff/content-services"),
    import("~/routes/_staff/content-faq"),
    import("~/modules/finance/balances.server"),
  ]);
  return {
    db: await db.getDb(),
    tables: { ...auth, ...register, ...finance, ...faq, ...services },
    routes: { cards: cardsRoute, services: servicesRoute, faq: faqRoute },
    balances,
  };
}

/** Text of exactly `length` characters, words and spaces, different per `seed`. */
function textOf(length: number, seed: number) {
  const words = `palavra${seed} de teste com acentuação e pontuação, `;
  return words.repeat(Math.ceil(length / words.length)).slice(0, length);
}

/**
 * Issue 26 §1: each staff page ≤ 200 KB of HTML at the scale seed. These
 * pages grew with their lists (a month of card receivables; cards, footer
 * lines and questions each rendered with an edit form, the FAQ's answers
 * with their preview and their Markdown in the hydration data): a full page
 * from the real loader, at the lists' limits, stays within what the shell
 * leaves of the budget.
 */
export function defineStaffPageSizesSuite(database: TestDatabase) {
  describeOnDatabase(database, "páginas da equipe dentro do orçamento da issue 26: cartões, serviços, perguntas, contas", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await app.db.insert(app.tables.user).values([
        { id: OWNER.id, name: OWNER.name, email: OWNER.email, role: OWNER.role },
        { id: STAFF.id, name: STAFF.name, email: STAFF.email, role: STAFF.role },
      ]);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    it("/financial-management/cartoes: a full page of a busy month's receivables, with the owner's forms", async () => {
      const today = shopToday();
      const month = shopMonthRange(shopMonthOf(today));
      const accounts = await app.db.select({ id: app.tables.financeAccounts.id }).from(app.tables.financeAccounts);
      expect(accounts.length).toBeGreaterThan(1);
      const count = 120;
      const entries = await app.db
        .insert(app.tables.registerEntries)
        .values(
          Array.from({ length: count }, (_, index) => ({
            kind: "sale" as const,
            method: "credit" as const,
            amountCents: 10_000 + index,
            reason: `Venda no cartão com um motivo comprido ${index}`,
            businessDate: month.firstDay,
            actorUserId: STAFF.id,
            actorLabel: STAFF.email,
          })),
        )
        .returning({ id: app.tables.registerEntries.id });
      await app.db.insert(app.tables.cardReceivables).values(
        entries.map((entry, index) => ({
          registerEntryId: entry.id,
          instalmentNumber: 1,
          instalmentCount: 12,
          expectedDate: addDays(month.firstDay, index % 28),
          grossCents: 123_456,
          feeCents: 5_432,
          netCents: 118_024,
          acquirerAccountId: accounts[0]!.id,
          settlementAccountId: accounts[1]!.id,
        })),
      );
      const path = "/financial-management/cartoes";
      const loaderData = await runLoader(app.routes.cards, path, OWNER);
      expect(loaderData.canEdit).toBe(true);
      expect(loaderData.hasNextPage).toBe(true);
      const html = renderPage(app.routes.cards, path, loaderData);
      expect(html).toContain("Recebíveis");
      expect(html).toContain("Alterar data");
      expect(html).not.toContain("Salvar data");
      // Against the finance shell as bench:load weighs it (120 KB): 50 rows a page, forms gone, were still 211 KB there.
      expect(pageOwnBytes(html, loaderData)).toBeLessThan(PAGE_BUDGET_BYTES - 120 * 1024);
      expect(SHELL_BYTES).toBeLessThan(120 * 1024);
      // One row's date form, on demand, on the same period and page.
      const editing = loaderData.receivables[3]!;
      const editPath = `${path}?de=${loaderData.period.from}&ate=${loaderData.period.to}&alterar=${editing.id}`;
      const withForm = await runLoader(app.routes.cards, editPath, OWNER);
      const formHtml = renderPage(app.routes.cards, editPath, withForm);
      expect(formHtml.match(/Salvar data/g)).toHaveLength(1);
      expect(formHtml).toContain(`name="receivableId" value="${editing.id}"`);
    });

    it("/blog-management/servicos: every card and footer line the limits allow, at their longest", async () => {
      const { SHOP_SERVICE_LIMITS } = await import("~/modules/shop-services/validation");
      await app.db.delete(app.tables.shopServices);
      const rows = [
        ...Array.from({ length: SHOP_SERVICE_LIMITS.homeCards }, (_, index) => ({
          placement: "home" as const,
          icon: "smartphone",
          title: textOf(SHOP_SERVICE_LIMITS.title, index),
          description: textOf(SHOP_SERVICE_LIMITS.description, index),
          details: textOf(SHOP_SERVICE_LIMITS.details, index + 100),
          position: index,
        })),
        ...Array.from({ length: SHOP_SERVICE_LIMITS.footerLines }, (_, index) => ({
          placement: "footer" as const,
          title: textOf(SHOP_SERVICE_LIMITS.footerTitle, index + 200),
          position: index,
        })),
      ];
      await app.db.insert(app.tables.shopServices).values(rows);
      const path = "/blog-management/servicos";
      const loaderData = await runLoader(app.routes.services, path, STAFF);
      const html = renderPage(app.routes.services, path, loaderData);
      expect(html).toContain(textOf(SHOP_SERVICE_LIMITS.title, SHOP_SERVICE_LIMITS.homeCards - 1));
      expect(pageOwnBytes(html, loaderData)).toBeLessThan(PAGE_BUDGET_BYTES - SHELL_BYTES);
      // One card's form, on demand, with its details.
      const editing = loaderData.home[5]!;
      const withForm = await runLoader(app.routes.services, `${path}?editar=${editing.id}`, STAFF);
      const formHtml = renderPage(app.routes.services, `${path}?editar=${editing.id}`, withForm);
      expect(formHtml).toContain(textOf(SHOP_SERVICE_LIMITS.details, 105));
      expect(formHtml.match(/>Salvar</g)).toHaveLength(1);
    });

    it("/blog-management/perguntas: twenty-five questions with long answers (each still ~3 KB with its four buttons: the list is not paged)", async () => {
      await app.db.delete(app.tables.faqEntries);
      await app.db.insert(app.tables.faqEntries).values(
        Array.from({ length: 25 }, (_, index) => ({
          question: `Pergunta ${index}: ${textOf(90, index)}?`,
          answer: `**Resposta ${index}.** ${textOf(1_500, index)}`,
          position: index,
        })),
      );
      const path = "/blog-management/perguntas";
      const loaderData = await runLoader(app.routes.faq, path, STAFF);
      const html = renderPage(app.routes.faq, path, loaderData);
      expect(html).toContain("Pergunta 24:");
      expect(html).not.toContain("Resposta 3.");
      expect(pageOwnBytes(html, loaderData)).toBeLessThan(PAGE_BUDGET_BYTES - SHELL_BYTES);
      // One question's editor, on demand, with its answer and its preview drawn.
      const editing = loaderData.entries[3]!;
      const withForm = await runLoader(app.routes.faq, `${path}?editar=${editing.id}`, STAFF);
      const formHtml = renderPage(app.routes.faq, `${path}?editar=${editing.id}`, withForm);
      expect(formHtml).toContain("**Resposta 3.**");
      expect(formHtml).toContain("<strong>Resposta 3.</strong>");
      expect(formHtml.match(/Salvar pergunta/g)).toHaveLength(1);
    });

    it("the accounts' balances read the paid entries' daily totals, not every entry since the shop opened", async () => {
      // /financial-management/contas summed a year of sales on each view (56 ms of CPU a request at the scale seed).
      const today = shopToday();
      const [account] = await app.db.select({ id: app.tables.financeAccounts.id }).from(app.tables.financeAccounts).limit(1);
      const [category] = await app.db
        .select({ id: app.tables.financeCategories.id })
        .from(app.tables.financeCategories)
        .where(sql`direction = 'in'`)
        .limit(1);
      const before = (await app.balances.accountBalances(today)).find((row) => row.accountId === account!.id)!;
      await app.db.insert(app.tables.financeEntries).values([
        {
          direction: "in",
          description: "Recebido ontem",
          categoryId: category!.id,
          amountCents: 7_000,
          dueDate: addDays(today, -1),
          paidDate: addDays(today, -1),
          accountId: account!.id,
          createdByLabel: STAFF.email,
        },
        {
          direction: "out",
          description: "Pago hoje",
          categoryId: category!.id,
          amountCents: 2_500,
          dueDate: today,
          paidDate: today,
          accountId: account!.id,
          createdByLabel: STAFF.email,
        },
        {
          direction: "in",
          description: "Recebido amanhã",
          categoryId: category!.id,
          amountCents: 900,
          dueDate: addDays(today, 1),
          paidDate: addDays(today, 1),
          accountId: account!.id,
          createdByLabel: STAFF.email,
        },
        {
          direction: "in",
          description: "Em aberto",
          categoryId: category!.id,
          amountCents: 50_000,
          dueDate: today,
          createdByLabel: STAFF.email,
        },
      ]);
      const after = (await app.balances.accountBalances(today)).find((row) => row.accountId === account!.id)!;
      expect(after.balanceCents - before.balanceCents).toBe(7_000 - 2_500);
      const plan = JSON.stringify(
        (await app.db.execute(sql`explain (format json) ${app.balances.accountBalancesQuery(today)}`)).rows,
      );
      expect(plan).toContain('"Relation Name":"finance_daily_totals"');
      expect(plan).not.toContain('"Relation Name":"finance_entries"');
    });
  });
}
