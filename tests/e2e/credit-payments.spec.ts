import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type Browser, type BrowserContextOptions } from "@playwright/test";
import { drizzle } from "drizzle-orm/pglite";
import type { Database } from "~/db/client.server";
import { PGLITE_OPTIONS } from "~/db/pglite-options";
import { addDays, shopToday } from "~/lib/dates";
import { insertTestCreditPlan } from "../support/credit-plans";
import { accessibilityViolations } from "./support/axe";
import { freshOwnDataDir, signUpOn } from "./support/own-server";
import { PHONE_SCREEN } from "./support/screens";
import { startExtraServer, type RunningServer } from "./support/server-process";
import { expect, failedLoad, test } from "./support/test";

/**
 * Paying the crediário, on a server of its own whose database gets the
 * plans before it starts (plans are made by another page, in progress at
 * the same time): an instalment 10 days late paid with its charges
 * (R$ 226,61, the example), the next one paid in part, the
 * receipt; the payoff right after the second instalment
 * (R$ 823,33); and the customer seeing their own plan in "Minha conta"
 * with a PIX code for the next instalment, never another customer's.
 */
const STAFF = { email: "crediario@e2e.test", name: "Carla Crediário" };
const CUSTOMER = { email: "cliente-crediario@e2e.test", name: "Joana Parcelas" };
const OTHER = { name: "Outro Cliente" };

test.describe.configure({ mode: "serial" });

let server: RunningServer;
let staffState: string;
let customerState: string;
const plans = { late: 0, payoff: 0, other: 0 };
let otherCustomerId = 0;

/** A sale of R$ 1.200,00 to the customer, the origin of one plan. */
async function insertSale(client: PGlite, customerId: number, code: string) {
  const sale = await client.query<{ id: number }>(
    `insert into sales (items_total_cents, total_cents, code, customer_id, created_by_label)
     values (120000, 120000, $1, $2, 'teste') returning id`,
    [code, customerId],
  );
  const saleId = sale.rows[0]!.id;
  await client.query(
    `insert into sale_items (sale_id, product_id, description, quantity, unit_price_cents, total_cents, revenue_source)
     select $1, id, 'Celular', 1, 120000, 120000, 'products' from products where sku = 'CEL-CRED'`,
    [saleId],
  );
  return saleId;
}

async function prepareDatabase(dataDir: string) {
  const client = new PGlite(path.join(dataDir, "pglite"), PGLITE_OPTIONS);
  try {
    // The shop's own details with its PIX key (PIX is refused while the key is the demo's); with them there, no demo seed.
    const day = { open: "09:00", close: "18:00" };
    await client.query(
      `insert into shop_settings (name, legal_name, cnpj, address, cep, city, state, whatsapp, email, weekly_hours, pix_key, pix_key_type, details_confirmed_at)
       values ('Loja E2E', 'Loja E2E Ltda', '11222333000181', 'Rua do Teste, 1', '01001000', 'São Paulo', 'SP', '11987654321',
               'contato@loja-e2e.com.br', $1, 'pix@loja-e2e.com.br', 'email', now())`,
      [JSON.stringify([null, day, day, day, day, day, day])],
    );
    await client.query(
      `insert into products (kind, sku, name, slug, price_cents) values ('product', 'CEL-CRED', 'Celular', 'celular-cred', 120000)`,
    );
    const customer = await client.query<{ id: number }>(
      `insert into customers (name, phone, email) values ($1, '11987650001', $2) returning id`,
      [CUSTOMER.name, CUSTOMER.email],
    );
    const other = await client.query<{ id: number }>(
      `insert into customers (name, phone) values ($1, '11987650002') returning id`,
      [OTHER.name],
    );
    const customerId = customer.rows[0]!.id;
    const otherId = other.rows[0]!.id;
    otherCustomerId = otherId;
    // An IOU of R$ 30,00 three days overdue: the other customer's oldest debt.
    await client.query(
      `insert into debts (customer_id, kind, description, revenue_source, amount_cents, incurred_on, due_date, created_by_label)
       values ($1, 'iou', 'Impressões coloridas', 'printing-design', 3000, $2, $2, 'teste')`,
      [otherId, addDays(shopToday(), -3)],
    );
    // The plans' arithmetic is the app's own (priceSchedule); the helper writes what the plan form would.
    const db = drizzle(client) as unknown as Database;
    const example = { financedCents: 120_000, instalmentCount: 6, monthlyRateBasisPoints: 299, isEvery30Days: true } as const;
    const today = shopToday();
    plans.late = (
      await insertTestCreditPlan(db, {
        ...example,
        customerId,
        origin: { saleId: await insertSale(client, customerId, "VENDACRED1") },
        contractDate: addDays(today, -40),
      })
    ).planId;
    plans.payoff = (
      await insertTestCreditPlan(db, {
        ...example,
        customerId,
        origin: { saleId: await insertSale(client, customerId, "VENDACRED2") },
        contractDate: addDays(today, -60),
        paidInstalments: 2,
      })
    ).planId;
    plans.other = (
      await insertTestCreditPlan(db, {
        ...example,
        customerId: otherId,
        origin: { saleId: await insertSale(client, otherId, "VENDACRED3") },
        contractDate: addDays(today, -5),
      })
    ).planId;
  } finally {
    await client.close();
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = await freshOwnDataDir("crediario-pagamentos", test.info().project.name);
  await prepareDatabase(dataDir);
  server = await startExtraServer({ dataDir, keepData: true });
  staffState = await signUpOn(server, dataDir, STAFF, "staff");
  customerState = await signUpOn(server, dataDir, CUSTOMER, null);
});

