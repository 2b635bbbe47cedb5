import { deliverOrder, prepareOrder, type PreparedOrder } from "./support/service-orders";
import { accessibilityViolations } from "./support/axe";
import { expect, failedLoad, test } from "./support/test";
import { USERS } from "./support/users";

/**
 * /consultar, online quote approval, the printed receipt and pending
 * pickups: a customer follows a repair with the code from the receipt,
 * approves the quote, and the staff see it; the shop chases a device ready
 * for pickup and logs the call.
 */

const NEUTRAL_MESSAGE = "Não encontramos uma ordem de serviço com esses dados.";

test.describe("cliente na consulta", () => {
  let order: PreparedOrder;

  test.beforeAll(async () => {
    order = await prepareOrder("awaiting_approval");
  });

  test("abre o QR do comprovante, aprova o orçamento e a equipe vê a aprovação", async ({ page, browser }) => {
    await page.goto(`/consultar?codigo=${order.trackingCode}`);
    await expect(page.getByRole("heading", { name: `OS nº ${order.id}` })).toBeVisible();
    await expect(page.getByRole("region", { name: "Situação atual" })).toContainText("Aguardando aprovação");
    await expect(page.getByText("Motorola Moto G84")).toBeVisible();
    const body = await page.locator("body").innerText();
    for (const secret of [order.customerName, order.phone, order.phone.slice(2, 7), order.unlockCode])
      expect(body).not.toContain(secret);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Aprovar orçamento" }).click();
    await expect(page.getByRole("heading", { name: "Confirmar a aprovação do orçamento?" })).toBeVisible();
    await page.getByRole("button", { name: "Sim, aprovar orçamento" }).click();
    await expect(page.getByText("Orçamento aprovado!")).toBeVisible();
    await expect(page.getByRole("region", { name: "Situação atual" })).toContainText(
      "Você aprovou o orçamento; o reparo será iniciado.",
    );
    await expect(page.getByRole("button", { name: "Aprovar orçamento" })).toHaveCount(0);
    // Newest first: the customer's own approval, as "Você".
    const latest = page.getByRole("region", { name: "Histórico" }).getByRole("listitem").first();
    await expect(latest).toContainText("Orçamento aprovado");
    await expect(latest).toContainText("Você");

    const staff = await browser.newContext({ storageState: USERS.staff.storageState });
    try {
      const staffPage = await staff.newPage();
      await staffPage.goto(`/service-orders/${order.id}/edit`);
      await expect(staffPage.getByText("Cliente (consulta online)").first()).toBeVisible();
    } finally {
      await staff.close();
    }
  });

  test("pelo número da OS e os 4 últimos dígitos", async ({ page }) => {
    await page.goto("/consultar");
    await expect(page.getByRole("heading", { name: "Consultar ordem de serviço", level: 1 })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel("Número da OS").fill(String(order.id));
    await page.getByLabel("4 últimos dígitos do telefone").fill(order.phone.slice(-4));
    await page.getByRole("button", { name: "Consultar pelo número" }).click();
    await expect(page.getByRole("heading", { name: `OS nº ${order.id}` })).toBeVisible();
  });
});

test("sem JavaScript: consulta pelo número e recusa o orçamento com confirmação", async ({ browser }) => {
  const declining = await prepareOrder("awaiting_approval");
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto("/consultar");
    await page.getByLabel("Número da OS").fill(String(declining.id));
    await page.getByLabel("4 últimos dígitos do telefone").fill(declining.phone.slice(-4));
    await page.getByRole("button", { name: "Consultar pelo número" }).click();
    await expect(page.getByRole("heading", { name: `OS nº ${declining.id}` })).toBeVisible();
    await page.getByRole("button", { name: "Recusar orçamento" }).click();
    await expect(page.getByRole("heading", { name: "Confirmar a recusa do orçamento?" })).toBeVisible();
    await page.getByRole("button", { name: "Sim, recusar orçamento" }).click();
    await expect(page.getByText("Registramos sua resposta.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Situação atual" })).toContainText("Orçamento recusado");
  } finally {
    await context.close();
  }
});

test("dados errados recebem a mesma mensagem neutra", async ({ page }) => {
  await page.goto("/consultar");
  await page.getByLabel("Código de acompanhamento").fill("ZZZZ-ZZZZ");
  await page.getByRole("button", { name: "Consultar pelo código" }).click();
  await expect(page.getByText(NEUTRAL_MESSAGE)).toBeVisible();
  const byCode = await page.getByRole("alert").first().innerText();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByLabel("Número da OS").fill("987654321");
  await page.getByLabel("4 últimos dígitos do telefone").fill("1234");
  await page.getByRole("button", { name: "Consultar pelo número" }).click();
  await expect(page.getByText(NEUTRAL_MESSAGE)).toBeVisible();
  expect(await page.getByRole("alert").first().innerText()).toBe(byCode);
});

