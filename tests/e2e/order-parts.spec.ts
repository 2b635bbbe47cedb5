import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Page } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { PGLITE_OPTIONS } from "~/db/pglite-options";
import { account, user } from "~/db/schema/auth";
import { products, stockMovements } from "~/db/schema/inventory";
import { copyPgliteTemplate } from "../support/pglite-template";
import { DATA_DIR } from "./support/e2e-env";
import { startExtraServer, type RunningServer } from "./support/server-process";
import { expect, test } from "./support/test";
import { PASSWORD } from "./support/users";

/**
 * A part from the stock on a service order: quoted from the editor's
 * search, reserved when the quote is approved, out of stock when the repair
 * starts. The product is written straight into the database (the inventory
 * pages are another journey's), so this runs on a server of its own whose
 * folder is prepared before it starts, and read again after it stops.
 */
const SERVER_DATA_DIR = `${DATA_DIR}-order-parts`;
const STAFF = { id: "e2e-order-parts-staff", name: "Paula Peças", email: "pecas@e2e.test" };
const PART = { sku: "TEL-G84-E2E", name: "Tela Moto G84 original", priceCents: 32_900, stock: 3 };

test.describe.configure({ mode: "serial" });

let server: RunningServer | undefined;
let productId = 0;

async function withDatabase<T>(work: (db: ReturnType<typeof drizzle>) => Promise<T>) {
  const client = new PGlite(path.join(SERVER_DATA_DIR, "pglite"), PGLITE_OPTIONS);
  try {
    return await work(drizzle({ client }));
  } finally {
    await client.close();
  }
}

