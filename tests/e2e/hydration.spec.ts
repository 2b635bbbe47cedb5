import { ROUTES } from "./support/route-tree";
import { expect, test } from "./support/test";
import { USERS } from "./support/users";

/**
 * Every page hydrates without a mismatch for a browser that is not in São
 * Paulo and does not speak Portuguese (issue 21: React error #418 on
 * /financial-management): the server renders in the shop's zone and
 * language, and anything the browser would compute with its own clock, zone
 * or locale would differ. The fixture fails the test on the console error
 * React logs. Kiritimati is 17 hours ahead of São Paulo: its calendar day is
 * another one most of the time.
 */
test.use({ storageState: USERS.owner.storageState, timezoneId: "Pacific/Kiritimati", locale: "en-US" });

// Pages (a resource route's file is .ts) without an address parameter: a sample id would mostly be a 404.
const PAGES = ROUTES.filter((route) => route.file.endsWith(".tsx") && !/[:*]/.test(route.pattern));

// What differs between the two renders does not depend on the screen: the desktop project runs it once.
test.skip(({ isMobile }) => isMobile, "a mesma verificação que no desktop");

test("cada página hidrata sem diferença entre o servidor e um navegador em outro fuso e idioma", async ({
  page,
  consoleErrors,
}) => {
  test.slow();
  for (const route of PAGES) {
    const response = await page.goto(route.path);
    expect(response?.status(), route.path).toBeLessThan(400);
    // Said page by page: the fixture's check at the end would not tell which one.
    expect(consoleErrors.seen, route.path).toEqual([]);
  }
});
