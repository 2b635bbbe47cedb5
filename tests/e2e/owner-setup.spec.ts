import fs from "node:fs";
import { OWNER_SETUP_LINK_FILE, STATE_DIR } from "./support/e2e-env";
import { formatPhone } from "~/lib/phone";
import { DEMO_SHOP_SETTINGS } from "~/modules/shop-settings/demo-settings";
import { DEMO_DOCUMENT_MESSAGE } from "~/modules/shop-settings/validation";
import { expect, failedLoad, test } from "./support/test";
import { ORIGIN_HEADER, USERS } from "./support/users";

/** A valid CNPJ that is not the demo's: owner setup confirms the shop's identity, which the demo's never is. */
const SETUP_DOCUMENT = "11.222.333/0001-81";

// Runs once, in the setup project: the link is single-use and this creates the owner the other specs sign in as.
test("o link de configuração impresso na partida cria a proprietária e os dados da loja uma única vez", async ({
  page,
  consoleErrors,
}) => {
  // The refused first try is answered 400, which Chrome logs as a failed load.
  consoleErrors.allow(failedLoad(400));
  expect(fs.existsSync(OWNER_SETUP_LINK_FILE), "o servidor imprimiu o link de configuração").toBe(true);
  const link = fs.readFileSync(OWNER_SETUP_LINK_FILE, "utf8").trim();
  const { owner } = USERS;

  await test.step("dados da loja inválidos: nada é criado, o que foi digitado fica e o link continua valendo", async () => {
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Configurar a loja" })).toBeVisible();
    await page.getByLabel("Nome completo").fill(owner.name);
    await page.getByLabel("E-mail", { exact: true }).fill(owner.email);
    await page.getByLabel("Senha", { exact: true }).fill(owner.password);
    await page.getByLabel("Nome da loja (nome fantasia)").fill(DEMO_SHOP_SETTINGS.name);
    await page.getByLabel("Razão social").fill(DEMO_SHOP_SETTINGS.legalName);
    // One check digit off.
    await page.getByLabel("CNPJ ou CPF").fill("12.ABC.345/01DE-36");
    await page.getByLabel("Endereço (rua, número e bairro)").fill(DEMO_SHOP_SETTINGS.address);
    await page.getByLabel("Cidade").fill(DEMO_SHOP_SETTINGS.city);
    await page.getByLabel("Estado").selectOption(DEMO_SHOP_SETTINGS.state);
    await page.getByLabel("CEP").fill(DEMO_SHOP_SETTINGS.cep);
    await page.getByLabel("WhatsApp da loja").fill(formatPhone(DEMO_SHOP_SETTINGS.whatsapp));
    await page.getByLabel("E-mail da loja").fill(DEMO_SHOP_SETTINGS.email);
    await page.getByRole("button", { name: "Criar conta do proprietário" }).click();

    await expect(page.getByText("CNPJ inválido: confira os caracteres digitados.")).toBeVisible();
    await expect(page.getByLabel("Razão social")).toHaveValue(DEMO_SHOP_SETTINGS.legalName);
  });

  const password = page.getByLabel("Senha", { exact: true });

  await test.step("o CNPJ fictício da demonstração não confirma a loja: recusado, e nada é criado", async () => {
    await page.getByLabel("CNPJ ou CPF").fill(DEMO_SHOP_SETTINGS.cnpj);
    if ((await password.inputValue()) === "") await password.fill(owner.password);
    await page.getByRole("button", { name: "Criar conta do proprietário" }).click();
    await expect(page.getByText(DEMO_DOCUMENT_MESSAGE)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Configurar a loja" })).toBeVisible();
  });

  await test.step("com os dados certos, cria a conta com a loja e chega ao painel com a barra lateral da gestão", async () => {
    // The demo's other details, which the other journeys read on the public pages, with a CNPJ of its own: now the shop's.
    await page.getByLabel("CNPJ ou CPF").fill(SETUP_DOCUMENT);
    if ((await password.inputValue()) === "") await password.fill(owner.password);
    await page.getByRole("button", { name: "Criar conta do proprietário" }).click();

    await expect(page).toHaveURL("/dashboard");
    const sidebar = page.getByRole("navigation", { name: "Gestão" });
    for (const area of [
      "Painel",
      "Ordens de serviço",
      "Estoque",
      "Caixa",
      "Financeiro",
      "Equipe",
      "Configurações da loja",
      "Registro de auditoria",
    ]) {
      await expect(sidebar.getByRole("link", { name: area, exact: true })).toBeVisible();
    }
    // The account's name, as people know each other, not the e-mail's first part (issue 21).
    await expect(page.getByRole("button", { name: owner.name })).toBeVisible();
    fs.mkdirSync(STATE_DIR, { recursive: true, mode: 0o700 });
    await page.context().storageState({ path: owner.storageState });
  });

  await test.step("o Instagram e o link de avaliação da demonstração saem, e a proprietária os informa nas configurações", async () => {
    await page.goto("/configuracoes");
    const instagram = page.getByLabel("Instagram");
    const reviewLink = page.getByLabel("Link para avaliar a loja (Google, por exemplo)");
    await expect(instagram).toHaveValue("");
    await expect(reviewLink).toHaveValue("");
    // The demo's values again: the other journeys read them on the public pages.
    await instagram.fill(DEMO_SHOP_SETTINGS.socialLinks?.instagram ?? "");
    await reviewLink.fill(DEMO_SHOP_SETTINGS.reviewUrl ?? "");
    await page.getByRole("button", { name: "Salvar configurações" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Configurações salvas" })).toBeVisible();
  });

  await test.step("o mesmo link não serve uma segunda vez", async () => {
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Link inválido" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Criar conta do proprietário" })).toHaveCount(0);

    // Posting the form straight to the server is refused too, and signs nobody in.
    const token = new URL(link).searchParams.get("token") ?? "";
    const replay = await page.request.post(link, {
      headers: ORIGIN_HEADER,
      form: { token, fullName: "Intrusa", email: "intrusa@e2e.test", password: owner.password },
      maxRedirects: 0,
    });
    expect(replay.status()).toBe(400);
    expect(replay.headers()["set-cookie"] ?? "").not.toContain("session_token");
  });
});
