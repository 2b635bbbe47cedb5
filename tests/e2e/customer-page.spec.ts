import type { Page } from "@playwright/test";
import { formatPhone } from "~/lib/phone";
import { accessibilityViolations } from "./support/axe";
import { expect, test } from "./support/test";
import { ORIGIN_HEADER, USERS } from "./support/users";

/**
 * The customer's page in the back office: the edit form shows the phone and
 * CEP as people write them, the customer's orders are listed and linked, and
 * "Nova OS" opens the new-order form with that customer already chosen.
 */

test.use({ storageState: USERS.staff.storageState });

function randomDigits(count: number) {
  return Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join("");
}

/** A customer registered through the form, then opened from the list's message; returns the page's id. */
async function registerCustomer(page: Page, name: string, phone: string) {
  await page.goto("/customers/new");
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("WhatsApp", { exact: true }).fill(phone);
  await page.getByLabel("CEP").fill("01001000");
  await page.getByRole("button", { name: "Cadastrar cliente" }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await page.getByRole("status").getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name: "Editar cliente", level: 1 })).toBeVisible();
  return Number(/\/customers\/(\d+)$/.exec(page.url())?.[1]);
}

/** An order for the customer, posted as the new-order form posts it (its fields belong to another journey). */
async function openOrderFor(page: Page, customerId: number) {
  const response = await page.request.post("/new-service-order", {
    headers: ORIGIN_HEADER,
    maxRedirects: 0,
    form: {
      intent: "create",
      customerId: String(customerId),
      deviceType: "phone",
      brand: "Samsung",
      model: "Galaxy A54",
      conditionChecklist: "turns-on",
      reportedDefect: "Não carrega",
      unlockKind: "",
      warrantyDays: "90",
      idempotencyKey: crypto.randomUUID(),
    },
  });
  const location = response.headers().location ?? "";
  expect(response.status(), location || (await response.text()).slice(0, 500)).toBe(302);
  return Number(/\/service-orders\/(\d+)\/edit/.exec(location)?.[1]);
}

test("a página do cliente mostra telefone e CEP formatados, lista e liga as OS, e abre uma nova OS para ele", async ({
  page,
  isMobile,
}) => {
  test.slow();
  const name = `Cliente Página ${crypto.randomUUID().slice(0, 6)}`;
  const phone = `119${randomDigits(8)}`;
  const customerId = await registerCustomer(page, name, phone);

  // Stored as digits, shown as people write them.
  await expect(page.getByLabel("WhatsApp", { exact: true })).toHaveValue(formatPhone(phone));
  await expect(page.getByLabel("CEP")).toHaveValue("01001-000");

  const orders = page.getByRole("region", { name: "Ordens de serviço" });
  await expect(page.getByRole("link", { name: "0 ordens de serviço" })).toBeVisible();
  await expect(orders.getByText("Nenhuma ordem de serviço ainda.")).toBeVisible();

  // "Nova OS" opens the form with this customer chosen.
  await orders.getByRole("link", { name: "Nova OS" }).click();
  await expect(page).toHaveURL(`/new-service-order?cliente=${customerId}`);
  await expect(page.getByRole("heading", { name: "Nova ordem de serviço", level: 1 })).toBeVisible();
  // The form's "Cliente" section holds the picker (also named "Cliente"), here showing the choice.
  const chosen = page.getByRole("group", { name: "Cliente", exact: true }).getByRole("group", { name: "Cliente", exact: true });
  await expect(chosen).toContainText(name);
  await expect(chosen).toContainText(formatPhone(phone));
  await expect(chosen.getByRole("button", { name: "Trocar cliente" })).toBeVisible();
  await expect(page.locator('input[name="customerId"]')).toHaveValue(String(customerId));

  const orderId = await openOrderFor(page, customerId);
  await page.goto(`/customers/${customerId}`);
  await expect(page.getByRole("link", { name: "1 ordem de serviço" })).toBeVisible();
  const list = orders.getByRole("list", { name: `Ordens de serviço de ${name}` });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Samsung Galaxy A54");
  expect(await accessibilityViolations(page)).toEqual([]);
  if (isMobile) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  // Saving the form as shown (formatted) changes nothing and is accepted.
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole("status").filter({ hasText: "Cadastro atualizado" })).toContainText(name);
  await page.getByRole("status").getByRole("link", { name }).click();
  await expect(page.getByLabel("CEP")).toHaveValue("01001-000");

  await orders.getByRole("link", { name: `OS nº ${orderId}`, exact: true }).click();
  await expect(page).toHaveURL(`/service-orders/${orderId}/edit`);
  await expect(page.getByRole("heading", { name: `OS nº ${orderId}`, level: 1 })).toBeVisible();
});
