import { test as base, expect } from "@playwright/test";

/**
 * Every journey fails on an error in a page's console or an uncaught
 * exception, in any page of its browser context. A test that expects one (a
 * 403 page logs its failed load) says so with `consoleErrors.allow(pattern)`
 * and a comment why. Tests that only make HTTP requests open no browser.
 */
type ConsoleErrors = { allow: (pattern: RegExp) => void; allowed: RegExp[]; seen: string[] };

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
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
