import { expect, test } from "./support/test";
import { USERS } from "./support/users";

/**
 * The staff's Painel on the demo shop: every figure is there and leads to
 * where it is worked on; on a phone it fits the screen.
 */
test.use({ storageState: USERS.staff.storageState });

test("o painel mostra o dia da loja e leva a cada área", async ({ page, isMobile }) => {
  test.skip(isMobile, "caminho longo no desktop; o telefone tem a verificação curta abaixo");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Painel", level: 1 })).toBeVisible();
  for (const panel of ["Caixa", "Prontos para retirada", "A receber", "Estoque baixo"]) {
    await expect(page.getByRole("heading", { name: panel, level: 2 })).toBeVisible();
  }
  // The open orders' total is the sum of the statuses listed under it.
  const ordersPanel = page.getByRole("region", { name: /Ordens abertas/ });
  const heading = await ordersPanel.getByRole("heading").innerText();
  const counts = await ordersPanel.locator("li span").allInnerTexts();
  expect(Number(/\((\d+)\)/.exec(heading)?.[1])).toBe(counts.reduce((sum, count) => sum + Number(count), 0));

  await ordersPanel.getByRole("link", { name: "Pronto para retirada" }).click();
  await expect(page).toHaveURL(/\/service-orders\?status=ready/);
  await page.goBack();
  await page.getByRole("navigation", { name: "Ações rápidas" }).getByRole("link", { name: "Nova OS" }).click();
  await expect(page).toHaveURL("/new-service-order");
});

test("no telefone, o painel cabe na tela", async ({ page, isMobile }) => {
  test.skip(!isMobile, "verificação curta do telefone");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Estoque baixo", level: 2 })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
});
