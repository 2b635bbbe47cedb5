import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_OPTIONS } from "~/db/pglite-options";
import { addDays, formatDate, shopToday } from "~/lib/dates";
import { freshOwnDataDir, signUpOn } from "./support/own-server";
import { startExtraServer, type RunningServer } from "./support/server-process";
import { expect, test, waitForHydration } from "./support/test";

/**
 * The programme's offer, on a server of its own (its rules are this
 * journey's to change): the public rules page shows the rules in force and
 * since when, and staff give a customer of level Ouro the level's discount
 * with one tap at delivery; it is on the order, checked by the server, and
 * printed on the delivery receipt; at the register, a sale with a service
 * item for that customer is offered the same discount on the service.
 *
 * Until the points ledger lands, the customer's level comes from the rules:
 * a version in force since yesterday whose Ouro level starts at 0 points,
 * written in the database before the server starts. Once loyalty_entries
 * exists, the same standing can be given by ledger rows and the defaults.
 */
const STAFF = { email: "atendente.fidelidade@e2e.test", name: "Atendente Fidelidade" };
const CUSTOMER_NAME = "Cliente Ouro da Silva";
const SINCE = addDays(shopToday(), -1);

test.describe.configure({ mode: "serial" });

let server: RunningServer;
let staffState: string;
let orderId: number;
const SERVICE_SKU = "SERV-FIDELIDADE";

async function prepareDatabase(dataDir: string) {
  const client = new PGlite(path.join(dataDir, "pglite"), PGLITE_OPTIONS);
  try {
    const day = { open: "09:00", close: "18:00" };
    await client.query(
      `insert into shop_settings (name, legal_name, cnpj, address, cep, city, state, whatsapp, email, weekly_hours, details_confirmed_at)
       values ('Loja Fidelidade', 'Loja Fidelidade Ltda', '11222333000181', 'Rua do Teste, 1', '01001000', 'São Paulo', 'SP',
               '11987654321', 'contato@fidelidade.test', $1, now())`,
      [JSON.stringify([null, day, day, day, day, day, day])],
    );
    await client.query(
      `insert into loyalty_rule_versions (effective_from, enabled, points_per_spend_step, spend_step_cents, referral_points,
         cycle_bonus_points, cycle_bonus_min_repairs, cycle_start_month, cycle_start_day, validity_years, levels, created_by_label)
       values ($1, true, 10, 20000, 100, 100, 3, 9, 7, 1, $2, 'journey')`,
      [
        SINCE,
        JSON.stringify([
          { name: "Ouro", minPoints: 0, discountBasisPoints: 1500 },
          { name: "Diamante", minPoints: 5000, discountBasisPoints: 2000 },
        ]),
      ],
    );
    const customer = await client.query<{ id: number }>(
      `insert into customers (name, phone) values ($1, '11988887777') returning id`,
      [CUSTOMER_NAME],
    );
    // A service sold at the register (R$ 120,00) and an open register for the sale at the counter.
    await client.query(
      `insert into products (kind, sku, name, slug, price_cents, revenue_source)
       values ('service', $1, 'Desbloqueio de software', 'desbloqueio-de-software', 12000, 'services')`,
      [SERVICE_SKU],
    );
    await client.query(`insert into cash_registers (opening_float_cents, opened_by_label) values (0, 'journey')`);
    const order = await client.query<{ id: number }>(
      `insert into service_orders (tracking_code, customer_id, status, device_type, brand, model, reported_defect, lines_total_cents)
       values ('FIDE1234567', $1, 'ready', 'celular', 'Samsung', 'Galaxy A54', 'Tela quebrada', 35000) returning id`,
      [customer.rows[0]!.id],
    );
    orderId = order.rows[0]!.id;
    await client.query(
      `insert into service_order_lines (order_id, position, kind, description, quantity, unit_price_cents)
       values ($1, 0, 'service', 'Troca de tela (peça e mão de obra)', 1, 35000)`,
      [orderId],
    );
  } finally {
    await client.close();
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = await freshOwnDataDir("fidelidade", test.info().project.name);
  await prepareDatabase(dataDir);
  server = await startExtraServer({ dataDir, keepData: true });
  staffState = await signUpOn(server, dataDir, STAFF, "staff");
});

test.afterAll(async () => {
  await server?.stop();
});

