import fs from "node:fs";
import { OWNER_SETUP_LINK_FILE, STATE_DIR } from "./support/e2e-env";
import { expect, test } from "./support/test";
import { ORIGIN_HEADER, USERS } from "./support/users";

// Runs once, in the setup project: the link is single-use and this creates the owner the other specs sign in as.
test("o link de configuração impresso na partida cria a proprietária uma única vez", async ({ page }) => {
  expect(fs.existsSync(OWNER_SETUP_LINK_FILE), "o servidor imprimiu o link de configuração").toBe(true);
  const link = fs.readFileSync(OWNER_SETUP_LINK_FILE, "utf8").trim();
  const { owner } = USERS;

  await test.step("cria a conta e chega ao painel com a barra lateral da gestão", async () => {
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Configurar a loja" })).toBeVisible();
    await page.getByLabel("Nome completo").fill(owner.name);
    await page.getByLabel("E-mail").fill(owner.email);
    await page.getByLabel("Senha", { exact: true }).fill(owner.password);
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
    await expect(page.getByRole("button", { name: "proprietaria" })).toBeVisible();
    fs.mkdirSync(STATE_DIR, { recursive: true, mode: 0o700 });
    await page.context().storageState({ path: owner.storageState });
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
