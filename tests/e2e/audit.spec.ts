import { readFile } from "node:fs/promises";
import { request } from "@playwright/test";
import { accessibilityViolations } from "./support/axe";
import { BASE_URL } from "./support/e2e-env";
import { expect, test } from "./support/test";
import { ORIGIN_HEADER, USERS } from "./support/users";

/**
 * /auditoria as the owner reads it (issue 25 §3): who did what and when,
 * filtered by person, area and period, exported as CSV; staff never open it.
 */

test.use({ storageState: USERS.owner.storageState });

test("a proprietária filtra o registro de auditoria e exporta o que viu", async ({ page, isMobile }) => {
  test.skip(isMobile, "a jornada roda no desktop; o telefone tem a verificação curta abaixo");
  // Someone tries to get in with a wrong password: the attempt is recorded with the e-mail typed, never the password.
  const intruder = `intruso.${Date.now().toString(36)}@e2e.test`;
  const visitor = await request.newContext({ baseURL: BASE_URL });
  const refused = await visitor.post("/api/auth/sign-in/email", {
    headers: ORIGIN_HEADER,
    data: { email: intruder, password: "Chute#errado2026" },
  });
  expect(refused.status()).toBe(401);
  await visitor.dispose();

  await page.goto("/auditoria");
  await expect(page.getByRole("heading", { name: "Registro de auditoria", level: 1 })).toBeVisible();
  await page.getByLabel("Área").selectOption({ label: "Equipe e acesso" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/area=acesso/);
  const attempt = page.getByRole("listitem").filter({ hasText: intruder });
  await expect(attempt).toContainText("Tentativa de entrar recusada");
  await expect(attempt).toContainText("INVALID_EMAIL_OR_PASSWORD");
  await expect(page.getByText("Chute#errado2026")).toHaveCount(0);

  // The staff member's own sign-ins, and nobody else's.
  await page.getByLabel("Pessoa").selectOption({ label: USERS.staff.name });
  await page.getByRole("button", { name: "Filtrar" }).click();
  const entries = page.getByRole("list").last().getByRole("listitem");
  await expect(entries.first()).toContainText("Entrou no sistema");
  for (const text of await entries.allInnerTexts()) expect(text).toContain(USERS.staff.email);

  // A period with nothing in it says so.
  await page.getByLabel("De", { exact: true }).fill("2020-01-01");
  await page.getByLabel("Até", { exact: true }).fill("2020-01-31");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("Nenhuma entrada encontrada")).toBeVisible();

  // The CSV carries the same filters.
  // Clearing the filters empties the fields too, not only the address.
  await page.getByRole("link", { name: "Limpar filtros" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/auditoria`);
  await expect(page.getByLabel("De", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Pessoa")).toHaveValue("");
  await page.getByLabel("Área").selectOption({ label: "Equipe e acesso" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/[?&]area=acesso&registro=&de=&ate=$/);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar CSV" }).click();
  const csv = await readFile((await (await downloading).path())!, "utf8");
  expect(csv.startsWith("\uFEFFQuando;Quem;O quê;Área;Registro;Detalhes;Ação (código)")).toBe(true);
  expect(csv).toContain(`${intruder};Tentativa de entrar recusada;Equipe e acesso`);
  expect(csv).not.toContain("Caixa e vendas");
});

test("no telefone, o registro cabe na tela", async ({ page, isMobile }) => {
  test.skip(!isMobile, "verificação curta do telefone");
  await page.goto("/auditoria");
  await expect(page.getByRole("heading", { name: "Registro de auditoria", level: 1 })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Entrou no sistema" }).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test("a equipe não abre o registro nem a exportação", async ({ isMobile }) => {
  test.skip(isMobile, "só HTTP");
  const staff = await request.newContext({ baseURL: BASE_URL, storageState: USERS.staff.storageState, maxRedirects: 0 });
  for (const path of ["/auditoria", "/auditoria/exportar.csv"]) {
    const response = await staff.get(path);
    expect(response.status(), path).toBe(403);
    expect(await response.text(), path).not.toContain("Entrou no sistema");
  }
  await staff.dispose();
});
