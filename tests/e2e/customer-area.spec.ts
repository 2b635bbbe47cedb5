import { request, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { BASE_URL } from "./support/e2e-env";
import { deliverOrder, prepareOrder, type PreparedOrder } from "./support/service-orders";
import { expect, failedLoad, test } from "./support/test";
import { createVerifiedUser, ORIGIN_HEADER, PASSWORD, uniqueEmail, USERS } from "./support/users";

/** A delivered, repaired order whose customer has a verified account with the record's e-mail, signed in on `api`. */
async function customerWithDeliveredOrder(api: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const order = await prepareOrder("ready", { email });
  await deliverOrder(order.id, order.customerName);
  await createVerifiedUser(api, { name: order.customerName, email, password: PASSWORD });
  const signIn = await api.post("/api/auth/sign-in/email", { headers: ORIGIN_HEADER, data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(200);
  return { email, order };
}

/** The 2ª via addresses "Minha conta" links to, read from the page as the customer gets it. */
async function documentPathsOf(api: APIRequestContext) {
  const html = await (await api.get("/dashboard")).text();
  return [...new Set([...html.matchAll(/\/minha-conta\/documentos\/(\d+)/g)].map((match) => match[0]))];
}

async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("o cliente vê a garantia e a 2ª via de um documento, pede outro telefone e a equipe aplica", async ({
  page,
  browser,
  isMobile,
  consoleErrors,
}) => {
  // Two customers sign up and two orders are taken in and delivered through the staff's forms before the walk.
  test.slow();
  // The refused phone answers 400 with its message, as every refused form does.
  consoleErrors.allow(failedLoad(400));
  const { order } = await customerWithDeliveredOrder(page.request, "area");
  if (isMobile) await page.setViewportSize({ width: 360, height: 780 });

  await page.goto("/dashboard");
  await expect(page.getByRole("navigation", { name: "Minha conta" }).getByRole("link", { name: "Meu perfil" })).toBeVisible();
  const warranties = page.getByRole("region", { name: "Minhas garantias" });
  await expect(warranties).toContainText(`OS nº ${order.id}`);
  await expect(warranties).toContainText("O que cobre");
  await expect(warranties).toContainText(/até \d{2}\/\d{2}\/\d{4}/);
  const documents = page.getByRole("region", { name: "Meus documentos" });
  await expect(documents.getByRole("link", { name: new RegExp(`Comprovante de entrega · OS nº ${order.id}`) })).toBeVisible();
  if (isMobile) await expectFits(page);

  await warranties.getByRole("link", { name: /Ver o termo de garantia \(2ª via\)/ }).click();
  await expect(page.getByText(/^2ª via · reimpressa em/)).toBeVisible();
  await expect(page.locator("article")).toContainText(`OS nº ${order.id}`);
  await page.goBack();
  await page
    .getByRole("region", { name: "Meus documentos" })
    .getByRole("link", { name: new RegExp(`Comprovante de entrega · OS nº ${order.id}`) })
    .click();
  await expect(page.getByText(/^2ª via · reimpressa em/)).toBeVisible();
  await expect(page.locator("article")).toContainText(order.customerName);

  // Another customer's documents: theirs to open, a 404 with nothing of theirs for this customer.
  const other = await request.newContext({ baseURL: BASE_URL });
  try {
    const { order: otherOrder } = await customerWithDeliveredOrder(other, "area-outro");
    const otherPaths = await documentPathsOf(other);
    expect(otherPaths.length).toBeGreaterThanOrEqual(2);
    expect((await other.get(otherPaths[0]!)).status()).toBe(200);
    for (const path of otherPaths) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text()).not.toContain(otherOrder.customerName);
    }
  } finally {
    await other.dispose();
  }

  // A new phone: refused when it cannot be one, then waiting for the shop.
  await page.goto("/minha-conta/perfil");
  const phone = page.getByLabel("Telefone (WhatsApp)");
  await expect(phone).toHaveValue(formatted(order.phone));
  await phone.fill("1234");
  await page.getByRole("button", { name: "Salvar perfil" }).click();
  await expect(page.getByText("Informe o número com DDD, como (11) 98765-4321.")).toBeVisible();
  const newPhone = `2199${order.phone.slice(-7)}`;
  await page.getByLabel("Telefone (WhatsApp)").fill(formatted(newPhone));
  await page.getByRole("button", { name: "Salvar perfil" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Perfil salvo" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Aguardando a loja" })).toContainText(formatted(newPhone));
  if (isMobile) {
    await expectFits(page);
    return;
  }

  await applyPhoneAsStaff(browser, order, newPhone);
  await page.reload();
  await expect(page.getByText("Aguardando a loja")).toHaveCount(0);
});

async function applyPhoneAsStaff(browser: Browser, order: PreparedOrder, newPhone: string) {
  const staff = await browser.newContext({ storageState: USERS.staff.storageState });
  try {
    const staffPage = await staff.newPage();
    await staffPage.goto(`/customers/${order.customerId}`);
    await expect(staffPage.getByLabel("WhatsApp", { exact: true })).toHaveValue(formatted(order.phone));
    const requests = staffPage.getByRole("region", { name: "Alterações pedidas pelo cliente" });
    await expect(requests).toContainText(`${formatted(order.phone)} → ${formatted(newPhone)}`);
    await requests.getByRole("button", { name: "Aplicar telefone pedido" }).click();
    await expect(staffPage.getByRole("status").filter({ hasText: "Telefone atualizado" })).toBeVisible();
    await expect(requests).toHaveCount(0);
    await expect(staffPage.getByLabel("WhatsApp", { exact: true })).toHaveValue(formatted(newPhone));
  } finally {
    await staff.close();
  }
}

/** "11987654321" → "(11) 98765-4321", as the pages show a phone. */
function formatted(digits: string) {
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
}