test.describe("equipe", () => {
  test.use({ storageState: USERS.staff.storageState });

  test("os comprovantes de entrada e de entrega mostram o QR e nunca o código de desbloqueio", async ({
    page,
    consoleErrors,
  }) => {
    const order = await prepareOrder("ready");
    await page.goto(`/service-orders/${order.id}/print/entrada`);
    await expect(page.getByRole("heading", { name: `Comprovante de entrada · OS nº ${order.id}` })).toBeVisible();
    await expect(page.getByRole("img", { name: `QR code para consultar a OS nº ${order.id}` })).toBeVisible();
    await expect(page.getByRole("img", { name: `QR code para consultar a OS nº ${order.id}` })).toHaveAttribute(
      "src",
      /^data:image\/svg\+xml;base64,/,
    );
    await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();
    await expect(page.getByText(`Nome: ${order.customerName}`)).toBeVisible();
    expect(await page.content()).not.toContain(order.unlockCode);

    await page.getByRole("link", { name: "Térmica 80 mm" }).click();
    await expect(page).toHaveURL(/papel=80mm/);
    await expect(page.getByRole("img", { name: `QR code para consultar a OS nº ${order.id}` })).toBeVisible();
    expect(await page.content()).not.toContain(order.unlockCode);
    // On paper the buttons disappear.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Imprimir" })).toBeHidden();

    // The delivery receipt exists once the device has left the shop.
    await page.emulateMedia({ media: "screen" });
    consoleErrors.allow(failedLoad(409));
    await page.goto(`/service-orders/${order.id}/print/entrega`);
    await expect(page.getByRole("heading", { name: `OS nº ${order.id} ainda não foi entregue` })).toBeVisible();
    await deliverOrder(order.id, "Carlos Prado (irmão)");
    await page.goto(`/service-orders/${order.id}/print/entrega`);
    await expect(page.getByRole("heading", { name: `Comprovante de entrega · OS nº ${order.id}` })).toBeVisible();
    await expect(page.getByText("Retirado por: Carlos Prado (irmão)")).toBeVisible();
    await expect(page.getByText(/^Garantia: 90 dias, até \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(page.getByText("Assinatura de quem retirou")).toBeVisible();
    expect(await page.content()).not.toContain(order.unlockCode);
  });

  test("aguardando retirada lista a OS pronta, lembra pelo WhatsApp e registra um contato", async ({ page, context }) => {
    const order = await prepareOrder("ready");
    let card = page.locator(`#os-${order.id}`);
    for (let pageNumber = 1; pageNumber <= 10; pageNumber++) {
      await page.goto(`/pending-pickups?pagina=${pageNumber}`);
      await expect(page.getByRole("heading", { name: "Aguardando retirada", level: 1 })).toBeVisible();
      if ((await card.count()) > 0) break;
    }
    card = page.locator(`#os-${order.id}`);
    await expect(card).toBeVisible();
    await expect(card.getByText(order.customerName)).toBeVisible();
    await expect(card.getByText("0 dias esperando")).toBeVisible();
    await expect(card.getByText("R$ 350,00")).toBeVisible();
    const reminder = card.getByRole("link", { name: /Lembrar pelo WhatsApp/ });
    await expect(reminder).toHaveAttribute("href", new RegExp(`^https://wa\\.me/55${order.phone}\\?text=`));
    await expect(reminder).toHaveAttribute("target", "_blank");

    await card.getByText("Registro de contatos (0)").click();
    await card.getByLabel("Meio de contato").selectOption("phone");
    await card.getByLabel("Observação (opcional)").fill("Liguei às 10h, caixa postal.");
    await card.getByRole("button", { name: "Registrar contato" }).click();
    await expect(page.locator(`#os-${order.id}`).getByText("Contato registrado.")).toBeVisible();
    await expect(page.locator(`#os-${order.id}`).getByText("Registro de contatos (1)")).toBeVisible();

    const [logPage] = await Promise.all([
      context.waitForEvent("page"),
      page
        .locator(`#os-${order.id}`)
        .getByRole("link", { name: /Imprimir registro de contatos/ })
        .click(),
    ]);
    await expect(logPage.getByRole("heading", { name: `Registro de contatos para retirada · OS nº ${order.id}` })).toBeVisible();
    await expect(logPage.getByText("Liguei às 10h, caixa postal.")).toBeVisible();
    await expect(logPage.getByText("1 tentativa registrada", { exact: false })).toBeVisible();
  });
});
