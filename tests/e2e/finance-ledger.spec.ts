import { accessibilityViolations } from "./support/axe";
import { expect, failedLoad, test } from "./support/test";
import { USERS } from "./support/users";

test.use({ storageState: USERS.owner.storageState });

const horizontalOverflow = (page: import("@playwright/test").Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("o financeiro: lança uma conta a pagar, paga, cria uma despesa recorrente e exporta o CSV filtrado", async ({
  page,
  isMobile,
  consoleErrors,
}) => {
  test.skip(isMobile, "Jornada longa do financeiro: roda no desktop; o celular tem a verificação curta abaixo.");
  test.slow();
  // A refused form is answered 400, which Chrome logs as a failed load.
  consoleErrors.allow(failedLoad(400));
  const tag = crypto.randomUUID().slice(0, 6).toUpperCase();
  const payable = `Boleto de peças ${tag}`;

  await page.goto("/financial-management/lancamentos");
  await expect(page.getByRole("heading", { name: "Financeiro", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Lançamentos" })).toHaveAttribute("aria-current", "page");
  expect(await accessibilityViolations(page)).toEqual([]);

  // A payable, with a wrong amount first.
  await page.getByRole("link", { name: "Novo lançamento" }).click();
  await expect(page).toHaveURL("/financial-management/lancamentos/novo");
  await page.getByLabel("Descrição").fill(payable);
  await page.getByLabel("Categoria").selectOption({ label: "Compra de mercadorias e peças" });
  await page.getByLabel("Valor total (R$)").fill("abc");
  await page.getByLabel("Cliente ou outro favorecido (texto)").fill(`Distribuidora ${tag}`);
  await page.getByRole("button", { name: "Salvar lançamento" }).click();
  await expect(page.getByText("Informe um valor, como 150,00.")).toBeVisible();
  await expect(page.getByLabel("Descrição")).toHaveValue(payable);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByLabel("Valor total (R$)").fill("350,00");
  await page.getByRole("button", { name: "Salvar lançamento" }).click();
  await expect(page.getByText("Lançamento registrado.")).toBeVisible();
  await expect(page.getByRole("heading", { name: payable, level: 2 })).toBeVisible();
  await expect(page.getByText("Em aberto", { exact: true })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  // Paid from the bank by boleto.
  const payment = page.locator("section").filter({ has: page.getByRole("heading", { name: "Registrar pagamento" }) });
  await payment.getByLabel("Conta").selectOption({ label: "Conta bancária" });
  await payment.getByLabel("Forma").selectOption({ label: "Boleto" });
  await payment.getByRole("button", { name: "Marcar como pago" }).click();
  await expect(page.getByText("Pagamento registrado.")).toBeVisible();
  await expect(page.getByText("Pago", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Registrar pagamento" })).toHaveCount(0);

  // It shows in the list's "paid" filter, and the bank's balance is on the accounts page.
  await page.goto(`/financial-management/lancamentos?situacao=pago&q=${tag}`);
  await expect(page.getByRole("link", { name: payable })).toBeVisible();
  await page.getByRole("link", { name: "Contas" }).click();
  await expect(page.getByRole("heading", { name: /Saldos hoje/ })).toBeVisible();
  const balances = page.locator("section").filter({ has: page.getByRole("heading", { name: /Saldos hoje/ }) });
  await expect(balances.getByRole("listitem").filter({ hasText: "Conta bancária" }).first()).toContainText("R$");
  expect(await accessibilityViolations(page)).toEqual([]);

  // A monthly rent: this month's entry and three ahead appear at once.
  await page.getByRole("link", { name: "Recorrentes" }).click();
  await expect(page).toHaveURL("/financial-management/recorrentes");
  const form = page.locator("section").filter({ has: page.getByRole("heading", { name: "Novo recorrente" }) });
  await form.getByLabel("Descrição").fill(`Aluguel ${tag}`);
  await form.getByLabel("Categoria").selectOption({ label: "Aluguel e condomínio" });
  await form.getByLabel("Valor por mês (R$)").fill("1.500,00");
  await form.getByLabel("Dia do vencimento").fill("10");
  await form.getByRole("button", { name: "Criar recorrente" }).click();
  await expect(page.getByText(/Recorrente criado: 4 lançamentos gerados/)).toBeVisible();
  await expect(page.getByText(`Aluguel ${tag}`, { exact: true })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.goto(`/financial-management/lancamentos?q=${tag}`);
  await expect(page.getByRole("link", { name: `Aluguel ${tag}` })).toHaveCount(4);
  await expect(page.getByRole("link", { name: payable })).toHaveCount(1);

  // The CSV repeats the list's filters: the four rents, UTF-8 with BOM and `;`.
  await page.getByLabel("Tipo").selectOption({ label: "Saídas (a pagar)" });
  await page.getByLabel("Situação").selectOption({ label: "Em aberto" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/situacao=aberto/);
  await expect(page.getByRole("link", { name: payable })).toHaveCount(0);
  const href = await page.getByRole("link", { name: "Exportar CSV" }).getAttribute("href");
  expect(href).toContain(`q=${tag}`);
  const csv = await page.request.get(href!);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const bytes = await csv.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  // TextDecoder drops the BOM it reads.
  const text = new TextDecoder("utf-8").decode(bytes);
  const lines = text.trim().split("\r\n");
  expect(lines[0]).toContain("Vencimento;Pagamento;Tipo;Descrição;Categoria;Valor (R$)");
  expect(lines.slice(1)).toHaveLength(4);
  for (const line of lines.slice(1)) expect(line).toContain(`;Saída;Aluguel ${tag};Aluguel e condomínio;-1500,00;`);
});

test("no celular: a lista e o novo lançamento cabem na tela e as abas rolam", async ({ page, isMobile }) => {
  test.skip(!isMobile, "Verificação curta do celular.");
  await page.goto("/financial-management/lancamentos");
  await expect(page.getByRole("heading", { name: "Financeiro", level: 1 })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole("link", { name: "Novo lançamento" }).click();
  await expect(page.getByRole("heading", { name: "Novo lançamento" })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  // The last tab is reachable by scrolling the tab row, not cut off.
  await page.getByRole("link", { name: "Categorias" }).click();
  await expect(page).toHaveURL("/financial-management/categorias");
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await accessibilityViolations(page)).toEqual([]);
});
