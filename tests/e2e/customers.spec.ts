import { formatPhone } from "~/lib/phone";
import { cpfCheckDigits, formatDocument, maskDocument } from "~/modules/customers/document";
import { accessibilityViolations } from "./support/axe";
import { expect, failedLoad, test } from "./support/test";
import { USERS } from "./support/users";

function randomDigits(count: number) {
  return Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join("");
}

/** A valid CPF no other run uses (both projects run this journey at once). */
function uniqueCpf() {
  const firstNine = `9${randomDigits(8)}`;
  return firstNine + cpfCheckDigits(firstNine);
}

/** A mobile number (DDD 11, 9 as the third digit), digits only. */
function uniquePhone() {
  return `119${randomDigits(8)}`;
}

test.use({ storageState: USERS.staff.storageState });

test("a equipe cadastra um cliente, corrige o CPF, encontra por telefone e CPF e edita", async ({
  page,
  isMobile,
  consoleErrors,
}) => {
  test.skip(isMobile, "jornada longa da equipe: no computador; o celular tem a verificação curta abaixo");
  test.slow();
  // An invalid form is answered 400, which Chrome logs as a failed load of customers/new.data.
  consoleErrors.allow(failedLoad(400));
  const name = `Renata Teste ${crypto.randomUUID().slice(0, 6)}`;
  const phone = uniquePhone();
  const cpf = uniqueCpf();
  const wrongCpf = cpf.slice(0, 10) + String((Number(cpf[10]) + 1) % 10);

  await page.goto("/dashboard");
  await page
    .getByRole("navigation", { name: "Gestão", exact: true })
    .getByRole("link", { name: "Clientes", exact: true })
    .click();
  await expect(page).toHaveURL("/customers");
  await expect(page.getByRole("heading", { name: "Clientes", level: 1 })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Novo cliente" }).click();
  await expect(page).toHaveURL("/customers/new");
  await expect(page.getByRole("heading", { name: "Novo cliente", level: 1 })).toBeVisible();
  const nameField = page.getByLabel("Nome", { exact: true });
  const documentField = page.getByLabel("CPF ou CNPJ (opcional)");
  await nameField.fill(name);
  await page.getByLabel("WhatsApp", { exact: true }).fill(formatPhone(phone));
  await documentField.fill(formatDocument(wrongCpf));
  await page.getByRole("button", { name: "Cadastrar cliente" }).click();

  await expect(page.getByText("CPF inválido: confira os números digitados.")).toBeVisible();
  await expect(documentField).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL("/customers/new");
  await expect(nameField).toHaveValue(name);
  expect(await accessibilityViolations(page)).toEqual([]);

  await documentField.fill(formatDocument(cpf));
  await page.getByRole("button", { name: "Cadastrar cliente" }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole("status").filter({ hasText: "Cliente cadastrado" })).toContainText(name);

  const searchBox = page.getByRole("searchbox", { name: "Buscar cliente" });
  const rowOf = (text: string) => page.getByRole("listitem").filter({ hasText: text });
  // What a clerk types: the number without the area code, then the CPF with its punctuation.
  for (const query of [phone.slice(2), formatDocument(cpf), phone.slice(-4)]) {
    await searchBox.fill(query);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(`/customers?q=${encodeURIComponent(query)}`);
    await expect(rowOf(name), query).toBeVisible();
    await expect(rowOf(name)).toContainText(formatPhone(phone));
    await expect(rowOf(name)).toContainText(maskDocument(cpf));
    // The list never shows the whole CPF.
    await expect(rowOf(name)).not.toContainText(formatDocument(cpf));
  }

  await rowOf(name)
    .getByRole("link", { name: `Editar ${name}` })
    .click();
  await expect(page.getByRole("heading", { name: "Editar cliente", level: 1 })).toBeVisible();
  await expect(documentField).toHaveValue(formatDocument(cpf));
  await page.getByLabel("Cidade").fill("Campinas");
  await page.getByLabel("Estado").selectOption("SP");
  await page.getByLabel(/Aceita receber promoções/).check();

  // The referrer is not a customer yet: registered inline, without leaving the page.
  const referrerName = `Padrinho ${crypto.randomUUID().slice(0, 6)}`;
  await page.getByRole("button", { name: "Cadastrar novo cliente" }).click();
  const inlineForm = page.getByRole("group", { name: "Novo cliente" });
  await expect(inlineForm.getByLabel("Nome")).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);
  await inlineForm.getByLabel("Nome").fill(referrerName);
  await inlineForm.getByLabel("WhatsApp").fill("119");
  await inlineForm.getByRole("button", { name: "Salvar cliente" }).click();
  await expect(inlineForm.getByText("Informe o número com DDD, como (11) 98765-4321.")).toBeVisible();
  await inlineForm.getByLabel("WhatsApp").fill(formatPhone(uniquePhone()));
  await inlineForm.getByLabel("WhatsApp").press("Enter");
  const referral = page.getByRole("group", { name: "Indicado por (opcional)" });
  await expect(referral).toContainText(referrerName);
  await expect(page).toHaveURL(/\/customers\/\d+$/);

  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole("status").filter({ hasText: "Cadastro atualizado" })).toContainText(name);

  await page.getByRole("status").getByRole("link", { name }).click();
  await expect(page.getByLabel("Cidade")).toHaveValue("Campinas");
  await expect(page.getByText(/Autorização registrada em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(referral).toContainText(referrerName);

  // Choosing from the list with the keyboard alone: arrows, Enter.
  await referral.getByRole("button", { name: /Trocar/ }).click();
  const combobox = page.getByRole("combobox", { name: "Indicado por (opcional)" });
  await expect(combobox).toBeFocused();
  await combobox.pressSequentially(referrerName.slice(0, 12));
  const option = page.getByRole("option", { name: new RegExp(referrerName) });
  await expect(option).toBeVisible();
  await combobox.press("ArrowDown");
  await expect(combobox).toHaveAttribute("aria-expanded", "true");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await expect(combobox).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id")) ?? "");
  expect(await accessibilityViolations(page)).toEqual([]);
  await combobox.press("Enter");
  await expect(referral).toContainText(referrerName);
  await expect(referral.getByRole("button", { name: /Trocar/ })).toBeFocused();
});

test("no celular, o cadastro, a lista e a edição de um cliente cabem na tela, sem violações de acessibilidade", async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, "verificação curta do celular; a jornada acima roda no computador");
  const name = `Renata Celular ${crypto.randomUUID().slice(0, 6)}`;
  const phone = uniquePhone();
  const fitsWithoutViolations = async (where: string) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, where).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page), where).toEqual([]);
  };

  await page.goto("/customers/new");
  await expect(page.getByRole("heading", { name: "Novo cliente", level: 1 })).toBeVisible();
  await fitsWithoutViolations("cadastro");
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("WhatsApp", { exact: true }).fill(formatPhone(phone));
  await page.getByRole("button", { name: "Cadastrar cliente" }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole("status").filter({ hasText: "Cliente cadastrado" })).toContainText(name);

  const searchBox = page.getByRole("searchbox", { name: "Buscar cliente" });
  await searchBox.fill(phone.slice(2));
  await page.getByRole("button", { name: "Buscar" }).click();
  const row = page.getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText(formatPhone(phone));
  await fitsWithoutViolations("lista");

  await row.getByRole("link", { name: `Editar ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Editar cliente", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Cadastrar novo cliente" }).click();
  await expect(page.getByRole("group", { name: "Novo cliente" }).getByLabel("Nome")).toBeFocused();
  await fitsWithoutViolations("edição");
});

test("depois de salvar, volta à página de origem com o cliente escolhido, nunca a outro site", async ({ page }) => {
  for (const [back, expected] of [
    ["/customers?q=volta", /\/customers\?q=volta&cliente=\d+$/],
    ["//golpe.example/x", /\/customers$/],
  ] as const) {
    await page.goto(`/customers/new?voltar=${encodeURIComponent(back)}`);
    await page.getByLabel("Nome", { exact: true }).fill(`Volta ${crypto.randomUUID().slice(0, 6)}`);
    await page.getByLabel("WhatsApp", { exact: true }).fill(formatPhone(uniquePhone()));
    await page.getByRole("button", { name: "Cadastrar cliente" }).click();
    await expect(page).toHaveURL(expected);
  }
});

test("um cliente inexistente é uma página não encontrada", async ({ page, consoleErrors }) => {
  // The document itself is answered 404, which Chrome logs as a failed load.
  consoleErrors.allow(failedLoad(404));
  for (const path of ["/customers/999999999", "/customers/abc"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  }
});
