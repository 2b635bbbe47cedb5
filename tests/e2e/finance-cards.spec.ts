import { addDays, formatDate, shopToday } from "~/lib/dates";
import { accessibilityViolations } from "./support/axe";
import { expect, failedLoad, test } from "./support/test";
import { request } from "@playwright/test";
import { BASE_URL } from "./support/e2e-env";
import { createVerifiedUser, PASSWORD, saveSignedInState, setRole, uniqueEmail, USERS } from "./support/users";

/**
 * The card fees page on the shared server: the owner sells 40 colour prints
 * (a demo service, R$ 100,00) on credit in 2×, sees gross, fee and net on the
 * sale, finds its two receivables on /financial-management/cartoes, moves one
 * expected date, and changes the fee table (a typo refused first). Staff get
 * 403 until the owner grants "Financeiro" on /equipe, then read the page
 * without editing; a phone shows it without sideways scrolling.
 */
const PAGE = "/financial-management/cartoes";

test.describe("cartões no financeiro", () => {
  test.use({ storageState: USERS.owner.storageState });

  test("a proprietária vende no crédito em 2×, confere bruto, taxa e líquido, muda a data de um recebível e ajusta as taxas", async ({
    page,
    isMobile,
    consoleErrors,
  }) => {
    test.skip(isMobile, "Jornada longa do financeiro: roda no desktop; o celular tem a verificação curta abaixo.");
    // A refused fee form is answered 400, which Chrome logs as a failed load of the page's .data request.
    consoleErrors.allow(failedLoad(400));
    await page.goto("/cash-register/venda");
    const search = page.getByLabel("Produto, SKU ou código de barras");
    await search.fill("SRV-IMP-COR");
    await search.press("Enter");
    const items = page.getByTestId("item-venda");
    await expect(items).toHaveCount(1);
    await items.first().getByLabel("Quantidade", { exact: true }).fill("40");
    await expect(page.getByTestId("total-venda")).toHaveText("R$ 100,00");
    const payment = page.getByTestId("pagamento").first();
    await payment.getByLabel("Forma").selectOption("credit");
    await payment.getByLabel("Parcelas").selectOption("2");
    await payment.getByRole("button", { name: /Usar o restante/ }).click();
    await page.getByRole("button", { name: "Concluir venda" }).click();
    await expect(page).toHaveURL(/\/cash-register\/vendas\/\d+$/);
    // The sale's page has rendered once its heading names the sale (the URL changes first).
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/VENDA\d+/);
    const saleCode = (await page.getByRole("heading", { level: 1 }).textContent())?.match(/VENDA\d+/)?.[0];
    expect(saleCode).toBeTruthy();
    // The seeded fee for credit in 2× is 4,59%: R$ 4,59 of R$ 100,00.
    await expect(page.getByTestId("card-amounts")).toHaveText("Bruto R$ 100,00 · taxa R$ 4,59 · líquido R$ 95,41");

    const today = shopToday();
    await page.goto(`${PAGE}?de=${today}&ate=${addDays(today, 90)}`);
    await expect(page.getByRole("heading", { name: "Cartões", level: 2 })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    const mine = page.getByTestId("card-receivables").getByRole("listitem").filter({ hasText: saleCode! });
    await expect(mine).toHaveCount(2);
    const first = mine.filter({ hasText: "parcela 1/2" });
    await expect(first).toContainText(formatDate(addDays(today, 30)));
    await expect(first).toContainText("R$ 50,00");
    await expect(first).toContainText("R$ 2,30");
    await expect(first).toContainText("R$ 47,70");
    await expect(mine.filter({ hasText: "parcela 2/2" })).toContainText(formatDate(addDays(today, 60)));

    // The acquirer's statement says the first instalment lands two days later (the row's date form opens on demand).
    await first.getByRole("link", { name: /Alterar data/ }).click();
    await first.getByLabel(/Nova data prevista/).fill(addDays(today, 32));
    await first.getByRole("button", { name: "Salvar data" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Data prevista alterada" })).toBeVisible();
    await expect(mine.filter({ hasText: "parcela 1/2" })).toContainText(formatDate(addDays(today, 32)));

    // A typo in the fee table is refused next to its field, and nothing is saved.
    const fees = page.getByTestId("card-fee-table");
    const credit2 = fees.getByLabel("Taxa (%) — Crédito 2×");
    await credit2.fill("4,5x");
    await page.getByRole("button", { name: "Salvar taxas" }).click();
    await expect(page.getByText("Informe a taxa de 0 a 30%")).toBeVisible();
    await page.reload();
    await expect(fees.getByLabel("Taxa (%) — Crédito 2×")).toHaveValue("4,59");

    await fees.getByLabel("Taxa (%) — Crédito 2×").fill("4,2");
    await fees.getByLabel("Dias até a 1ª parcela — Débito").fill("2");
    await page.getByRole("button", { name: "Salvar taxas" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Taxas salvas" })).toBeVisible();
    await expect(fees.getByLabel("Taxa (%) — Crédito 2×")).toHaveValue("4,2");
    await expect(fees.getByLabel("Dias até a 1ª parcela — Débito")).toHaveValue("2");

    // Back to the seeded values: the other journeys sell with them.
    await fees.getByLabel("Taxa (%) — Crédito 2×").fill("4,59");
    await fees.getByLabel("Dias até a 1ª parcela — Débito").fill("1");
    await page.getByRole("button", { name: "Salvar taxas" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Taxas salvas" })).toBeVisible();
  });

  test("a página de cartões cabe no celular", async ({ page, isMobile }) => {
    test.skip(!isMobile, "Verificação curta do celular.");
    await page.goto(PAGE);
    await expect(page.getByRole("heading", { name: "Cartões", level: 2 })).toBeVisible();
    await expect(page.getByTestId("card-fee-table").getByLabel("Taxa (%) — Débito")).toBeVisible();
    const width = page.viewportSize()!.width;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
});

test.describe("cartões para a equipe", () => {
  test("sem o financeiro a equipe recebe 403; liberada pela proprietária na Equipe, vê as taxas sem poder alterá-las", async ({
    browser,
    isMobile,
    consoleErrors,
  }) => {
    test.skip(isMobile, "Roda no desktop.");
    consoleErrors.allow(failedLoad(403));
    const person = { name: "Fernanda Financeiro", email: uniqueEmail("financeiro"), password: PASSWORD };
    const api = await request.newContext({ baseURL: BASE_URL });
    await createVerifiedUser(api, person);
    await api.dispose();
    await setRole(person.email, "staff");
    const storageState = `${USERS.staff.storageState}.${person.email}.json`;
    await saveSignedInState({ ...person, storageState });

    const staff = await browser.newContext({ storageState, baseURL: BASE_URL });
    const staffPage = await staff.newPage();
    expect((await staffPage.goto(PAGE))?.status()).toBe(403);
    await expect(staffPage.getByRole("heading", { name: "Área restrita ao financeiro", level: 1 })).toBeVisible();

    const owner = await browser.newContext({ storageState: USERS.owner.storageState, baseURL: BASE_URL });
    const ownerPage = await owner.newPage();
    await ownerPage.goto("/equipe");
    const row = ownerPage.getByRole("article", { name: person.name });
    await row.getByRole("button", { name: `Liberar financeiro — ${person.name}` }).click();
    await expect(ownerPage.getByText(`${person.name} agora tem acesso ao financeiro`)).toBeVisible();
    await expect(row.getByText("Financeiro", { exact: true })).toBeVisible();
    await owner.close();

    // The grant holds from the next request of the session already open.
    await staffPage.goto(PAGE);
    await expect(staffPage.getByText("Só o proprietário altera as taxas.")).toBeVisible();
    await expect(staffPage.getByRole("button", { name: "Salvar taxas" })).toHaveCount(0);
    await expect(staffPage.getByTestId("card-fee-table")).toContainText("1,99%");
    await expect(
      staffPage.getByRole("navigation", { name: "Gestão", exact: true }).getByRole("link", { name: "Financeiro" }),
    ).toBeVisible();
    await staff.close();
  });
});