test.afterAll(async () => {
  await server?.stop();
});

async function staffPage(browser: Browser, screen: BrowserContextOptions = {}) {
  const context = await browser.newContext({ ...screen, storageState: staffState, baseURL: server.url });
  return { context, page: await context.newPage() };
}

test("a equipe recebe uma parcela atrasada com multa e juros, parte da seguinte, imprime o recibo e quita outro crediário antecipado", async ({
  browser,
  consoleErrors,
}) => {
  consoleErrors.allow(failedLoad(409));
  const { context, page } = await staffPage(browser);

  // The first instalment is 10 days late: what is due today comes prefilled, with its charges.
  await page.goto(`/cdc/${plans.late}/pagar`);
  await expect(page.getByRole("heading", { name: "Pagar parcelas", level: 1 })).toBeVisible();
  await expect(page.getByText("Vencida há 10 dias · multa e juros: R$ 5,17")).toBeVisible();
  await expect(page.getByLabel("Valor (R$)", { exact: true })).toHaveValue("226,61");
  const pix = page.getByRole("region", { name: "PIX de R$ 226,61" });
  const code = await pix.getByRole("textbox").inputValue();
  expect(code).toContain("5406226.61"); // field 54, 6 characters: the amount
  expect(code).toContain(`CDC${plans.late}P1`);
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  expect(await accessibilityViolations(page)).toEqual([]);

  // More than is owed is refused, next to the field, and nothing is recorded.
  await page.getByLabel("Valor (R$)", { exact: true }).fill("99.999,00");
  await page.getByRole("button", { name: "Registrar pagamento" }).click();
  await expect(page.getByText(/O valor passa do total devido hoje/)).toBeVisible();

  await page.getByLabel("Valor (R$)", { exact: true }).fill("226,61");
  await page.getByLabel("Forma de pagamento").selectOption("pix");
  await page.getByRole("button", { name: "Registrar pagamento" }).click();
  await expect(page).toHaveURL(new RegExp(`/cdc/${plans.late}/extrato$`));
  await expect(page.getByRole("status").filter({ hasText: /Pagamento de R\$\s226,61 registrado\./ })).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.filter({ hasText: "1/6" })).toContainText("Paga");
  await expect(rows.filter({ hasText: "1/6" })).toContainText("R$ 5,17");

  // Part of the second, 20 days before it is due: the interest run in the 10 days since the first (R$ 10,11), then
  // principal (R$ 89,89), and the interest that principal would have earned by the due date falls (R$ 1,79; CDC art. 52 §2).
  await page.getByRole("link", { name: "Pagar", exact: true }).click();
  await expect(page.getByLabel("Valor (R$)", { exact: true })).toHaveValue("221,44");
  await page.getByLabel("Valor (R$)", { exact: true }).fill("100,00");
  await page.getByRole("button", { name: "Registrar pagamento" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Pagamento de R\$\s100,00 registrado\./ })).toBeVisible();
  await expect(rows.filter({ hasText: "2/6" })).toContainText("Em aberto");
  await expect(rows.filter({ hasText: "2/6" })).toContainText("hoje: R$ 119,65");

  // The receipt of the late payment: charges, interest and principal in that order.
  const receiptLink = page.getByRole("link", { name: "Recibo", exact: true }).last();
  await receiptLink.click();
  await expect(page).toHaveURL(/\/recibo\?papel=80mm$/);
  const receipt = page.locator("main");
  await expect(receipt).toContainText(`Recibo de pagamento · Crediário nº ${plans.late}`);
  await expect(receipt).toContainText("Multa e juros de atraso");
  await expect(receipt).toContainText("R$ 5,17");
  await expect(receipt).toContainText("R$ 226,61");

  // The payoff right after the second instalment costs the balance still owed, not the nominal R$ 885,78.
  await page.goto(`/cdc/${plans.payoff}/quitar`);
  await expect(page.getByTestId("payoff-total")).toHaveText("R$ 823,33");
  await expect(page.getByText("R$ 885,78", { exact: true })).toBeVisible();
  await page.getByLabel("Forma de pagamento").selectOption("debit");
  await page.getByRole("button", { name: "Confirmar quitação de R$ 823,33" }).click();
  await expect(page).toHaveURL(new RegExp(`/cdc/${plans.payoff}/extrato$`));
  await expect(
    page.getByRole("status").filter({ hasText: /Quitação de R\$\s823,33 registrada.*crediário quitado/ }),
  ).toBeVisible();
  await expect(page.getByText("Quitado", { exact: true })).toBeVisible();
  await context.close();
});

