import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { USERS } from "./support/users";

const WIDTHS = [320, 360, 414, 768, 1024, 1152, 1280, 1366, 1440, 1920];

/**
 * What in `header` does not show whole at this width: a text cut off (wider
 * than its box, unless it ends in an ellipsis by design) or a navigation
 * entry on two lines.
 */
async function brokenHeaderParts(header: Locator) {
  return header.evaluate((root) => {
    const problems: string[] = [];
    for (const element of root.querySelectorAll<HTMLElement>("a, button, span, p")) {
      // Not shown, or shown only to screen readers (the 1 px box of sr-only).
      if (element.offsetParent === null || (element.clientWidth <= 1 && element.clientHeight <= 1)) continue;
      const label = `${element.tagName.toLowerCase()} “${element.textContent?.trim().slice(0, 40)}”`;
      // A name cut on purpose (an ellipsis, the whole name in its title) is laid out, not broken: header-fit.spec.ts.
      const isEllipsis = getComputedStyle(element).textOverflow === "ellipsis";
      if (element.scrollWidth > element.clientWidth + 1 && !isEllipsis) problems.push(`${label} cortado na largura`);
      if (element.matches("nav a")) {
        // The lines its text is laid out on: one box per line (distinct tops).
        const range = document.createRange();
        range.selectNodeContents(element);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        if (lines > 1) problems.push(`${label} em ${lines} linhas`);
      }
    }
    if (root.scrollHeight > root.clientHeight + 1)
      problems.push(`cabeçalho mais alto que a sua caixa (${root.scrollHeight} > ${root.clientHeight})`);
    return problems;
  });
}

async function checkEveryWidth(page: Page, header: Locator) {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const problem of await brokenHeaderParts(header)) problems.push(`${width}px: ${problem}`);
  }
  expect(problems).toEqual([]);
}

test.describe("cabeçalhos de 320 a 1920 px", () => {
  test("o cabeçalho público, sem entrar", async ({ page }) => {
    await page.goto("/");
    await checkEveryWidth(page, page.locator("body > header, header").first());
  });

  test.describe("com a conta da cliente", () => {
    test.use({ storageState: USERS.customer.storageState });
    test("o cabeçalho público", async ({ page }) => {
      await page.goto("/");
      await checkEveryWidth(page, page.locator("header").first());
    });
  });

  test.describe("com a conta da equipe", () => {
    test.use({ storageState: USERS.staff.storageState });
    test("o cabeçalho da gestão", async ({ page }) => {
      await page.goto("/dashboard");
      await checkEveryWidth(page, page.locator("header").first());
    });
  });
});
