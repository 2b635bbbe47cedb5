import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every journey fails on an error in a page's console or an uncaught
 * exception, in any page of its browser context. A test that expects one (a
 * 403 page logs its failed load) says so with `consoleErrors.allow(pattern)`
 * and a comment why. Tests that only make HTTP requests open no browser.
 */
type ConsoleErrors = { allow: (pattern: RegExp) => void; allowed: RegExp[]; seen: string[] };

const HYDRATION_TIMEOUT_MS = 15_000;

/**
 * Waits until React has hydrated the page (root.tsx marks <html
 * data-hydrated>). Cached pages ask for their scripts after the first paint
 * (decision 0006), so the load event no longer means "interactive". A
 * document that is not one of our pages (JSON, plain text) has nothing to wait for.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => !("__reactRouterContext" in window) || document.documentElement.hasAttribute("data-hydrated"),
    undefined,
    { timeout: HYDRATION_TIMEOUT_MS },
  );
}

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  // `goto` and `reload` return once the page is interactive, as a visitor would wait for it (with JavaScript on).
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const thenHydrated =
        <Args extends unknown[], Result>(navigate: (...args: Args) => Promise<Result>) =>
        async (...args: Args) => {
          const response = await navigate(...args);
          await waitForHydration(page);
          return response;
        };
      page.goto = thenHydrated(page.goto.bind(page));
      page.reload = thenHydrated(page.reload.bind(page));
    }
    await use(page);
  },
  // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  consoleErrors: async ({}, use) => {
    const allowed: RegExp[] = [];
    await use({ allow: (pattern) => allowed.push(pattern), allowed, seen: [] });
  },
  context: async ({ context, consoleErrors }, use) => {
    context.on("console", (message) => {
      if (message.type() === "error") consoleErrors.seen.push(`console.error: ${message.text()} (${message.location().url})`);
    });
    context.on("weberror", (error) => consoleErrors.seen.push(`pageerror: ${error.error().message}`));
    await use(context);
    const unexpected = consoleErrors.seen.filter((error) => !consoleErrors.allowed.some((pattern) => pattern.test(error)));
    expect(unexpected, "erros inesperados no console").toEqual([]);
  },
});

export { expect };

/** Chrome logs a document or fetch answered with this status as a console error ("Failed to load resource"). */
export function failedLoad(status: number) {
  return new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b`);
}