test("a página pública do programa mostra as regras em vigor e desde quando, e a página inicial leva até ela", async ({
  page,
}) => {
  await page.goto(`${server.url}/`);
  const block = page.locator("#fidelidade");
  await expect(block.getByText("a partir de 0 pontos")).toBeVisible();
  await block.getByRole("link", { name: "Regulamento do programa" }).click();
  await expect(page).toHaveURL(/\/programa-de-fidelidade$/);
  await expect(page.getByRole("heading", { level: 1, name: "Regulamento do Programa de Fidelidade" })).toBeVisible();
  await expect(page.getByTestId("rules-since")).toContainText(`Regras em vigor desde ${formatDate(SINCE)}.`);
  await expect(page.getByText("Ouro", { exact: true })).toBeVisible();
  await expect(page.getByText("15%")).toBeVisible();
});

test("a equipe aplica o desconto Ouro com um toque na entrega, e ele sai no comprovante", async ({ browser }) => {
  const context = await browser.newContext({ storageState: staffState, baseURL: server.url });
  const page = await context.newPage();
  try {
    await page.goto(`/service-orders/${orderId}/edit`);
    await waitForHydration(page);
    const panel = page.getByTestId("loyalty-discount");
    await expect(panel).toContainText("Cliente nível Ouro");
    // A percentage above the level, posted by hand, is refused by the server and changes nothing.
    const forged = await page.request.post(`/service-orders/${orderId}/edit`, {
      headers: { origin: server.url },
      form: { intent: "loyalty-discount", basisPoints: "2000" },
    });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain("O desconto pedido passa do nível do cliente");

    await panel.getByRole("button", { name: /Aplicar Desconto Ouro 15%/ }).click();
    await expect(page.getByText("Desconto Ouro 15% aplicado.")).toBeVisible();
    await expect(page.getByTestId("loyalty-discount")).toContainText("Aplicado: Desconto Ouro 15%");
    await expect(page.getByTestId("balance")).toContainText("297,50");

    await page.getByText("Registrar entrega").click();
    await page.getByLabel(/Registrar saldo de .* como dívida do cliente/).check();
    await page.getByRole("button", { name: "Confirmar entrega" }).click();
    await expect(page.getByText(/Entrega registrada/)).toBeVisible();

    const receipt = await page.request.get(`/service-orders/${orderId}/print/entrega?papel=a4`);
    expect(receipt.status()).toBe(200);
    const html = await receipt.text();
    expect(html).toContain("Desconto Ouro 15%");
    expect(html).toMatch(/52,50/);
  } finally {
    await context.close();
  }
});

test("no caixa, o desconto Ouro é oferecido para o serviço da venda, aplicado com um toque e impresso no recibo", async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: staffState, baseURL: server.url });
  const page = await context.newPage();
  try {
    await page.goto("/cash-register/venda");
    await waitForHydration(page);
    const search = page.getByLabel("Produto, SKU ou código de barras");
    await search.fill(SERVICE_SKU);
    await search.press("Enter");
    await expect(page.getByTestId("item-venda")).toHaveCount(1);
    await expect(page.getByTestId("total-venda")).toHaveText("R$ 120,00");
    const offer = page.getByTestId("loyalty-discount");
    await expect(offer).toHaveCount(0);
    // The customer picked on the screen: the level is read for them, and the offer shows.
    await page.getByRole("combobox", { name: "Cliente (opcional)" }).pressSequentially("Ouro da Silva");
    await page.getByRole("option", { name: new RegExp(CUSTOMER_NAME) }).click();
    await expect(offer).toContainText("Cliente nível Ouro");
    await offer.getByRole("button", { name: /Aplicar Desconto Ouro 15% \(− R\$\s18,00\)/ }).click();
    await expect(page.getByTestId("total-venda")).toHaveText("R$ 102,00");
    await page.getByTestId("pagamento").first().getByLabel("Valor (R$)").fill("102,00");
    await page.getByRole("button", { name: "Concluir venda" }).click();
    await expect(page).toHaveURL(/\/cash-register\/vendas\/\d+$/);
    await expect(page.getByText("Desconto Ouro 15%")).toBeVisible();
    const saleId = /vendas\/(\d+)$/.exec(page.url())![1];
    const receipt = await page.request.get(`/cash-register/vendas/${saleId}/print/recibo?papel=a4`);
    expect(receipt.status()).toBe(200);
    const html = await receipt.text();
    expect(html).toContain("Desconto Ouro 15%");
    expect(html).toMatch(/102,00/);
  } finally {
    await context.close();
  }
});
