import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_OPTIONS } from "~/db/pglite-options";
import { addDays, addMonths, atShopTime, shopToday } from "~/lib/dates";
import { accessibilityViolations } from "./support/axe";
import { freshOwnDataDir, signUpOn } from "./support/own-server";
import { NARROW_PHONE_SCREEN } from "./support/screens";
import { startExtraServer, type RunningServer } from "./support/server-process";
import { expect, test } from "./support/test";

/**
 * The owner reads the month on /financial-management, on a server of its
 * own whose database gets a month of money before it starts (the entries
 * as finance's posting core writes them, a sale's cost in the stock
 * ledger; the forms that write them are other people's work in progress):
 * the month result line by line, the cash flow and 12-month charts and
 * their numbers, what is overdue and due this week, the month picker; then
 * the page at 360 px.
 */
/** Finance is the owner's (and of staff the owner grants "Financeiro"): the owner reads it here. */
const OWNER = { email: "financeiro@e2e.test", name: "Fábio Financeiro" };
const TODAY = shopToday();
const MONTH = TODAY.slice(0, 7);
const FIRST_DAY = `${MONTH}-01`;
const PREVIOUS_MONTH = addMonths(FIRST_DAY, -1).slice(0, 7);

test.describe.configure({ mode: "serial" });

let server: RunningServer;
let storageState: string;

/** This month: R$ 800,00 in (services 500, products 300), a R$ 20,00 discount, rent 200, a R$ 30,00 cost of goods, stock bought for 150. */
async function prepareDatabase(dataDir: string) {
  const client = new PGlite(path.join(dataDir, "pglite"), PGLITE_OPTIONS);
  try {
    const entry = (key: string, cents: number, paidDate: string | null, dueDate: string, description: string) =>
      client.query(
        `insert into finance_entries (direction, description, category_id, amount_cents, due_date, paid_date, account_id, created_by_label)
         select c.direction, $1, c.id, $2, $3::date, $4::date, case when $4::date is null then null else r.account_id end, 'teste'
         from finance_categories c, finance_account_roles r where c.system_key = $5 and r.role = 'pix'`,
        [description, cents, dueDate, paidDate, key],
      );
    await entry("revenue-services", 50_000, FIRST_DAY, FIRST_DAY, "Consertos do dia");
    await entry("revenue-products", 30_000, FIRST_DAY, FIRST_DAY, "Vendas do dia");
    await entry("discounts", 2_000, FIRST_DAY, FIRST_DAY, "Descontos do dia");
    await entry("rent", 20_000, FIRST_DAY, FIRST_DAY, "Aluguel da loja");
    await entry("stock-purchases", 15_000, FIRST_DAY, FIRST_DAY, "Compra de capas");
    await entry("revenue-services", 10_000, `${PREVIOUS_MONTH}-15`, `${PREVIOUS_MONTH}-15`, "Consertos do mês passado");
    // Open: one overdue, one due in two days.
    await entry("utilities", 12_345, null, addDays(TODAY, -3), "Conta de luz atrasada");
    await entry("software", 6_789, null, addDays(TODAY, 2), "Assinatura do sistema");

    await client.query(
      `insert into products (kind, sku, name, slug, price_cents, stock_quantity, average_cost_cents)
       values ('product', 'CAPA-FIN', 'Capa de teste', 'capa-fin', 15000, 8, 1500)`,
    );
    await client.query(
      `insert into stock_movements (product_id, kind, quantity, unit_cost_cents, balance_after, average_cost_after_cents, actor_label, created_at)
       select id, 'entry', 10, 1500, 10, 1500, 'teste', $1::timestamptz from products where sku = 'CAPA-FIN'
       union all
       select id, 'sale', -2, 1500, 8, 1500, 'teste', $2::timestamptz from products where sku = 'CAPA-FIN'`,
      [atShopTime(addDays(FIRST_DAY, -20), "10:00").toISOString(), atShopTime(FIRST_DAY, "12:00").toISOString()],
    );
    // The shop's own details: with them there, no demo data is seeded over these numbers.
    const day = { open: "09:00", close: "18:00" };
    await client.query(
      `insert into shop_settings (name, legal_name, cnpj, address, cep, city, state, whatsapp, email, weekly_hours, details_confirmed_at)
       values ('Loja E2E', 'Loja E2E Ltda', '11222333000181', 'Rua do Teste, 1', '01001000', 'São Paulo', 'SP', '11987654321',
               'contato@loja-e2e.com.br', $1, now())`,
      [JSON.stringify([null, day, day, day, day, day, day])],
    );
  } finally {
    await client.close();
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const testInfo = test.info();
  const dataDir = await freshOwnDataDir("financeiro", testInfo.project.name);
  await prepareDatabase(dataDir);
  server = await startExtraServer({ dataDir, keepData: true });

  storageState = await signUpOn(server, dataDir, OWNER, "owner");
});

