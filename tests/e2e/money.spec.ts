import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { Page } from "@playwright/test";
import { PGLITE_OPTIONS } from "~/db/pglite-options";
import { freshOwnDataDir, signInOn, signUpOn } from "./support/own-server";
import { startExtraServer, type RunningServer } from "./support/server-process";
import { expect, test } from "./support/test";

/**
 * The money issue end to end, on a server of its own: a customer's R$ 300,00
 * fiado becomes a crediário in 3 with the disclosure shown before saving; the
 * contract prints; two instalments are paid. Then the server starts again
 * 135 days later (its clock moved by tests/e2e/support/shifted-clock.mjs):
 * the third instalment is 40-odd days late, the customer is in /devedores in
 * the 31–60 bucket, and the WhatsApp reminder goes to that customer only,
 * with today's amount (late charges included, valid today), the shop's name,
 * address and CNPJ and a PIX code for it.
 */
const STAFF = { email: "financeiro@e2e.test", name: "Flávia Financeiro" };
const CUSTOMER = { name: "Rogério Parcelado", phone: "11944443333" };
const SHIFTED_CLOCK = fileURLToPath(new URL("./support/shifted-clock.mjs", import.meta.url));
const DAYS_LATER = 135;

test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string;
let storageState: string;

async function prepareDatabase() {
  const client = new PGlite(path.join(dataDir, "pglite"), PGLITE_OPTIONS);
  try {
    const day = { open: "09:00", close: "18:00" };
    await client.query(
      `insert into shop_settings (name, legal_name, cnpj, address, cep, city, state, whatsapp, email, weekly_hours, pix_key, pix_key_type, details_confirmed_at)
       values ('Loja do Dinheiro', 'Loja do Dinheiro Ltda', '11222333000181', 'Rua das Contas, 12', '01001000', 'São Paulo', 'SP',
               '11987654321', 'contato@loja-dinheiro.com.br', $1, 'contato@loja-dinheiro.com.br', 'email', now())`,
      [JSON.stringify([null, day, day, day, day, day, day])],
    );
    await client.query(`insert into customers (name, phone) values ($1, $2)`, [CUSTOMER.name, CUSTOMER.phone]);
    await client.query(
      `insert into debts (customer_id, kind, description, amount_cents, incurred_on, due_date, created_by_label)
       select id, 'iou', 'Troca de bateria fiada', 30000, current_date, current_date, 'teste' from customers where name = $1`,
      [CUSTOMER.name],
    );
  } finally {
    await client.close();
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = await freshOwnDataDir("dinheiro", test.info().project.name);
  await prepareDatabase();
  server = await startExtraServer({ dataDir, keepData: true });
  storageState = await signUpOn(server, dataDir, STAFF, "staff");
});

test.afterAll(async () => {
  await server?.stop();
});

async function payInstalment(page: Page, planPath: string, number: number) {
  await page.goto(`${planPath}/pagar`);
  await page.getByLabel("Valor (R$)", { exact: true }).fill("100,00");
  await page.getByLabel("Forma de pagamento").selectOption("pix");
  await page.getByRole("button", { name: "Registrar pagamento" }).click();
  await expect(page).toHaveURL(new RegExp(`${planPath}/extrato$`));
  await expect(
    page
      .getByRole("table")
      .getByRole("row")
      .filter({ hasText: `${number}/3` }),
  ).toContainText("Paga");
}

test("um fiado vira crediário com as informações do art. 52, duas parcelas são pagas, a terceira atrasa e o lembrete sai pelo WhatsApp", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  let context = await browser.newContext({ storageState, baseURL: server.url });
  let page = await context.newPage();

  // The plan: the disclosure is on the page before it is saved.
  await page.goto("/cdc/novo?divida=1");
  await expect(page.getByRole("heading", { name: "Novo crediário", level: 1 })).toBeVisible();
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  await page.getByLabel(/^Parcelas/).fill("3");
  const disclosure = page.getByTestId("credit-disclosure");
  await expect(disclosure.getByTestId("disclosure-instalments")).toHaveText("3 × R$ 100,00");
  await expect(disclosure).toContainText("Loja do Dinheiro Ltda");
  await page.getByRole("button", { name: "Salvar crediário" }).click();
  await expect(page.getByRole("heading", { name: /Crediário nº \d+/, level: 1 })).toBeVisible();
  const planPath = new URL(page.url()).pathname;

  await page.getByRole("link", { name: "Imprimir contrato" }).first().click();
  await expect(page.getByRole("heading", { name: /Contrato de crediário nº \d+/ })).toBeVisible();
  await expect(page.getByText("Assinatura do cliente")).toBeVisible();

  await payInstalment(page, planPath, 1);
  await payInstalment(page, planPath, 2);
  await context.close();

  // 135 days later the third instalment (due about 91 days after the contract) is 40-odd days late.
  await server.stop();
  server = await startExtraServer({
    dataDir,
    keepData: true,
    env: { NODE_OPTIONS: `--import ${SHIFTED_CLOCK}`, BALCAO_TEST_CLOCK_OFFSET_DAYS: String(DAYS_LATER) },
  });
  storageState = await signInOn(server, dataDir, STAFF);
  context = await browser.newContext({ storageState, baseURL: server.url });
  await context.route("https://wa.me/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>WhatsApp</title>" }),
  );
  page = await context.newPage();

  await page.goto(`/devedores?q=${encodeURIComponent(CUSTOMER.name)}`);
  const listed = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: CUSTOMER.name }) });
  await expect(listed).toContainText("31–60 dias");
  await expect(listed).toContainText("R$ 100,00");
  await listed.getByRole("link", { name: CUSTOMER.name }).click();

  const reminder = page.getByLabel("Texto do lembrete");
  for (const part of ["Loja do Dinheiro", "Rua das Contas, 12", "11.222.333/0001-81", "válido para pagamento até hoje"]) {
    await expect(reminder).toContainText(part);
  }
  // Today's amount: the R$ 100,00 instalment with its late fee and interest, which is what paying today settles.
  const asked = /o valor de R\$\s([\d.]+,\d{2}), válido/.exec((await reminder.textContent()) ?? "")?.[1] ?? "";
  const askedCents = Number(asked.replaceAll(".", "").replace(",", ""));
  expect(askedCents).toBeGreaterThan(10_000);
  const [whatsApp] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("link", { name: /Lembrar pelo WhatsApp/ }).click(),
  ]);
  await whatsApp.waitForURL(/^https:\/\/wa\.me\//);
  const sent = new URL(whatsApp.url());
  expect(sent.pathname).toBe(`/55${CUSTOMER.phone}`);
  // The PIX "copia e cola" for exactly the amount asked: field 54 carries it.
  const pixAmount = (askedCents / 100).toFixed(2);
  expect(sent.searchParams.get("text")).toContain(`54${String(pixAmount.length).padStart(2, "0")}${pixAmount}`);
  await whatsApp.close();
  await page.bringToFront();
  await expect(page.getByRole("list", { name: "Contatos registrados" })).toContainText("WhatsApp");
  await context.close();
});