test("um pagamento em /devedores quita o débito mais antigo e parte da parcela seguinte", async ({ browser }) => {
  const { context, page } = await staffPage(browser);
  await page.goto(`/devedores/${otherCustomerId}/pagamento`);
  await expect(page.getByRole("heading", { name: "Registrar pagamento", level: 1 })).toBeVisible();
  const items = page.getByRole("group", { name: "O que pagar" }).getByRole("checkbox");
  await expect(items).toHaveCount(7);
  await expect(items.first()).toBeChecked();
  await expect(page.getByRole("group", { name: "O que pagar" }).getByRole("listitem").first()).toContainText(
    "Débito · Impressões coloridas",
  );
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByLabel("Valor (R$)", { exact: true }).fill("50,00");
  await page.getByRole("button", { name: "Registrar pagamento" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Pagamento de R\$\s50,00 registrado em 2 itens\./ })).toBeVisible();
  // The IOU is paid; the first instalment is still there, R$ 20,00 less.
  await expect(items).toHaveCount(6);
  await expect(page.getByText("Impressões coloridas")).toHaveCount(0);
  await context.close();
});

test("no celular, a página de pagamento cabe na tela e mostra o PIX", async ({ browser }) => {
  const { context, page } = await staffPage(browser, PHONE_SCREEN);
  await page.goto(`/cdc/${plans.other}/pagar`);
  await expect(page.getByRole("heading", { name: "Pagar parcelas", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: /PIX de R\$/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

test("o cliente vê o seu crediário em Minha conta, com o PIX da próxima parcela, e nunca o de outro cliente", async ({
  browser,
  consoleErrors,
}) => {
  consoleErrors.allow(failedLoad(403));
  // At both screens: this part of the file runs once, in the desktop project (playwright.config.ts).
  for (const [name, screen] of [
    ["computador", {}],
    ["celular", PHONE_SCREEN],
  ] as const) {
    await test.step(name, async () => {
      const context = await browser.newContext({ ...screen, storageState: customerState, baseURL: server.url });
      const page = await context.newPage();
      await page.goto("/dashboard");
      const section = page.getByRole("region", { name: "Meus crediários" });
      await expect(section.getByRole("heading", { name: `Crediário nº ${plans.late}` })).toBeVisible();
      await expect(section.getByRole("heading", { name: `Crediário nº ${plans.other}` })).toHaveCount(0);
      const plan = section
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name: `Crediário nº ${plans.late}` }) });
      const pix = plan.getByRole("region", { name: /PIX da parcela/ });
      await expect(pix).toBeVisible();
      expect(await pix.getByRole("textbox").inputValue()).toMatch(new RegExp(`CDC${plans.late}P\\d`));
      // The staff pages of another's plan are closed to a customer.
      const response = await page.goto(`/cdc/${plans.other}/extrato`);
      expect(response?.status()).toBe(403);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await context.close();
    });
  }
});
