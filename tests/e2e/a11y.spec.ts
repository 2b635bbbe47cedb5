import { accessibilityViolations } from "./support/axe";
import { expect, failedLoad, test } from "./support/test";
import { USERS } from "./support/users";

test("página inicial", async ({ page }) => {
  // 75 review cards make axe's run on this page ~10 s alone and 3× that on a loaded 2-core machine.
  test.slow();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test("/auth, aba Login e aba Cadastro", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole("tab", { name: "Cadastro" }).click();
  await expect(page.getByRole("tabpanel", { name: "Cadastro" }).getByLabel("Nome completo")).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test("página não encontrada", async ({ page, consoleErrors }) => {
  // The document itself is answered 404, which Chrome logs as a failed load.
  consoleErrors.allow(failedLoad(404));
  await page.goto("/nao-existe-esta-pagina");
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test.describe("cliente", () => {
  test.use({ storageState: USERS.customer.storageState });

  test("página de área restrita", async ({ page, consoleErrors }) => {
    // The document itself is answered 403, which Chrome logs as a failed load.
    consoleErrors.allow(failedLoad(403));
    await page.goto("/cash-register");
    await expect(page.getByRole("heading", { name: "Área restrita à equipe" })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

test.describe("equipe", () => {
  test.use({ storageState: USERS.staff.storageState });

  test("painel da gestão, com o menu aberto no celular", async ({ page, isMobile }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Painel", level: 1 })).toBeVisible();
    if (isMobile) {
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(page.getByRole("dialog", { name: "Gestão" })).toBeVisible();
    }
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
