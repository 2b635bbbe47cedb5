import { expect, test } from "./support/test";
import { USERS } from "./support/users";

/**
 * The staff's Painel on the demo shop: every figure is there, and a number
 * opens the list that shows the same rows; on a phone it fits the screen.
 */
test.use({ storageState: USERS.staff.storageState });

const PANELS = [
  "Prontos para retirada",
  "Peças aguardadas",
  "Caixa",
  "A receber e a pagar",
  "Estoque baixo",
  "Garantias acionadas no mês",
  "Site hoje",
];

test("o painel mostra o dia da loja e cada número abre a lista com as mesmas linhas", async ({ page, isMobile }) => {
  test.skip(isMobile, "caminho longo no desktop; o telefone tem a verificação curta abaixo");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Painel", level: 1 })).toBeVisible();
  for (const panel of PANELS) await expect(page.getByRole("heading", { name: panel, level: 2 })).toBeVisible();

  // The open orders' total is the sum of the statuses listed under it.
  const ordersPanel = page.getByRole("region", { name: /Ordens abertas/ });
  const heading = await ordersPanel.getByRole("heading").innerText();
  const counts = await ordersPanel.locator("[data-count]").allInnerTexts();
  expect(Number(/\((\d+)\)/.exec(heading)?.[1])).toBe(counts.reduce((sum, count) => sum + Number(count), 0));

  // A status's number opens the orders list on that status, whose count is the same.
  const ready = ordersPanel.getByRole("link", { name: /Pronto para retirada/ });
  const readyCount = await ready.locator("[data-count]").innerText();
  await ready.click();
  await expect(page).toHaveURL(/\/service-orders\?status=ready$/);
  await expect(page.getByRole("navigation", { name: "Filtrar por status" }).locator("[aria-current=page]")).toContainText(
    readyCount,
  );
  await page.goBack();

  // The devices waiting for pickup: the number is the list's.
  const pickups = page.getByRole("region", { name: "Prontos para retirada" }).getByRole("link", { name: /Aguardando retirada/ });
  const pickupCount = Number(await pickups.locator("[data-count]").innerText());
  await pickups.click();
  await expect(page).toHaveURL(/\/pending-pickups$/);
  await expect(page.getByRole("heading", { name: "Aguardando retirada", level: 1 })).toBeVisible();
  if (pickupCount > 0) {
    await expect(
      page.getByText(pickupCount === 1 ? "1 aparelho aguardando retirada" : `${pickupCount} aparelhos aguardando retirada`),
    ).toBeVisible();
  } else {
    await expect(page.getByText("Nenhum aparelho aguardando retirada")).toBeVisible();
  }
  await page.goBack();

  await page.getByRole("navigation", { name: "Ações rápidas" }).getByRole("link", { name: "Nova OS" }).click();
  await expect(page).toHaveURL("/new-service-order");
});

test("o fornecedor escolhido numa peça fica na OS, e as garantias por fornecedor abrem a lista com as mesmas linhas", async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, "caminho do desktop");
  const supplier = "Distribuidora Peças Paulista (demonstração)";
  await page.goto("/dashboard");
  // An order waiting for a part: its part line gets the supplier it was bought from.
  await page
    .getByRole("region", { name: "Peças aguardadas" })
    .getByRole("link", { name: /OS nº \d+/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/service-orders\/\d+\/edit$/);
  const supplierField = page.getByLabel("Fornecedor").first();
  await supplierField.selectOption({ label: supplier });
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Alterações salvas." })).toBeVisible();
  await expect(page.getByLabel("Fornecedor").first().locator("option:checked")).toHaveText(supplier);

  // The Painel's claims of the month by part supplier: each number is the filtered list's count.
  await page.goto("/dashboard");
  const claims = page.getByRole("region", { name: "Garantias acionadas no mês" });
  await expect(claims.getByRole("heading", { name: "Garantias este mês por fornecedor de peça" })).toBeVisible();
  const bySupplier = claims.getByRole("list", { name: "Por fornecedor de peça" }).getByRole("link").first();
  const count = Number(await bySupplier.locator("[data-count]").innerText());
  expect(count).toBeGreaterThan(0);
  await bySupplier.click();
  await expect(page).toHaveURL(/\/warranty-contract\?reclamacao=\d{4}-\d{2}&fornecedor=\d+$/);
  await expect(page.getByText("Uma garantia cuja OS teve peças de dois fornecedores conta uma vez para cada um.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Garantias" }).getByRole("listitem")).toHaveCount(count);

  // A supplier that does not exist is no filter: the list of the month's claims at its own address.
  const month = new URL(page.url()).searchParams.get("reclamacao");
  await page.goto(`/warranty-contract?reclamacao=${month}&fornecedor=999999`);
  await expect(page).toHaveURL(new RegExp(`/warranty-contract\\?reclamacao=${month}$`));
});

test("no telefone, o painel cabe na tela de 360 px", async ({ page, isMobile }) => {
  test.skip(!isMobile, "verificação curta do telefone");
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Site hoje", level: 2 })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
});
