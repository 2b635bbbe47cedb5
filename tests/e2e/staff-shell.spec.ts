import type { Page } from "@playwright/test";
import { expect, failedLoad, test } from "./support/test";
import { USERS } from "./support/users";

const STAFF_AREAS_SHOWN = ["Painel", "Ordens de serviço", "Nova ordem de serviço", "Estoque", "Caixa", "Devedores", "Fidelidade"];
const OWNER_ONLY_AREAS = ["Equipe", "Configurações da loja", "Registro de auditoria"];
/** The owner's, and of staff the owner granted "Financeiro" (the shared staff user has no grant). */
const FINANCE_AREAS = ["Financeiro"];

/**
 * A staff page with no list (/customers/new): ~43 KB with the owner's shell; 53 KB when the areas' icons were drawn
 * in the page, 58 KB when drawn in both copies of the navigation, 122 KB when the stylesheet was inline.
 */
const LIGHT_STAFF_PAGE_MAX_BYTES = 46 * 1024;

/** The areas' navigation: a sidebar on a desktop, the 'Menu' drawer on a phone. */
async function openStaffNavigation(page: Page, isMobile: boolean) {
  if (!isMobile) {
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    const sidebar = page.getByRole("navigation", { name: "Gestão", exact: true });
    await expect(sidebar).toBeVisible();
    return sidebar;
  }
  await expect(page.getByRole("navigation", { name: "Gestão", exact: true })).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Gestão" });
  await expect(drawer).toBeVisible();
  return drawer.getByRole("navigation");
}

