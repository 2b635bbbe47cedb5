import type { Page } from "@playwright/test";
import { emailsTo, waitForEmailLink } from "./support/outbox";
import { expect, failedLoad, test } from "./support/test";
import { createVerifiedUser, PASSWORD, uniqueEmail, USERS } from "./support/users";

function tabPanel(page: Page, name: "Login" | "Cadastro") {
  return page.getByRole("tabpanel", { name });
}

async function signInOnAuthPage(page: Page, email: string, password: string) {
  const login = tabPanel(page, "Login");
  await login.getByLabel("E-mail").fill(email);
  await login.getByLabel("Senha", { exact: true }).fill(password);
  await login.getByRole("button", { name: "Entrar" }).click();
}

test("cadastro, confirmação pelo link do e-mail, login, menu da conta e saída", async ({ page }) => {
  const email = uniqueEmail("cadastro");
  const signUpCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/auth/sign-up")) signUpCalls.push(request.url());
  });

  await page.goto("/auth");
  await page.getByRole("tab", { name: "Cadastro" }).click();
  const signup = tabPanel(page, "Cadastro");

  await test.step("uma senha fraca é recusada no navegador e nada é enviado", async () => {
    await signup.getByLabel("Nome completo").fill("Ana Cadastro");
    await signup.getByLabel("E-mail").fill(email);
    await signup.getByLabel("Senha", { exact: true }).fill("curta1!A");
    await signup.getByRole("button", { name: "Criar conta" }).click();
    await expect(signup.getByRole("alert")).toHaveText("A senha deve ter pelo menos 12 caracteres");
    expect(signUpCalls).toEqual([]);
    expect(emailsTo(email)).toEqual([]);
  });

  await test.step("uma senha forte cria a conta e volta para a aba de login", async () => {
    await signup.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await signup.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.getByText("Conta criada com sucesso! Verifique seu email.")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
    expect(signUpCalls).toHaveLength(1);
  });

  await test.step("o link de confirmação do e-mail leva a /auth?verificado=1", async () => {
    await page.goto(await waitForEmailLink(email, "/api/auth/verify-email"));
    await expect(page).toHaveURL("/auth?verificado=1");
    await expect(page.getByText("E-mail confirmado!")).toBeVisible();
  });

  await test.step("o login leva a Minha conta", async () => {
    await signInOnAuthPage(page, email, PASSWORD);
    await expect(page.getByText("Login realizado com sucesso!")).toBeVisible();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { name: "Minha conta", level: 1 })).toBeVisible();
  });

  await test.step("o menu da conta mostra o nome da pessoa (não o começo do e-mail) e só o item Sair", async () => {
    await page.getByRole("banner").getByRole("button", { name: "Ana Cadastro" }).click();
    const items = page.getByRole("menu").getByRole("menuitem");
    await expect(items).toHaveCount(1);
    await expect(items).toHaveText("Sair");

    await items.click();
    await expect(page.getByText("Logout realizado com sucesso!")).toBeVisible();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  });
});

test("senha errada mostra o alerta e o aviso de erro", async ({ page, consoleErrors }) => {
  // The sign-in call is answered 401, which Chrome logs as a failed load.
  consoleErrors.allow(failedLoad(401));
  await page.goto("/auth");
  await signInOnAuthPage(page, USERS.customer.email, "Senha-Errada#2026");
  await expect(tabPanel(page, "Login").getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
  await expect(page.getByText("Erro ao fazer login")).toBeVisible();
  await expect(page).toHaveURL("/auth");
});

test("mostrar/ocultar senha vale para as duas abas", async ({ page }) => {
  await page.goto("/auth");
  const loginPassword = tabPanel(page, "Login").getByLabel("Senha", { exact: true });
  await expect(loginPassword).toHaveAttribute("type", "password");
  await tabPanel(page, "Login").getByRole("button", { name: "Mostrar senha" }).click();
  await expect(loginPassword).toHaveAttribute("type", "text");

  await page.getByRole("tab", { name: "Cadastro" }).click();
  const signup = tabPanel(page, "Cadastro");
  await expect(signup.getByLabel("Senha", { exact: true })).toHaveAttribute("type", "text");
  await signup.getByRole("button", { name: "Ocultar senha" }).click();
  await expect(signup.getByLabel("Senha", { exact: true })).toHaveAttribute("type", "password");

  await page.getByRole("tab", { name: "Login" }).click();
  await expect(loginPassword).toHaveAttribute("type", "password");
  await expect(tabPanel(page, "Login").getByRole("button", { name: "Mostrar senha" })).toBeVisible();
});

test("o botão fica desativado com um indicador enquanto o login está em andamento", async ({ page }) => {
  // Holds the real request back a moment (its answer is the server's own) so the pending state can be seen.
  await page.route("**/api/auth/sign-in/email", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto("/auth");
  await signInOnAuthPage(page, USERS.customer.email, USERS.customer.password);
  const submit = tabPanel(page, "Login").getByRole("button", { name: "Entrar" });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAttribute("aria-busy", "true");
  await expect(submit.locator(".animate-spin")).toBeVisible();
  await expect(page).toHaveURL("/dashboard");
});

test("um visitante que abre uma página da equipe volta para ela depois do login", async ({ page }) => {
  await page.goto("/inventory");
  await expect(page).toHaveURL("/auth?from=%2Finventory");
  await signInOnAuthPage(page, USERS.staff.email, USERS.staff.password);
  await expect(page).toHaveURL("/inventory");
  await expect(page.getByRole("heading", { name: "Estoque", level: 1 })).toBeVisible();
});

test.describe("com sessão", () => {
  test.use({ storageState: USERS.customer.storageState });

  test("quem já entrou e abre /auth vai para o painel", async ({ page }) => {
    await page.goto("/auth");
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { name: "Minha conta", level: 1 })).toBeVisible();
  });
});

test("esqueci minha senha: link pelo e-mail, nova senha e login com ela", async ({ page, request }) => {
  const user = { name: "Rita Redefine", email: uniqueEmail("redefine"), password: PASSWORD };
  const newPassword = "Outra-Senha#2026x";
  await createVerifiedUser(request, user);

  await page.goto("/auth");
  await page.getByRole("link", { name: "Esqueci minha senha" }).click();
  await expect(page).toHaveURL("/auth/esqueci-senha");
  // The address changes just before React draws the new page: until then "E-mail" is still the sign-in form's field.
  await expect(page.getByRole("heading", { name: "Esqueci minha senha" })).toBeVisible();
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByText("Se existir uma conta com este e-mail, enviamos um link")).toBeVisible();

  await page.goto(await waitForEmailLink(user.email, "/reset-password"));
  await expect(page).toHaveURL(/\/auth\/nova-senha\?token=/);
  await page.getByLabel("Nova senha", { exact: true }).fill(newPassword);
  await page.getByLabel("Repita a nova senha").fill(`${newPassword}!`);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByRole("alert")).toHaveText("As senhas não conferem.");

  await page.getByLabel("Repita a nova senha").fill(newPassword);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByText("Senha alterada com sucesso!")).toBeVisible();
  await expect(page).toHaveURL("/auth?senha=alterada");

  await signInOnAuthPage(page, user.email, newPassword);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: "Minha conta", level: 1 })).toBeVisible();
});
