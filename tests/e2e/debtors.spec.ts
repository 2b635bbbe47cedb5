import type { Page } from "@playwright/test";
import { addDays, formatDate, shopToday } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { accessibilityViolations } from "./support/axe";
import { deliverOrder, prepareOrder } from "./support/service-orders";
import { expect, failedLoad, test } from "./support/test";
import { USERS } from "./support/users";

/**
 * /devedores as the counter uses it: an order delivered with a balance is
 * owed; a fiado dated 45 days ago puts the customer in the 31–60 bucket; the
 * WhatsApp reminder opens for that one customer with the amount and the
 * shop's details, and is logged as a contact; a call is logged by hand.
 */

test.use({ storageState: USERS.staff.storageState });

/** WhatsApp is another site: the journey checks the address it is sent to, and answers it itself. */
async function stubWhatsApp(page: Page) {
  await page
    .context()
    .route("https://wa.me/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>WhatsApp</title><p>WhatsApp</p>" }),
    );
}

test("um fiado vencido há 40 dias põe o cliente na faixa de 31–60 dias; o lembrete abre o WhatsApp dele e fica registrado", async ({
  page,
  isMobile,
  consoleErrors,
}) => {
  test.skip(isMobile, "a jornada longa roda no desktop; o telefone tem a verificação curta abaixo");
  test.slow();
  // A refused form is answered 400, which Chrome logs as a failed load of the page's .data.
  consoleErrors.allow(failedLoad(400));
  await stubWhatsApp(page);
  const order = await prepareOrder("ready");
  await deliverOrder(order.id, "O próprio cliente");
  const today = shopToday();

  await page.goto(`/devedores/${order.customerId}`);
  await expect(page.getByRole("heading", { name: order.customerName, level: 1 })).toBeVisible();
  // The order delivered today with its balance: owed, due today, not late yet.
  const orderRow = page.getByRole("row", { name: new RegExp(`OS nº ${order.id}`) });
  await expect(orderRow).toContainText(formatCents(35_000));
  await expect(orderRow).toContainText("Vence hoje");

  // A fiado: a refused amount first, then recorded.
  const iou = page.getByRole("region", { name: "Novo fiado" });
  await iou.getByLabel("Descrição").fill("Película e capinha");
  await iou.getByLabel("Valor (R$)").fill("abc");
  await iou.getByLabel("Data", { exact: true }).fill(addDays(today, -45));
  await iou.getByLabel("Vencimento").fill(addDays(today, -40));
  await iou.getByRole("button", { name: "Registrar fiado" }).click();
  await expect(iou.getByText("Informe um valor, como 150,00.")).toBeVisible();
  await iou.getByLabel("Valor (R$)").fill("123,45");
  await iou.getByRole("button", { name: "Registrar fiado" }).click();
  await expect(page.getByText("Fiado registrado.")).toBeVisible();
  // The form starts again, empty.
  await expect(iou.getByLabel("Descrição")).toHaveValue("");
  const iouRow = page.getByRole("row", { name: /Película e capinha/ });
  await expect(iouRow).toContainText(formatCents(12_345));
  await expect(iouRow).toContainText("40 dias");

  // In the list, found by name, in the 31–60 bucket.
  await page.goto(`/devedores?q=${encodeURIComponent(order.customerName)}`);
  const listed = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: order.customerName }) });
  await expect(listed).toContainText("31–60 dias");
  await expect(listed).toContainText(formatCents(12_345));
  await expect(listed).toContainText("Nenhum");
  // The bucket's card filters the list to it, and the customer is still there.
  await page.getByRole("link", { name: /31–60 dias de atraso/ }).click();
  await expect(page).toHaveURL(/faixa=31-60/);
  await expect(listed).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  // The reminder: the amount due now (the fiado and the order due today), the shop's name, address and CNPJ.
  await listed.getByRole("link", { name: order.customerName }).click();
  await expect(page).toHaveURL(`/devedores/${order.customerId}`);
  const reminderText = page.getByLabel("Texto do lembrete");
  await expect(reminderText).toContainText(formatCents(47_345));
  await expect(reminderText).toContainText("CNPJ");
  await expect(reminderText).toContainText("Endereço:");
  const [whatsApp] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("link", { name: /Lembrar pelo WhatsApp/ }).click(),
  ]);
  await whatsApp.waitForURL(/^https:\/\/wa\.me\//);
  const sent = new URL(whatsApp.url());
  // To this customer's own number only.
  expect(sent.pathname).toBe(`/55${order.phone}`);
  expect(sent.searchParams.get("text")).toContain(formatCents(47_345));
  expect(sent.searchParams.get("text")).toBe(await reminderText.textContent());
  await whatsApp.close();

  // Back on the page, the reminder is in the log with the amount, without reloading.
  await page.bringToFront();
  const contacts = page.getByRole("list", { name: "Contatos registrados" });
  await expect(contacts).toContainText("WhatsApp");
  await expect(contacts).toContainText(`devia ${formatCents(47_345)}`);

  // A call logged by hand.
  await page.getByLabel("Meio de contato").selectOption("phone");
  await page.getByLabel("Observação (opcional)").fill("Prometeu pagar na sexta.");
  await page.getByRole("button", { name: "Registrar contato" }).click();
  await expect(page.getByText("Contato registrado.")).toBeVisible();
  await expect(contacts).toContainText("Prometeu pagar na sexta.");
  await expect(page.getByRole("heading", { name: "Contatos (2)" })).toBeVisible();
  await expect(page.getByLabel("Observação (opcional)")).toHaveValue("");
  await expect(page.getByRole("link", { name: "Registrar pagamento" })).toHaveAttribute(
    "href",
    `/devedores/${order.customerId}/pagamento`,
  );
  expect(await accessibilityViolations(page)).toEqual([]);

  // The list now shows the last contact, today.
  await page.goto(`/devedores?q=${encodeURIComponent(order.customerName)}`);
  await expect(listed).toContainText(`Último contato${formatDate(today)}`);
});

test("no telefone, a lista e a página do devedor cabem na tela", async ({ page, isMobile }) => {
  test.skip(!isMobile, "verificação curta do telefone");
  const order = await prepareOrder("ready");
  await deliverOrder(order.id, "O próprio cliente");
  const noOverflow = async () =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);

  await page.goto(`/devedores?faixa=upcoming&q=${encodeURIComponent(order.customerName)}`);
  await expect(page.getByRole("heading", { name: "Devedores", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: order.customerName })).toBeVisible();
  await noOverflow();
  await page.getByRole("link", { name: order.customerName }).click();
  await expect(page.getByRole("heading", { name: order.customerName, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /Lembrar pelo WhatsApp/ })).toBeVisible();
  await noOverflow();
});