test.afterAll(async () => {
  await server?.stop();
});

const money = (text: string) => new RegExp(text.replaceAll("R$ ", "R\\$\\s").replaceAll("− ", "−\\s"));

test("o financeiro lê o resultado do mês linha a linha, os gráficos com os seus números, os vencidos e a semana, e troca de mês", async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState, baseURL: server.url });
  const page = await context.newPage();
  await page.goto("/financial-management");
  await expect(page.getByRole("heading", { name: /Financeiro/, level: 1 })).toBeVisible();

  const result = page.getByTestId("month-result");
  await expect(page.getByTestId("result-gross-revenue")).toContainText(money("R$ 800,00"));
  await expect(result.getByRole("row", { name: /Serviços/ })).toContainText(money("R$ 500,00"));
  await expect(result.getByRole("row", { name: /Produtos/ })).toContainText(money("R$ 300,00"));
  await expect(result.getByRole("row", { name: /Descontos concedidos/ })).toContainText(money("− R$ 20,00"));
  await expect(page.getByTestId("result-net-revenue")).toContainText(money("R$ 780,00"));
  await expect(page.getByTestId("result-stock-cost")).toContainText(money("− R$ 30,00"));
  await expect(page.getByTestId("result-gross-profit")).toContainText(money("R$ 750,00"));
  await expect(page.getByTestId("result-operating-expenses")).toContainText(money("− R$ 200,00"));
  await expect(page.getByTestId("result-final")).toContainText(money("R$ 550,00"));
  // Stock bought is cash, not result: it is in the chart, never in the table.
  await expect(result).not.toContainText("Compra de mercadorias");

  const cashFlow = page.getByTestId("cash-flow-chart");
  await expect(cashFlow.getByRole("img")).toHaveAttribute("aria-label", money("entradas R$ 800,00, saídas R$ 370,00"));
  await cashFlow.getByText("Ver os números por dia").click();
  await expect(cashFlow.getByRole("row").nth(1)).toContainText(money("R$ 800,00"));
  await expect(cashFlow.getByRole("row").nth(1)).toContainText(money("R$ 370,00"));

  const months = page.getByTestId("twelve-months-chart");
  await months.getByText("Ver os números por mês").click();
  await expect(months.getByRole("row")).toHaveCount(13);
  await expect(months.getByRole("row").last()).toContainText(money("R$ 550,00"));
  await expect(months.getByRole("row").nth(11)).toContainText(money("R$ 100,00"));

  await expect(page.getByTestId("overdue-entries")).toContainText("Conta de luz atrasada");
  await expect(page.getByTestId("overdue-entries")).toContainText(money("R$ 123,45"));
  await expect(page.getByTestId("due-this-week")).toContainText("Assinatura do sistema");
  await expect(page.getByTestId("due-this-week")).not.toContainText("Conta de luz atrasada");
  expect(await accessibilityViolations(page)).toEqual([]);

  // The month before, through its link: only last month's repairs.
  await page.getByRole("link", { name: /mês anterior/ }).click();
  await expect(page).toHaveURL(new RegExp(`mes=${PREVIOUS_MONTH}$`));
  await expect(page.getByTestId("result-final")).toContainText(money("R$ 100,00"));
  // The picker, and a month that is no month, which is answered with the current one.
  await page.getByLabel("Mês", { exact: true }).fill(MONTH);
  await page.getByRole("button", { name: "Ver" }).click();
  await expect(page.getByTestId("result-final")).toContainText(money("R$ 550,00"));
  await page.goto("/financial-management?mes=2026-13");
  await expect(page).toHaveURL(/\/financial-management$/);
  await context.close();
});

test("no celular (360 px), o resultado e os gráficos cabem na tela", async ({ browser }) => {
  const context = await browser.newContext({
    storageState,
    baseURL: server.url,
    ...NARROW_PHONE_SCREEN,
  });
  const page = await context.newPage();
  await page.goto("/financial-management");
  await expect(page.getByTestId("result-final")).toContainText(money("R$ 550,00"));
  for (const chart of ["cash-flow-chart", "twelve-months-chart"]) {
    const box = await page.getByTestId(chart).getByRole("img").boundingBox();
    expect(box, chart).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
});