test.beforeAll(async () => {
  // Booting a server (migrations, demo data) on a machine busy with the journeys takes a while.
  test.setTimeout(180_000);
  fs.rmSync(SERVER_DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(SERVER_DATA_DIR, { recursive: true });
  await copyPgliteTemplate(SERVER_DATA_DIR);
  const passwordHash = await hashPassword(PASSWORD);
  productId = await withDatabase(async (db) => {
    await db.insert(user).values({ id: STAFF.id, name: STAFF.name, email: STAFF.email, emailVerified: true, role: "staff" });
    await db.insert(account).values({
      id: `${STAFF.id}-credential`,
      accountId: STAFF.id,
      providerId: "credential",
      userId: STAFF.id,
      password: passwordHash,
    });
    const [product] = await db
      .insert(products)
      .values({
        kind: "part",
        sku: PART.sku,
        slug: PART.sku.toLowerCase(),
        name: PART.name,
        priceCents: PART.priceCents,
        averageCostCents: 15_000,
        stockQuantity: PART.stock,
        partOrigin: "new-original",
      })
      .returning({ id: products.id });
    // The stock as the ledger's sum: one entry.
    await db.insert(stockMovements).values({
      productId: product!.id,
      kind: "entry",
      quantity: PART.stock,
      unitCostCents: 15_000,
      balanceAfter: PART.stock,
      averageCostAfterCents: 15_000,
      supplier: "Distribuidora Teste",
      actorLabel: STAFF.email,
    });
    return product!.id;
  });
  server = await startExtraServer({ dataDir: SERVER_DATA_DIR, keepData: true });
});

test.afterAll(async () => {
  await server?.stop();
});

function serverUrl() {
  if (!server) throw new Error("o servidor da jornada de peças não subiu");
  return server.url;
}

async function signIn(page: Page) {
  await page.goto(`${serverUrl()}/auth`);
  const login = page.getByRole("tabpanel", { name: "Login" });
  await login.getByLabel("E-mail").fill(STAFF.email);
  await login.getByLabel("Senha", { exact: true }).fill(PASSWORD);
  await login.getByRole("button", { name: "Entrar" }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

/** A customer and an order with one free-text line (and the part from the stock, if asked), posted as the counter's forms post them. */
async function openOrder(page: Page, { withPart = false } = {}) {
  // Repeated fields (one lineKind… per quote row), as a browser posts them.
  const post = async (pathname: string, form: URLSearchParams) => {
    const response = await page.request.post(`${serverUrl()}${pathname}`, {
      headers: { origin: serverUrl(), "content-type": "application/x-www-form-urlencoded" },
      data: form.toString(),
      maxRedirects: 0,
    });
    expect(response.status(), pathname).toBe(302);
    return new URL(response.headers().location ?? "", serverUrl());
  };
  const customer = await post(
    `/customers/new?voltar=${encodeURIComponent("/new-service-order")}`,
    new URLSearchParams({ name: "Renata Peças Teste", phone: "11987001234", email: "" }),
  );
  const body = new URLSearchParams({
    intent: "create",
    customerId: customer.searchParams.get("cliente") ?? "",
    deviceType: "phone",
    brand: "Motorola",
    model: "Moto G84",
    reportedDefect: "Tela trincada, touch falhando",
    lineKind: "service",
    lineDescription: "Mão de obra",
    lineQuantity: "1",
    lineUnitPrice: "120,00",
    lineProductId: "",
    warrantyDays: "90",
    idempotencyKey: crypto.randomUUID(),
  });
  if (withPart) {
    for (const [name, value] of Object.entries({
      lineKind: "part",
      lineDescription: PART.name,
      lineQuantity: "1",
      lineUnitPrice: "329,00",
      lineProductId: String(productId),
    })) {
      body.append(name, value);
    }
  }
  const created = await post("/new-service-order", body);
  const id = Number(/\/service-orders\/(\d+)\/edit/.exec(created.pathname)?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

async function available(page: Page) {
  const response = await page.request.get(`${serverUrl()}/service-orders/parts-lookup?q=${PART.sku}`);
  const body = (await response.json()) as { products: { id: number; availableQuantity: number }[] };
  return body.products.find((item) => item.id === productId)?.availableQuantity;
}

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a linha do orçamento fica de texto livre, e uma peça já vinculada continua vinculada ao salvar", async ({ page }) => {
    const signedIn = await page.request.post(`${serverUrl()}/api/auth/sign-in/email`, {
      headers: { origin: serverUrl() },
      data: { email: STAFF.email, password: PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    const orderId = await openOrder(page, { withPart: true });
    await page.goto(`${serverUrl()}/service-orders/${orderId}/edit`);
    await expect(page.getByRole("button", { name: /Buscar no estoque/ })).toHaveCount(0);
    await expect(page.getByText(`Do estoque: ${PART.name} (${PART.sku})`)).toBeVisible();
    const line = page.getByRole("group", { name: "Linha 1" });
    await line.getByLabel("Descrição").fill("Mão de obra e limpeza");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByText("Alterações salvas.")).toBeVisible();
    await expect(page.getByRole("group", { name: "Linha 1" }).getByLabel("Descrição")).toHaveValue("Mão de obra e limpeza");
    // The part's link travelled in the row's hidden fields: the server still names the product.
    await expect(page.getByText(`Do estoque: ${PART.name} (${PART.sku})`)).toBeVisible();
  });
});

test("uma peça do estoque no orçamento: reservada na aprovação, sai do estoque quando o reparo começa", async ({ page }) => {
  await signIn(page);
  const orderId = await openOrder(page);
  await page.goto(`${serverUrl()}/service-orders/${orderId}/edit`);

  await test.step("a linha nova busca a peça no estoque e se preenche", async () => {
    await page.getByRole("button", { name: "Adicionar linha" }).click();
    await page.getByRole("button", { name: "Buscar no estoque para a linha 2" }).click();
    await page.getByLabel(/Buscar no estoque \(nome, SKU ou código de barras\)/).fill("tela g84");
    await page.getByRole("button", { name: new RegExp(PART.name) }).click();
    const line = page.getByRole("group", { name: "Linha 2" });
    await expect(line.getByLabel("Descrição")).toHaveValue(PART.name);
    await expect(line.getByLabel("Preço unitário (R$)")).toHaveValue("329,00");
    await expect(line.getByLabel("Tipo")).toHaveValue("part");
    await expect(page.getByText(`Do estoque: ${PART.name} (${PART.sku})`)).toBeVisible();
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByText("Alterações salvas.")).toBeVisible();
    await expect(page.getByText(/Orçada \(não reservada\)/)).toBeVisible();
  });

  await test.step("aprovado, a peça fica reservada", async () => {
    await page.getByRole("button", { name: "Iniciar diagnóstico" }).click();
    await expect(page.getByText("Status atualizado.")).toBeVisible();
    await page.getByRole("button", { name: "Enviar orçamento para aprovação" }).click();
    await expect(page.getByRole("button", { name: "Registrar aprovação do orçamento" })).toBeVisible();
    await page.getByRole("button", { name: "Registrar aprovação do orçamento" }).click();
    await expect(page.getByText("Reservada no estoque")).toBeVisible();
    expect(await available(page)).toBe(PART.stock - 1);
  });

  await test.step("o reparo começa e a peça sai do estoque", async () => {
    await page.getByRole("button", { name: "Iniciar reparo" }).click();
    await expect(page.getByText("Retirada do estoque")).toBeVisible();
    expect(await available(page)).toBe(PART.stock - 1);
  });

  await server?.stop();
  const stock = await withDatabase(async (db) => {
    const [product] = await db
      .select({ stock: products.stockQuantity, reserved: products.reservedQuantity })
      .from(products)
      .where(eq(products.id, productId));
    const [ledger] = await db
      .select({ sum: sql<string>`sum(${stockMovements.quantity})` })
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId));
    const moves = await db
      .select({ kind: stockMovements.kind, quantity: stockMovements.quantity })
      .from(stockMovements)
      .where(eq(stockMovements.origin, `service_order:${orderId}`));
    return { ...product!, ledger: Number(ledger!.sum), moves };
  });
  expect(stock).toEqual({
    stock: PART.stock - 1,
    reserved: 0,
    ledger: PART.stock - 1,
    moves: [{ kind: "order-part", quantity: -1 }],
  });
});
