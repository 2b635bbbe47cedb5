import type { Page } from "@playwright/test";
import { prepareOrder } from "./support/service-orders";
import { waitForEmailLink } from "./support/outbox";
import { expect, failedLoad, test, waitForHydration } from "./support/test";
import { createVerifiedUser, ORIGIN_HEADER, PASSWORD, uniqueEmail, USERS } from "./support/users";

/**
 * Issue 10, 5.11: on a phone the page's scripts arrive seconds after its
 * HTML. A tap or a typed character in that window must not be lost. Each
 * journey holds back every script of the app, acts on the server's HTML,
 * then lets the scripts through and checks that React took over what was done.
 */
async function holdScripts(page: Page) {
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  await page.route(/\/assets\/[^?]*\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

function isHydrated(page: Page) {
  return page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));
}

test("no celular, o Menu abre no primeiro toque, antes de os scripts chegarem", async ({ page, isMobile }) => {
  test.skip(!isMobile, "o botão Menu só aparece em telas estreitas");
  const release = await holdScripts(page);
  // The wrapped goto resolves once the page has hydrated, so it is awaited only after the scripts are let through.
  const loading = page.goto("/historia");

  await page.getByRole("button", { name: "Menu" }).tap();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer).toBeVisible();
  expect(await isHydrated(page)).toBe(false);

  release();
  await loading;
  // React took over the drawer the browser opened: choosing an entry closes it and navigates.
  await expect(drawer).toBeVisible();
  await drawer.getByRole("link", { name: "Contato" }).click();
  await expect(page).toHaveURL("/contato");
  await expect(drawer).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).tap();
  await expect(drawer).toBeVisible();
  await drawer.getByRole("button", { name: "Fechar menu" }).tap();
  await expect(drawer).toBeHidden();
});

test("o painel de acessibilidade aberto antes dos scripts ganha seus controles quando eles chegam", async ({ page }) => {
  const release = await holdScripts(page);
  const loading = page.goto("/privacidade");

  await page.getByRole("button", { name: "Acessibilidade" }).click();
  const panel = page.getByRole("dialog", { name: "Acessibilidade" });
  await expect(panel).toBeVisible();

  release();
  await loading;
  await expect(panel.getByRole("button", { name: "Aumentar fonte" })).toBeVisible();
  await panel.getByRole("button", { name: "Aumentar fonte" }).click();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).not.toBe("16px");
  await panel.getByRole("button", { name: "Redefinir" }).click();
});

test.describe("equipe", () => {
  test.use({ storageState: USERS.staff.storageState });

  test("o que se digita no campo Cliente da nova OS antes dos scripts fica, e a busca acontece", async ({ page }) => {
    const order = await prepareOrder("received");
    const typed = order.phone.slice(-8);
    const release = await holdScripts(page);
    const loading = page.goto("/new-service-order");

    const field = page.getByLabel("Cliente (número do cadastro)");
    await field.click();
    await field.pressSequentially(typed);
    expect(await isHydrated(page)).toBe(false);

    release();
    await loading;
    const search = page.getByRole("combobox", { name: "Cliente" });
    await expect(search).toHaveValue(typed);
    await expect(search).toBeFocused();
    await expect(page.getByRole("option", { name: new RegExp(order.customerName) })).toBeVisible();
    await page.getByRole("option", { name: new RegExp(order.customerName) }).click();
    await expect(page.getByRole("group", { name: "Cliente", exact: true }).first()).toContainText(order.customerName);
  });
});

test("Entrar tocado antes dos scripts entra, sem a senha no endereço", async ({ page }) => {
  const release = await holdScripts(page);
  const loading = page.goto("/auth?from=/dashboard");

  const login = page.getByRole("tabpanel", { name: "Login" });
  await login.getByLabel("E-mail").fill(USERS.customer.email);
  await login.getByLabel("Senha", { exact: true }).fill(USERS.customer.password);
  await login.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL("/dashboard");
  expect(page.url()).not.toContain("password");

  release();
  await loading.catch(() => {});
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a aba Cadastro abre no primeiro toque, antes dos scripts", async ({ page }) => {
  const release = await holdScripts(page);
  const loading = page.goto("/auth?from=/dashboard").catch(() => null);

  await page.getByRole("tab", { name: "Cadastro" }).click();
  await expect(page.getByLabel("Nome completo")).toBeVisible();
  await expect(page).toHaveURL("/auth?from=%2Fdashboard&aba=cadastro");

  release();
  await loading;
  await waitForHydration(page);
  // Once React runs, the tabs switch in place.
  await page.getByRole("tab", { name: "Login" }).click();
  await expect(page.getByLabel("Nome completo")).toBeHidden();
  await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/aba=cadastro/);
});

test("Sair tocado no menu da conta antes dos scripts encerra a sessão", async ({ page }) => {
  const user = { name: "Saulo Sai Cedo", email: uniqueEmail("sair-cedo"), password: PASSWORD };
  await createVerifiedUser(page.request, user);
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    headers: ORIGIN_HEADER,
    data: { email: user.email, password: user.password },
  });
  expect(signIn.status()).toBe(200);
  const release = await holdScripts(page);
  const loading = page.goto("/historia").catch(() => null);

  await page.getByRole("button", { name: user.name }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  const session = await page.request.get("/api/auth/get-session");
  expect(await session.json()).toBeNull();

  release();
  await loading;
});

test("esqueci minha senha e a nova senha funcionam antes dos scripts, sem e-mail nem senha no endereço", async ({
  page,
  consoleErrors,
}) => {
  // The refused post (passwords that differ) answers 400, as every refusal: Chrome logs the page's status.
  consoleErrors.allow(failedLoad(400));
  const user = { name: "Nina Sem Script", email: uniqueEmail("sem-script"), password: PASSWORD };
  const newPassword = "Nova-Senha#2026sem";
  await createVerifiedUser(page.request, user);
  const release = await holdScripts(page);
  const forgotLoading = page.goto("/auth/esqueci-senha").catch(() => null);

  await page.getByLabel("E-mail").fill(user.email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByText("Se existir uma conta com este e-mail, enviamos um link")).toBeVisible();
  expect(page.url()).not.toContain("email");

  const resetLoading = page.goto(await waitForEmailLink(user.email, "/reset-password")).catch(() => null);
  await expect(page).toHaveURL(/\/auth\/nova-senha\?token=/);
  await page.getByLabel("Nova senha", { exact: true }).fill(newPassword);
  await page.getByLabel("Repita a nova senha").fill(`${newPassword}!`);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByRole("alert")).toHaveText("As senhas não conferem.");

  await page.getByLabel("Nova senha", { exact: true }).fill(newPassword);
  await page.getByLabel("Repita a nova senha").fill(newPassword);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page).toHaveURL("/auth?senha=alterada");

  release();
  await Promise.all([forgotLoading, resetLoading]);
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    headers: ORIGIN_HEADER,
    data: { email: user.email, password: newPassword },
  });
  expect(signIn.status()).toBe(200);
});
