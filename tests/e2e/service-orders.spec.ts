import type { Page } from "@playwright/test";
import { formatPhone } from "~/lib/phone";
import { imeiCheckDigit } from "~/lib/imei";
import { accessibilityViolations } from "./support/axe";
import { deliverOrder, prepareOrder } from "./support/service-orders";
import { expect, failedLoad, test } from "./support/test";
import { ORIGIN_HEADER, USERS } from "./support/users";

function randomDigits(count: number) {
  return Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join("");
}

/** A valid IMEI no other run uses (both projects run this journey at once). */
function uniqueImei() {
  const first14 = `35${randomDigits(12)}`;
  return `${first14}${imeiCheckDigit(first14)}`;
}

test.use({ storageState: USERS.staff.storageState });

test("a equipe abre uma OS para um cliente novo, o cliente aprova em /consultar, a OS é entregue e encontrada por IMEI e telefone", async ({
  page,
  browser,
  isMobile,
  consoleErrors,
}) => {
  test.skip(isMobile, "jornada longa da equipe: no computador; o celular tem a verificação curta abaixo");
  test.slow();
  // Refused forms are answered 400, which Chrome logs as a failed load of the page's .data request.
  consoleErrors.allow(failedLoad(400));
  const suffix = randomDigits(5);
  const customerName = `Helena Teste ${suffix}`;
  const phone = `119${randomDigits(3)}${suffix}`;
  const imei = uniqueImei();
  const pin = `4${randomDigits(5)}`;

  await page.goto("/service-orders");
  await expect(page.getByRole("heading", { name: "Ordens de serviço", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Filtrar por status" }).getByRole("link", { name: /Todas/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Nova OS" }).click();
  await expect(page).toHaveURL("/new-service-order");
  await expect(page.getByRole("heading", { name: "Nova ordem de serviço", level: 1 })).toBeVisible();

  // The customer, registered without leaving the order.
  await page.getByRole("button", { name: "Cadastrar novo cliente" }).click();
  const newCustomer = page.getByRole("group", { name: "Novo cliente" });
  await newCustomer.getByLabel("Nome", { exact: true }).fill(customerName);
  await newCustomer.getByLabel("WhatsApp", { exact: true }).fill(formatPhone(phone));
  await newCustomer.getByRole("button", { name: "Salvar cliente" }).click();
  await expect(page.getByRole("group", { name: "Cliente", exact: true }).first()).toContainText(customerName);

  await page.getByLabel("Marca").fill("Samsung");
  await page.getByLabel("Modelo").fill(`Galaxy A54 ${suffix}`);
  await page.getByLabel("IMEI ou número de série").fill(imei);
  await page.getByLabel("Cor").fill("Verde");
  await page.getByLabel("Acessórios deixados").fill("Capinha e película");
  await page.getByLabel("Liga", { exact: true }).check();
  await page.getByLabel("Tela trincada").check();
  await page.getByLabel("Tipo de bloqueio").selectOption("pin");
  await page.getByLabel("PIN", { exact: true }).fill(pin);
  await page.getByLabel("Defeito relatado pelo cliente").fill("Caiu no chão, tela trincada e touch falhando");
  await page.getByLabel("Descrição").fill("Troca de tela");
  await page.getByLabel("Preço unitário (R$)").fill("350,00");
  await page.getByRole("button", { name: "Adicionar linha" }).click();
  await page.getByLabel("Descrição").nth(1).fill("Película");
  await page.getByLabel("Preço unitário (R$)").nth(1).fill("40");
  await page.getByRole("button", { name: "Remover linha 2" }).click();
  await expect(page.getByLabel("Descrição")).toHaveCount(1);
  await expect(page.getByText("Total a pagar", { exact: true }).locator("xpath=following-sibling::dd[1]")).toHaveText(
    "R$ 350,00",
  );

  // A warranty below the legal minimum is refused next to its field; everything typed stays.
  await page.getByLabel("Garantia (dias)").fill("30");
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Abrir ordem de serviço" }).click();
  await expect(page.getByText("A garantia legal mínima é de 90 dias.", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Garantia (dias)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Modelo")).toHaveValue(`Galaxy A54 ${suffix}`);
  await expect(page.getByRole("group", { name: "Cliente", exact: true }).first()).toContainText(customerName);
  // All but the unlock code, which never comes back from the server: its field asks for it again.
  await expect(page.getByLabel("PIN", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("PIN", { exact: true })).toHaveAccessibleDescription(/digite a senha de novo/);
  await page.getByLabel("Garantia (dias)").fill("90");
  await page.getByLabel("PIN", { exact: true }).fill(pin);
  await page.getByRole("button", { name: "Abrir ordem de serviço" }).click();

  await expect(page).toHaveURL(/\/service-orders\/\d+\/edit$/);
  const orderId = Number(/service-orders\/(\d+)\//.exec(page.url())![1]);
  await expect(page.getByRole("status").filter({ hasText: `Ordem de serviço nº ${orderId} criada.` })).toBeVisible();
  await expect(page.getByRole("heading", { name: `OS nº ${orderId}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId("tracking-code")).toHaveText(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  await expect(page.getByTestId("balance")).toContainText("R$ 350,00");
  expect(await accessibilityViolations(page)).toEqual([]);

  // Only the state machine's moves are offered; each one lands on the timeline.
  const status = page.getByRole("region", { name: "Status" });
  await expect(status.getByRole("button", { name: "Marcar como pronto" })).toHaveCount(0);
  await status.getByRole("button", { name: "Iniciar diagnóstico" }).click();
  await expect(page.getByText("Em diagnóstico", { exact: true }).first()).toBeVisible();
  await status.getByRole("button", { name: "Enviar orçamento para aprovação" }).click();
  await expect(page.getByRole("region", { name: "Linha do tempo" })).toContainText("Aguardando aprovação");
  // Who moved it is named as people know each other at the counter, not by e-mail (issue 10, Part 3).
  await expect(page.getByRole("region", { name: "Linha do tempo" })).toContainText(USERS.staff.name);
  await expect(page.getByRole("region", { name: "Linha do tempo" })).not.toContainText(USERS.staff.email);

  // The WhatsApp message for this status carries the total and the link to approve online.
  const whatsapp = page.getByRole("region", { name: "Avisar o cliente pelo WhatsApp" });
  const message = whatsapp.getByRole("textbox");
  await expect(message).toHaveValue(/R\$\s350,00/);
  await expect(message).toHaveValue(/\/consultar\?codigo=[2-9A-Z]{8}/);
  const trackingPath = /\/consultar\?codigo=[2-9A-Z]{8}/.exec(await message.inputValue())![0];
  await message.fill("Olá, Helena! Orçamento pronto: R$ 350,00.");
  const whatsappLink = whatsapp.getByRole("link", { name: /Abrir no WhatsApp/ });
  await expect(whatsappLink).toHaveAttribute(
    "href",
    `https://wa.me/55${phone}?text=${encodeURIComponent("Olá, Helena! Orçamento pronto: R$ 350,00.")}`,
  );
  await expect(whatsappLink).toHaveAttribute("target", "_blank");
  await expect(whatsappLink).toHaveAttribute("rel", /noopener/);

  // The customer approves online, from the link in that message, with no account.
  const customerContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const customerPage = await customerContext.newPage();
    await customerPage.goto(trackingPath);
    await expect(customerPage.getByRole("heading", { name: `OS nº ${orderId}` })).toBeVisible();
    await expect(customerPage.getByText(customerName)).toHaveCount(0);
    await customerPage.getByRole("button", { name: "Aprovar orçamento" }).click();
    await customerPage.getByRole("button", { name: "Sim, aprovar orçamento" }).click();
    await expect(customerPage.getByRole("region", { name: "Situação atual" })).toContainText("Orçamento aprovado");
  } finally {
    await customerContext.close();
  }
  await page.reload();
  await expect(page.getByRole("region", { name: "Linha do tempo" })).toContainText("Cliente (consulta online)");

  for (const [button, label] of [
    ["Iniciar reparo", "Em reparo"],
    ["Marcar como pronto", "Pronto para retirada"],
  ] as const) {
    await status.getByRole("button", { name: button }).click();
    await expect(page.getByRole("status").filter({ hasText: "Status atualizado." })).toBeVisible();
    await expect(page.getByRole("region", { name: "Linha do tempo" }).getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Linha do tempo" }).getByRole("listitem")).toHaveCount(6);

  // The unlock code, shown only when asked for.
  const unlock = page.getByRole("region", { name: "Senha de desbloqueio" });
  await expect(unlock).not.toContainText(pin);
  await unlock.getByRole("button", { name: "Mostrar senha de desbloqueio" }).click();
  await expect(page.getByTestId("unlock-code")).toHaveText(pin);

  // A payment, then delivery: the rest must be settled or recorded as a debt.
  const payments = page.getByRole("region", { name: "Pagamentos" });
  // Debit card: cash needs the register open, which tests/e2e/cash-register.spec.ts opens and closes on its own,
  // and PIX the shop's own key (this shop has the demo's until tests/e2e/shop-settings.spec.ts sets one for a while).
  await payments.getByLabel("Forma").selectOption("debit");
  await payments.getByLabel("Valor (R$)").fill("100,00");
  await payments.getByRole("button", { name: "Registrar pagamento" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pagamento registrado." })).toBeVisible();
  await expect(page.getByTestId("balance")).toContainText("R$ 250,00");
  await expect(payments.getByRole("listitem")).toHaveCount(1);

  await status.getByText("Registrar entrega").click();
  await expect(status.getByLabel("Quem retirou o aparelho")).toHaveValue(customerName);
  await status.getByRole("button", { name: "Confirmar entrega" }).click();
  await expect(status.getByText(/Há um saldo de R\$\s250,00 em aberto/)).toBeVisible();
  await status.getByLabel(/Registrar saldo de R\$\s250,00 como dívida/).check();
  await status.getByRole("button", { name: "Confirmar entrega" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Entrega registrada." })).toBeVisible();
  await expect(page.getByRole("heading", { name: `OS nº ${orderId}` }).locator("xpath=..")).toContainText("Entregue");
  await expect(page.getByText(`Entregue a ${customerName} com R$ 250,00 registrados como dívida.`)).toBeVisible();
  await expect(unlock).toContainText("A senha de desbloqueio foi apagada na entrega.");
  await expect(unlock.getByRole("button")).toHaveCount(0);
  await expect(status.getByRole("button")).toHaveCount(0);

  // The search box finds it by IMEI and by phone.
  await page.goto("/service-orders/search");
  expect(await accessibilityViolations(page)).toEqual([]);
  const searchBox = page.getByRole("searchbox", { name: "Buscar" });
  await searchBox.fill(imei);
  await searchBox.press("Enter");
  await expect(page).toHaveURL(`/service-orders/search?q=${imei}`);
  await expect(page.getByRole("link", { name: `OS nº ${orderId}`, exact: true })).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar" }).fill(formatPhone(phone));
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByRole("link", { name: `OS nº ${orderId}`, exact: true })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole("link", { name: `OS nº ${orderId}`, exact: true }).click();
  await expect(page).toHaveURL(`/service-orders/${orderId}/edit`);

  // The list filtered by status shows it among the delivered ones.
  await page.goto("/service-orders?status=delivered");
  await expect(page.getByRole("link", { name: /Entregue/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: `OS nº ${orderId}`, exact: true })).toBeVisible();
});

/** On a phone the rows are cards and the forms one column: nothing wider than the screen. */
async function expectFitsOnScreen(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, where).toBeLessThanOrEqual(0);
}

test("no celular, a lista e a busca cabem na tela, sem violações de acessibilidade", async ({ page, isMobile }) => {
  test.skip(!isMobile, "verificação curta do celular; a jornada acima roda no computador");
  const order = await prepareOrder("awaiting_approval");

  await page.goto("/service-orders?status=awaiting_approval");
  await expect(page.getByRole("heading", { name: "Ordens de serviço", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: `OS nº ${order.id}`, exact: true })).toBeVisible();
  await expectFitsOnScreen(page, "lista");
  expect(await accessibilityViolations(page), "lista").toEqual([]);

  await page.goto(`/service-orders/search?q=${encodeURIComponent(formatPhone(order.phone))}`);
  await expect(page.getByRole("link", { name: `OS nº ${order.id}`, exact: true })).toBeVisible();
  await expectFitsOnScreen(page, "busca");
  expect(await accessibilityViolations(page), "busca").toEqual([]);
});

test("no celular, uma OS aberta cabe na tela, sem violações de acessibilidade", async ({ page, isMobile }) => {
  test.skip(!isMobile, "verificação curta do celular; a jornada acima roda no computador");
  const order = await prepareOrder("awaiting_approval");
  await page.goto(`/service-orders/${order.id}/edit`);
  await expect(page.getByRole("heading", { name: `OS nº ${order.id}`, level: 1 })).toBeVisible();
  // A fieldset is as wide as its content unless told otherwise: the order's sections once ran 16 px past the screen.
  await expectFitsOnScreen(page, "OS aberta");
  expect(await accessibilityViolations(page), "OS aberta").toEqual([]);
});

test("no celular, a OS nova com o cadastro de cliente aberto cabe na tela, sem violações de acessibilidade", async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, "verificação curta do celular; a jornada acima roda no computador");
  await page.goto("/new-service-order");
  await expect(page.getByRole("heading", { name: "Nova ordem de serviço", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Cadastrar novo cliente" }).click();
  await expect(page.getByRole("group", { name: "Novo cliente" })).toBeVisible();
  await expectFitsOnScreen(page, "OS nova");
  expect(await accessibilityViolations(page), "OS nova").toEqual([]);
});

test("uma OS desconhecida responde 404 e uma ação inválida responde 400 sem gravar nada", async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(failedLoad(404));
  const response = await page.goto("/service-orders/999999999/edit");
  expect(response?.status()).toBe(404);
  expect((await page.goto("/service-orders/abc/edit"))?.status()).toBe(404);

  const origin = { origin: new URL(page.url()).origin };
  const unknown = await request.post("/service-orders/999999999/edit", {
    headers: origin,
    form: { intent: "status", to: "diagnosing" },
  });
  expect(unknown.status()).toBe(404);
  const garbage = await request.post("/new-service-order", {
    headers: origin,
    form: { intent: "create", customerId: "x" },
    maxRedirects: 0,
  });
  expect(garbage.status()).toBe(400);
  const noIntent = await request.post("/new-service-order", { headers: origin, form: { foo: "bar" }, maxRedirects: 0 });
  expect(noIntent.status()).toBe(400);
});

test.describe("a página de uma OS", () => {
  test.skip(({ isMobile }) => isMobile, "jornadas longas da equipe rodam no computador");

  test("a senha de desbloqueio nunca volta ao navegador: nem depois de salvar, nem numa recusa, que pede para digitá-la de novo", async ({
    page,
    request,
    consoleErrors,
  }) => {
    // The refused save is answered 400, which Chrome logs as a failed load of the page's .data request.
    consoleErrors.allow(failedLoad(400));
    const order = await prepareOrder("received");
    const newPin = `8${randomDigits(7)}`;
    const orderPath = `/service-orders/${order.id}/edit`;
    // Every answer the page gets from the server (the action's result, the loader's data) is kept, to be searched for the code.
    const answers: { method: string; status: number; body: string }[] = [];
    await page.route(`**${orderPath}.data*`, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      answers.push({ method: route.request().method(), status: response.status(), body });
      await route.fulfill({ response, body });
    });

    await page.goto(orderPath);
    const form = page.getByRole("form", { name: "Dados da ordem de serviço" });
    const pinField = form.getByLabel("PIN", { exact: true });
    await pinField.fill(newPin);
    await form.getByLabel("Garantia (dias)").fill("30");
    await form.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(form.getByText("A garantia legal mínima é de 90 dias.", { exact: true })).toBeVisible();
    // Dropped, and the field says so instead of going silently blank.
    await expect(pinField).toHaveValue("");
    await expect(pinField).toHaveAccessibleDescription(/digite a senha de novo/);
    await expect(pinField).toHaveAttribute("aria-invalid", "true");

    await pinField.fill(newPin);
    await form.getByLabel("Garantia (dias)").fill("120");
    await form.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Alterações salvas." })).toBeVisible();
    await expect(form.getByLabel("Garantia (dias)")).toHaveValue("120");
    await expect(pinField, "depois de salvar, o campo da senha volta vazio").toHaveValue("");
    await expect(pinField).toHaveAccessibleDescription(/deixe em branco para manter/);
    expect(answers.map(({ method, status }) => `${method} ${status}`)).toEqual(expect.arrayContaining(["POST 400", "GET 200"]));
    for (const answer of answers) expect(answer.body, `${answer.method} ${answer.status}`).not.toContain(newPin);
    // The audited "show" action below answers with the code, by design.
    await page.unrouteAll({ behavior: "wait" });

    // Neither the page's HTML nor its loader data carries it; only the audited "show" action does.
    const html = await request.get(orderPath);
    expect(html.status()).toBe(200);
    expect(await html.text()).not.toContain(newPin);
    const loaderData = await request.get(`${orderPath}.data`);
    expect(loaderData.status()).toBe(200);
    expect(await loaderData.text()).not.toContain(newPin);
    await page
      .getByRole("region", { name: "Senha de desbloqueio" })
      .getByRole("button", { name: "Mostrar senha de desbloqueio" })
      .click();
    await expect(page.getByTestId("unlock-code")).toHaveText(newPin);
  });

  test("a senha digitada numa OS nova não fica no formulário da OS aberta, nem na próxima OS nova", async ({
    page,
    isMobile,
    consoleErrors,
  }) => {
    test.skip(isMobile, "jornada da gestão: roda no desktop");
    // The refused first try is answered 400, which Chrome logs as a failed load of the page's .data request.
    consoleErrors.allow(failedLoad(400));
    const { customerId } = await prepareOrder("received");
    const pin = `7${randomDigits(5)}`;
    await page.goto(`/new-service-order?cliente=${customerId}`);
    await page.getByLabel("Modelo").fill(`Moto G ${randomDigits(4)}`);
    await page.getByLabel("Tipo de bloqueio").selectOption("pin");
    await page.getByLabel("PIN", { exact: true }).fill(pin);
    // Refused first (no defect), as at the counter: the form re-mounts with what was typed but the code.
    await page.getByRole("button", { name: "Abrir ordem de serviço" }).click();
    await expect(page.getByLabel("Defeito relatado pelo cliente")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("PIN", { exact: true }).fill(pin);
    await page.getByLabel("Defeito relatado pelo cliente").fill("Não carrega");
    await page.getByRole("button", { name: "Abrir ordem de serviço" }).click();
    await expect(page).toHaveURL(/\/service-orders\/\d+\/edit$/);
    await expect(page.getByRole("heading", { name: /^OS nº \d+$/, level: 1 })).toBeVisible();

    // The edit page starts from the server's data: a code is registered, and its field is empty.
    const pinField = page.getByLabel("PIN", { exact: true });
    await expect(pinField).toHaveValue("");
    await expect(pinField).toHaveAccessibleDescription(/deixe em branco para manter/);
    for (const value of await page
      .locator("input, textarea")
      .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value))) {
      expect(value).not.toContain(pin);
    }

    // And the next new order starts empty.
    await page.getByRole("link", { name: "Voltar para ordens de serviço" }).click();
    await page.getByRole("link", { name: "Nova OS" }).click();
    await expect(page.getByRole("heading", { name: "Nova ordem de serviço", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Tipo de bloqueio")).toHaveValue("");
    await expect(page.getByLabel("PIN", { exact: true })).toHaveCount(0);
    await expect(page.getByLabel("Modelo")).toHaveValue("");
  });

  test("cada formulário da OS volta vazio depois de dar certo: a observação de um status não é gravada de novo no seguinte", async ({
    page,
    consoleErrors,
  }) => {
    // The refused payment is answered 400, which Chrome logs as a failed load of the page's .data request.
    consoleErrors.allow(failedLoad(400));
    const order = await prepareOrder("received");
    await page.goto(`/service-orders/${order.id}/edit`);
    const status = page.getByRole("region", { name: "Status" });
    const timeline = page.getByRole("region", { name: "Linha do tempo" });
    const note = status.getByLabel("Observação (opcional)");

    await note.fill("Cliente avisado do prazo");
    await status.getByRole("button", { name: "Iniciar diagnóstico" }).click();
    await expect(timeline.getByText("Em diagnóstico", { exact: true })).toBeVisible();
    await expect(note).toHaveValue("");
    await status.getByRole("button", { name: "Enviar orçamento para aprovação" }).click();
    await expect(timeline.getByText("Aguardando aprovação", { exact: true })).toBeVisible();
    await expect(timeline.getByText("Cliente avisado do prazo", { exact: true })).toHaveCount(1);

    const payments = page.getByRole("region", { name: "Pagamentos" });
    // Debit: neither the form's default (PIX) nor cash, which needs the register open (tests/e2e/cash-register.spec.ts).
    await payments.getByLabel("Forma").selectOption("debit");
    await payments.getByLabel("Valor (R$)").fill("100,00");
    await payments.getByLabel("Observação (opcional)").fill("Adiantamento no cartão");
    // Neither a reveal nor a refusal is a success: what was typed stays.
    await page
      .getByRole("region", { name: "Senha de desbloqueio" })
      .getByRole("button", { name: "Mostrar senha de desbloqueio" })
      .click();
    await expect(page.getByTestId("unlock-code")).toHaveText(order.unlockCode);
    await expect(payments.getByLabel("Valor (R$)")).toHaveValue("100,00");
    await expect(payments.getByLabel("Observação (opcional)")).toHaveValue("Adiantamento no cartão");
    await payments.getByLabel("Valor (R$)").fill("9999,00");
    await payments.getByRole("button", { name: "Registrar pagamento" }).click();
    await expect(payments.getByText(/O valor passa do saldo em aberto/)).toBeVisible();
    await expect(payments.getByLabel("Observação (opcional)")).toHaveValue("Adiantamento no cartão");
    await expect(payments.getByLabel("Forma")).toHaveValue("debit");
    await payments.getByLabel("Valor (R$)").fill("100,00");
    await payments.getByRole("button", { name: "Registrar pagamento" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Pagamento registrado." })).toBeVisible();
    await expect(payments.getByRole("listitem")).toHaveCount(1);
    // The form starts again from the new balance, not from what was typed.
    await expect(payments.getByLabel("Valor (R$)")).toHaveValue("250,00");
    await expect(payments.getByLabel("Forma")).toHaveValue("pix");
    await expect(payments.getByLabel("Observação (opcional)")).toHaveValue("");
  });

  test("a mensagem de um sucesso não fica ao lado da recusa seguinte", async ({ page, consoleErrors }) => {
    // The refused payment is answered 400, which Chrome logs as a failed load of the page's .data request.
    consoleErrors.allow(failedLoad(400));
    const order = await prepareOrder("received");
    await page.goto(`/service-orders/${order.id}/edit`);
    await page.getByRole("region", { name: "Status" }).getByRole("button", { name: "Iniciar diagnóstico" }).click();
    const statusMessage = page.getByRole("status").filter({ hasText: "Status atualizado." });
    await expect(statusMessage).toBeVisible();

    const payments = page.getByRole("region", { name: "Pagamentos" });
    await payments.getByLabel("Valor (R$)").fill("9999,00");
    await payments.getByRole("button", { name: "Registrar pagamento" }).click();
    await expect(payments.getByText(/O valor passa do saldo em aberto/)).toBeVisible();
    await expect(statusMessage).toHaveCount(0);
  });

  test("uma OS entregue ou cancelada aparece só para leitura, e o servidor recusa alterá-la", async ({ page, request }) => {
    test.slow();
    const delivered = await prepareOrder("ready");
    await deliverOrder(delivered.id, delivered.customerName);
    const cancelled = await prepareOrder("cancelled");

    for (const [order, notice] of [
      [delivered, "OS entregue: os dados abaixo não podem mais ser alterados."],
      [cancelled, "OS cancelada: os dados abaixo não podem mais ser alterados."],
    ] as const) {
      await page.goto(`/service-orders/${order.id}/edit`);
      await expect(page.getByText(notice)).toBeVisible();
      const data = page.getByRole("region", { name: "Dados da ordem de serviço" });
      await expect(data).toContainText("Moto G84");
      await expect(data).toContainText("Troca de tela");
      await expect(data).toContainText("Tela trincada após queda, touch falhando no canto");
      // Nothing on it can be typed into or clicked as if it could change.
      await expect(page.getByRole("form", { name: "Dados da ordem de serviço" })).toHaveCount(0);
      await expect(data.getByRole("textbox")).toHaveCount(0);
      await expect(data.getByRole("combobox")).toHaveCount(0);
      await expect(data.getByRole("button")).toHaveCount(0);
      await expect(page.getByRole("button", { name: /Remover|Adicionar linha|Salvar alterações/ })).toHaveCount(0);
      expect(await accessibilityViolations(page)).toEqual([]);

      // A save posted anyway (an old tab, a crafted request) is refused and changes nothing.
      const refused = await request.post(`/service-orders/${order.id}/edit`, {
        headers: ORIGIN_HEADER,
        maxRedirects: 0,
        form: {
          intent: "save",
          customerId: "1",
          deviceType: "phone",
          model: "Modelo trocado",
          reportedDefect: "Defeito trocado depois de fechada",
          warrantyDays: "90",
        },
      });
      expect(refused.status()).toBe(400);
      expect(await refused.text()).toContain("Uma OS entregue ou cancelada não pode mais ser alterada.");
      await page.reload();
      await expect(page.getByRole("region", { name: "Dados da ordem de serviço" })).toContainText("Moto G84");
      await expect(page.getByText("Modelo trocado")).toHaveCount(0);
    }
  });
});

test("no celular, uma OS entregue aparece só para leitura e cabe na tela", async ({ page, isMobile }) => {
  test.skip(!isMobile, "a versão de computador é coberta pela jornada acima");
  const order = await prepareOrder("ready");
  await deliverOrder(order.id, order.customerName);
  await page.goto(`/service-orders/${order.id}/edit`);
  const data = page.getByRole("region", { name: "Dados da ordem de serviço" });
  await expect(data).toContainText("Troca de tela");
  await expect(data.getByRole("textbox")).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
