import { addDays, shopToday } from "~/lib/dates";
import { DEMO_SHOP_SETTINGS } from "~/modules/shop-settings/demo-settings";
import { describeClosure } from "~/modules/shop-settings/opening-hours";
import { accessibilityViolations } from "./support/axe";
import { expect, failedLoad, test } from "./support/test";
import { USERS } from "./support/users";

test.use({ storageState: USERS.owner.storageState });

test("a proprietária muda os dados da loja e o rodapé público mostra na hora", async ({
  page,
  browser,
  isMobile,
  consoleErrors,
}) => {
  test.skip(isMobile, "jornada longa da gestão: roda no desktop; o celular tem a verificação de largura abaixo");
  test.slow();
  // The refused save is answered 400, which Chrome logs as a failed load.
  consoleErrors.allow(failedLoad(400));
  // A street only this run writes, so the footer shows it because of this save and nothing else.
  const address = `Avenida Paulista, ${1000 + Math.floor(Math.random() * 8000)} – Bela Vista`;
  // Within the weeks the footer lists, and never today: the other journeys expect the shop open by its weekly hours.
  // More than the three rows the page once had: the list grows with "Adicionar outra data".
  const closures = [
    { date: addDays(shopToday(), 20), reason: "Aniversário da cidade" },
    { date: addDays(shopToday(), 21), reason: "Ponte do feriado" },
    { date: addDays(shopToday(), 22), reason: "Inventário" },
    { date: addDays(shopToday(), 23), reason: "Dedetização" },
  ];
  const closureDates = page.locator('input[name^="closures."][name$=".date"]');

  async function publicFooter() {
    // A visitor who is not signed in: served from the anonymous page cache, which a save must drop.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto("/");
    const text = (await visitorPage.getByRole("contentinfo").innerText()).replace(/\s+/g, " ");
    await visitor.close();
    return text;
  }

  /**
   * Saves and waits for the page's data to come back: after an earlier save the
   * "Configurações salvas" message is already on screen, so it proves nothing.
   */
  async function saveAndReload() {
    const reloaded = page.waitForResponse(
      (response) => response.request().method() === "GET" && new URL(response.url()).pathname === "/configuracoes.data",
    );
    await page.getByRole("button", { name: "Salvar configurações" }).click();
    expect((await reloaded).status()).toBe(200);
  }

  await page.goto("/configuracoes");
  await expect(page.getByRole("heading", { name: "Configurações da loja", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Nome da loja (nome fantasia)")).not.toHaveValue("");
  expect(await accessibilityViolations(page)).toEqual([]);
  const addressField = page.getByLabel("Endereço (rua, número e bairro)");
  const documentField = page.getByLabel("CNPJ ou CPF");
  const savedDocument = await documentField.inputValue();

  await test.step("um CNPJ errado: nada é salvo, a mensagem fica ao lado do campo e o que foi digitado continua lá", async () => {
    await addressField.fill(address);
    await documentField.fill("12.ABC.345/01DE-36");
    await page.getByRole("button", { name: "Salvar configurações" }).click();
    await expect(page.getByText("CNPJ inválido: confira os caracteres digitados.")).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Nada foi salvo" })).toBeVisible();
    await expect(addressField).toHaveValue(address);
    expect(await publicFooter()).not.toContain(address);
  });

  await test.step("corrigido, com outro telefone e quatro feriados: salvo e mostrado no rodapé público na hora", async () => {
    await documentField.fill(savedDocument);
    await page.getByLabel("Telefone 1").fill("(11) 3333-4444");
    const firstBlankRow = await closureDates.evaluateAll((inputs) =>
      inputs.findIndex((input) => (input as HTMLInputElement).value === ""),
    );
    for (const [offset, closure] of closures.entries()) {
      const row = firstBlankRow + offset + 1;
      if ((await closureDates.count()) < row) {
        await page.getByRole("button", { name: "Adicionar outra data" }).click();
        // The new row's date takes the focus.
        await expect(page.getByLabel(`Data ${row}`, { exact: true })).toBeFocused();
      }
      await page.getByLabel(`Data ${row}`, { exact: true }).fill(closure.date);
      await page.getByLabel(`Motivo ${row}`, { exact: true }).fill(closure.reason);
    }
    await page.getByRole("button", { name: "Salvar configurações" }).click();

    await expect(page.getByRole("status").filter({ hasText: "Configurações salvas" })).toBeVisible();
    await expect(addressField).toHaveValue(address);
    await expect(page.getByLabel("Telefone 1")).toHaveValue("(11) 3333-4444");

    const footer = await publicFooter();
    expect(footer).toContain(`${address}, ${DEMO_SHOP_SETTINGS.city} – ${DEMO_SHOP_SETTINGS.state}`);
    expect(footer).toContain("(11) 3333-4444");
    for (const closure of closures) expect(footer).toContain(describeClosure(closure));
    for (const closure of closures) await expect(closureDates.and(page.locator(`[value="${closure.date}"]`))).toHaveCount(1);
  });

  const pixType = page.getByLabel("Tipo da chave", { exact: true });
  const pixKey = page.getByLabel("Chave PIX", { exact: true });
  const pixDiscount = page.getByLabel("% de desconto no PIX");
  const negativeStock = page.getByLabel("Permitir estoque negativo");
  const saved = {
    pixType: await pixType.inputValue(),
    pixKey: await pixKey.inputValue(),
    pixDiscount: await pixDiscount.inputValue(),
    negativeStock: await negativeStock.isChecked(),
  };

  await test.step("desconto no PIX acima de 20%: recusado ao lado do campo", async () => {
    await pixDiscount.fill("25");
    await page.getByRole("button", { name: "Salvar configurações" }).click();
    await expect(page.getByText("O desconto no PIX pode ser de no máximo 20%.")).toBeVisible();
    await expect(pixDiscount).toHaveAttribute("aria-invalid", "true");
  });

  await test.step("chave PIX da loja, 2,5% de desconto e estoque negativo: salvos, e o Testar PIX mostra o QR de R$ 1,00", async () => {
    await pixType.selectOption("email");
    await pixKey.fill("pix@consertaja.com.br");
    await pixDiscount.fill("2,5");
    await negativeStock.check();
    await saveAndReload();
    await expect(pixDiscount).toHaveValue("2,5");
    await expect(negativeStock).toBeChecked();

    const charge = page.getByRole("region", { name: "Cobrança de teste" });
    const testPix = page.locator("details").filter({ hasText: "Testar PIX" });
    // A native <details>: opened by its summary, and closed again if the form is drawn anew under it.
    await expect(async () => {
      if (!(await testPix.evaluate((details) => (details as HTMLDetailsElement).open))) await testPix.locator("summary").click();
      await expect(charge.getByRole("img", { name: /QR code do PIX de R\$\s1,00/ })).toBeVisible({ timeout: 2_000 });
    }).toPass();
    const code = charge.getByLabel("PIX copia e cola");
    await expect(code).toHaveValue(
      /^000201\d{4}0014br\.gov\.bcb\.pix0121pix@consertaja\.com\.br.*54041\.00.*0505TESTE6304[0-9A-F]{4}$/,
    );
    await expect(charge.getByText("pix@consertaja.com.br", { exact: true })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await charge.getByRole("button", { name: "Copiar" }).click();
    await expect(charge.getByText("Código copiado.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());
  });

  // The other journeys share this server and read the demo's address (the contact page's map link, among others).
  await test.step("o endereço de antes volta, o telefone e o feriado saem: o rodapé deixa de mostrá-los", async () => {
    await pixType.selectOption(saved.pixType);
    await pixKey.fill(saved.pixKey);
    await pixDiscount.fill(saved.pixDiscount);
    await negativeStock.setChecked(saved.negativeStock);
    await addressField.fill(DEMO_SHOP_SETTINGS.address);
    await page.getByLabel("Telefone 1").fill("");
    for (const closure of closures) {
      const closureRow = await closureDates.evaluateAll(
        (inputs, date) => inputs.findIndex((input) => (input as HTMLInputElement).value === date),
        closure.date,
      );
      const rows = await closureDates.count();
      await page.getByRole("button", { name: `Remover a data ${closureRow + 1}`, exact: true }).click();
      await expect(closureDates).toHaveCount(Math.max(1, rows - 1));
    }
    await saveAndReload();
    await expect(page.getByRole("status").filter({ hasText: "Configurações salvas" })).toBeVisible();
    await expect(pixKey).toHaveValue(saved.pixKey);
    await expect(pixDiscount).toHaveValue(saved.pixDiscount);
    await expect(negativeStock).toBeChecked({ checked: saved.negativeStock });

    const footer = await publicFooter();
    expect(footer).toContain(DEMO_SHOP_SETTINGS.address);
    expect(footer).not.toContain(address);
    expect(footer).not.toContain("(11) 3333-4444");
    for (const closure of closures) expect(footer).not.toContain(describeClosure(closure));
  });
});

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a lista de feriados ganha e perde linhas sem salvar nada", async ({ page, isMobile }) => {
    test.skip(isMobile, "o mesmo formulário do desktop");
    await page.goto("/configuracoes");
    const dates = page.locator('input[name^="closures."][name$=".date"]');
    const rows = await dates.count();
    const typed = { date: addDays(shopToday(), 40), reason: "Só digitado, nunca salvo" };
    await page.getByLabel(`Data ${rows}`, { exact: true }).fill(typed.date);
    await page.getByLabel(`Motivo ${rows}`, { exact: true }).fill(typed.reason);

    await page.getByRole("button", { name: "Adicionar outra data" }).click();
    await expect(dates).toHaveCount(rows + 1);
    await expect(page.getByLabel(`Data ${rows}`, { exact: true })).toHaveValue(typed.date);
    await expect(page.getByLabel(`Motivo ${rows}`, { exact: true })).toHaveValue(typed.reason);
    await expect(page.getByLabel(`Data ${rows + 1}`, { exact: true })).toHaveValue("");
    await expect(page.getByText("Configurações salvas")).toHaveCount(0);

    await page.getByRole("button", { name: `Remover a data ${rows}`, exact: true }).click();
    await expect(dates).toHaveCount(rows);
    await expect(page.getByLabel(`Data ${rows}`, { exact: true })).toHaveValue("");
    await expect(page.getByText(typed.reason)).toHaveCount(0);

    // Nothing of it was saved.
    await page.goto("/configuracoes");
    await expect(dates.and(page.locator(`[value="${typed.date}"]`))).toHaveCount(0);
  });
});

test("a página de configurações cabe na tela do celular", async ({ page, isMobile }) => {
  test.skip(!isMobile, "verificação de largura do celular");
  await page.goto("/configuracoes");
  await expect(page.getByRole("heading", { name: "Configurações da loja", level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const save = page.getByRole("button", { name: "Salvar configurações" });
  await save.scrollIntoViewIfNeeded();
  await expect(save).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});