test.describe("equipe", () => {
  test.use({ storageState: USERS.staff.storageState });

  test("a navegação da gestão lista as áreas, sem as do proprietário", async ({ page, isMobile }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Painel", level: 1 })).toBeVisible();
    const navigation = await openStaffNavigation(page, isMobile);
    for (const area of STAFF_AREAS_SHOWN) await expect(navigation.getByRole("link", { name: area, exact: true })).toBeVisible();
    for (const area of [...OWNER_ONLY_AREAS, ...FINANCE_AREAS])
      await expect(navigation.getByRole("link", { name: area, exact: true })).toHaveCount(0);

    await navigation.getByRole("link", { name: "Estoque", exact: true }).click();
    await expect(page).toHaveURL("/inventory");
    await expect(page.getByRole("heading", { name: "Estoque", level: 1 })).toBeVisible();
    // On a phone, choosing an area closes the drawer.
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("cada área da navegação mostra o seu ícone", async ({ page, isMobile }) => {
    await page.goto("/dashboard");
    const navigation = await openStaffNavigation(page, isMobile);
    // The icons are drawn in one file and shown by reference: a reference to nothing draws nothing (a box of zero
    // size), and one not scaled to its box is cut at the box's edges. The file arrives after the page.
    const links = await navigation.getByRole("link").count();
    await expect(async () => {
      const drawn = await navigation.locator("a svg").evaluateAll((icons) =>
        icons.map((icon) => {
          const box = icon.getBoundingClientRect();
          const content = (icon.querySelector("use") ?? icon).getBoundingClientRect();
          return { link: icon.closest("a")?.textContent, box: Math.round(box.width), content: Math.round(content.width) };
        }),
      );
      expect(drawn.length).toBe(links);
      for (const icon of drawn) {
        expect(icon.content, `${icon.link}`).toBeGreaterThan(icon.box / 2);
        expect(icon.content, `${icon.link}`).toBeLessThanOrEqual(icon.box);
      }
    }).toPass();
  });

  test("a página de dentro de uma área marca a área na navegação", async ({ page, isMobile }) => {
    await page.goto("/cash-register/historico");
    const navigation = await openStaffNavigation(page, isMobile);
    await expect(navigation.getByRole("link", { name: "Caixa", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(navigation.locator('[aria-current="page"]')).toHaveCount(1);
  });

  test("as páginas do proprietário respondem 403", async ({ page, consoleErrors }) => {
    // Each document is answered 403, which Chrome logs as a failed load.
    consoleErrors.allow(failedLoad(403));
    for (const path of ["/equipe", "/configuracoes", "/auditoria"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Área restrita ao proprietário", level: 1 })).toBeVisible();
    }
  });

  test("o financeiro responde 403 a quem não o recebeu do proprietário", async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedLoad(403));
    for (const path of ["/financial-management", "/financial-management/lancamentos", "/financial-management/cartoes"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Área restrita ao financeiro", level: 1 })).toBeVisible();
    }
    // The Painel keeps the register and what customers owe, without finance's figures.
    await page.goto("/dashboard");
    const register = page.getByRole("region", { name: "Caixa" });
    await expect(register).toContainText("Recebido hoje");
    await expect(register).not.toContainText("Recebido no mês");
    const receivables = page.getByRole("region", { name: "A receber e a pagar" });
    await expect(receivables.getByRole("link", { name: /Em atraso/ })).toHaveAttribute("href", /^\/devedores/);
    await expect(receivables).not.toContainText("Financeiro a receber");
    await expect(receivables).not.toContainText("Financeiro a pagar");
  });
});

test.describe("proprietária", () => {
  test.use({ storageState: USERS.owner.storageState });

  test("a navegação da gestão inclui as áreas do proprietário", async ({ page, isMobile }) => {
    await page.goto("/dashboard");
    const navigation = await openStaffNavigation(page, isMobile);
    for (const area of [...STAFF_AREAS_SHOWN, ...FINANCE_AREAS, ...OWNER_ONLY_AREAS]) {
      await expect(navigation.getByRole("link", { name: area, exact: true })).toBeVisible();
    }
    await navigation.getByRole("link", { name: "Configurações da loja", exact: true }).click();
    await expect(page).toHaveURL("/configuracoes");
    await expect(page.getByRole("heading", { name: "Configurações da loja", level: 1 })).toBeVisible();
  });

  test("a página da gestão liga a folha de estilo, guardada pelo navegador, e o HTML da moldura fica leve", async ({
    page,
    playwright,
    baseURL,
  }) => {
    // Issue 26: every staff page ≤ 200 KB of HTML. The shell was ~100 KB of a page with no list, ~65 KB of it the
    // stylesheet written into every page; the owner's shell (every area, the alerts) is the largest.
    const answer = await page.request.get("/customers/new");
    expect(answer.status()).toBe(200);
    const html = await answer.text();
    const stylesheet = /<link rel="stylesheet" href="(\/assets\/app-[^"]+\.css)"/.exec(html)?.[1];
    expect(stylesheet).toBeDefined();
    expect(html).not.toContain("tailwindcss");
    expect(Buffer.byteLength(html)).toBeLessThan(LIGHT_STAFF_PAGE_MAX_BYTES);
    const file = await page.request.get(stylesheet!);
    expect(file.status()).toBe(200);
    expect(file.headers()["cache-control"]).toContain("immutable");
    expect(await file.text()).toContain("tailwindcss");
    const icons = /<use href="(\/assets\/navigation-icons-[^"#]+\.svg)#icone-dashboard"/.exec(html)?.[1];
    expect(icons).toBeDefined();
    const iconFile = await page.request.get(icons!);
    expect(iconFile.headers()["cache-control"]).toContain("immutable");
    expect(await iconFile.text()).toContain('id="icone-dashboard"');

    // A visitor's page, kept by the page cache, still carries it inline: the first paint waits for no request (decision 0006).
    // Signed out: a request context otherwise takes the describe's storage state.
    const visitor = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const home = await (await visitor.get("/historia")).text();
    await visitor.dispose();
    expect(home).toContain("tailwindcss");
    expect(home).not.toContain('rel="stylesheet"');
  });

  test("a página de dentro do financeiro marca o Financeiro na navegação", async ({ page, isMobile }) => {
    await page.goto("/financial-management/cartoes");
    const navigation = await openStaffNavigation(page, isMobile);
    await expect(navigation.getByRole("link", { name: "Financeiro", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(navigation.locator('[aria-current="page"]')).toHaveCount(1);
  });
});
