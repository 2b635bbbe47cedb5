import path from "node:path";
import { request, type Page } from "@playwright/test";
import { sendAdminCommand } from "~/lib/admin-socket.server";
import { DEMO_SHOP_SETTINGS } from "~/modules/shop-settings/demo-settings";
import { DEMO_DOCUMENT_MESSAGE } from "~/modules/shop-settings/validation";
import { accessibilityViolations } from "./support/axe";
import { DATA_DIR } from "./support/e2e-env";
import { emailsTo, waitForEmailLink } from "./support/outbox";
import { startExtraServer, type RunningServer } from "./support/server-process";
import { expect, failedLoad, test } from "./support/test";
import { PASSWORD } from "./support/users";

/**
 * A demo shop whose owner never used the setup link: an account made owner
 * with `npm run user:role`. Saving the settings (Saturday's hours) leaves
 * every demo mark on while the details are the fictional ones; only
 * "Confirmar os dados da loja" with a real CNPJ ends them, and a demo order
 * still prints as the demo shop's, marked, until the demo data is removed.
 * A server of its own: the journeys' shop is confirmed by owner setup.
 */
const SERVER_DATA_DIR = `${DATA_DIR}-demo-identity`;
const OWNER = { name: "Dona Comando", email: "dona@linha-de-comando.test", password: PASSWORD };
const REAL_SHOP = {
  name: "Conserta Já Celulares",
  legalName: "Conserta Já Reparos Eletrônicos Ltda.",
  cnpj: "11.222.333/0001-81",
};

let server: RunningServer | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startExtraServer({ dataDir: SERVER_DATA_DIR });
});

test.afterAll(async () => {
  await server?.stop();
});

function serverUrl() {
  if (!server) throw new Error("o servidor da demonstração não subiu");
  return server.url;
}

/** What search engines and a visitor get from the home page: the robots tag and the footer's text. */
async function publicHome() {
  const api = await request.newContext({ baseURL: serverUrl() });
  try {
    const html = await (await api.get("/")).text();
    return { head: html.slice(0, html.indexOf("</head>")), html };
  } finally {
    await api.dispose();
  }
}

/** The entry receipt of order 1, a demo one (the shop has no other). */
async function demoReceipt(page: Page) {
  await page.goto(`${serverUrl()}/service-orders/1/print/entrada`);
  return page.locator("article").first();
}

test("dona feita por user:role: salvar as configurações não tira as marcas; só 'Confirmar os dados da loja' tira", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // The refused confirmation is answered 400, which Chrome logs as a failed load.
  consoleErrors.allow(failedLoad(400));
  const url = serverUrl();
  const outbox = path.join(SERVER_DATA_DIR, "outbox");

  await test.step("a conta é criada e promovida pela linha de comando; o e-mail de confirmação sai em nome de “Balcão”", async () => {
    const api = await request.newContext({ baseURL: url });
    try {
      const signUp = await api.post("/api/auth/sign-up/email", {
        headers: { origin: url },
        data: { ...OWNER, callbackURL: "/auth?verificado=1" },
      });
      expect(signUp.status(), await signUp.text()).toBe(200);
      const link = await waitForEmailLink(OWNER.email, "/api/auth/verify-email", 10_000, outbox);
      expect((await api.get(link, { maxRedirects: 0 })).status()).toBe(302);
    } finally {
      await api.dispose();
    }
    const [verification] = emailsTo(OWNER.email, outbox);
    expect(verification?.text).toContain("Recebemos seu cadastro em Balcão.");
    expect(verification?.text).not.toContain(DEMO_SHOP_SETTINGS.name);
    const reply = await sendAdminCommand(SERVER_DATA_DIR, { command: "set-role", email: OWNER.email, role: "owner" });
    expect(reply, reply.message).toMatchObject({ ok: true });
    const signIn = await page.request.post(`${url}/api/auth/sign-in/email`, {
      headers: { origin: url },
      data: { email: OWNER.email, password: OWNER.password },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
  });

  const banner = page.getByRole("complementary", { name: "Loja em demonstração" });
  const saveButton = page.getByRole("button", { name: "Salvar configurações" });
  const confirmBox = page.getByLabel("Confirmo que estes são os dados reais da minha loja");

  await test.step("só o horário de sábado muda: salvo, e o aviso, o rodapé, o noindex e o recibo continuam de demonstração", async () => {
    await page.goto(`${url}/configuracoes`);
    await expect(page.getByRole("group", { name: "Confirmar os dados da loja" })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.locator('input[name="weeklyHours.6.close"]').fill("17:00");
    await saveButton.click();
    await expect(page.getByRole("status").filter({ hasText: "Configurações salvas" })).toBeVisible();
    await expect(page.locator('input[name="weeklyHours.6.close"]')).toHaveValue("17:00");
    await expect(banner).toContainText("Os dados da loja ainda são os fictícios");
    await expect(confirmBox).not.toBeChecked();

    const { head, html } = await publicHome();
    expect(head).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain("Site de demonstração");
    await expect(await demoReceipt(page)).toContainText(DEMO_SHOP_SETTINGS.cnpj);
    await expect(page.locator(".demonstracao")).toContainText("DEMONSTRAÇÃO");
  });

  await test.step("confirmar com o CNPJ fictício da demonstração: recusado ao lado do campo, nada muda", async () => {
    await page.goto(`${url}/configuracoes`);
    await confirmBox.check();
    await saveButton.click();
    await expect(page.getByText(DEMO_DOCUMENT_MESSAGE)).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Nada foi salvo" })).toBeVisible();
    await expect(page.getByLabel("CNPJ ou CPF")).toHaveAttribute("aria-invalid", "true");
    await expect(confirmBox).toBeChecked();
    expect((await publicHome()).html).toContain("Site de demonstração");
  });

  await test.step("com os dados reais e a confirmação: as marcas saem do site; o pedido de demonstração segue marcado", async () => {
    await page.getByLabel("Nome da loja (nome fantasia)").fill(REAL_SHOP.name);
    await page.getByLabel("Razão social").fill(REAL_SHOP.legalName);
    await page.getByLabel("CNPJ ou CPF").fill(REAL_SHOP.cnpj);
    await saveButton.click();
    await expect(page.getByRole("status").filter({ hasText: "Dados da loja confirmados" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Confirmar os dados da loja" })).toHaveCount(0);
    await expect(banner).not.toContainText("Os dados da loja ainda são os fictícios");
    await expect(banner).toContainText("Há dados de demonstração no sistema");

    const { head, html } = await publicHome();
    expect(head).not.toContain('content="noindex"');
    expect(html).not.toContain("Site de demonstração");
    expect(html).toContain(REAL_SHOP.name);

    // Until the demo rows are removed, a demo order is the demo shop's: never the real CNPJ, always marked.
    const receipt = await demoReceipt(page);
    await expect(receipt).toContainText(DEMO_SHOP_SETTINGS.cnpj);
    await expect(receipt).not.toContainText(REAL_SHOP.cnpj);
    await expect(page.locator(".demonstracao")).toContainText("DEMONSTRAÇÃO");
  });
});
