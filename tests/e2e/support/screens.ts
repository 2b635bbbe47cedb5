import { devices } from "@playwright/test";

/** The desktop project's screen (playwright.config.ts). */
export const DESKTOP_SCREEN = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };

const { defaultBrowserType: _browser, ...pixel7 } = devices["Pixel 7"];

/**
 * The phone project's screen (playwright.config.ts): a Pixel 7 with touch.
 * A journey on a server of its own runs once, in the desktop project, and
 * opens its short phone check in a context with this screen, so the server
 * is not started a second time for the phone project.
 */
export const PHONE_SCREEN = { ...pixel7, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The narrowest phone the staff pages are checked at. */
export const NARROW_PHONE_SCREEN = { ...PHONE_SCREEN, viewport: { width: 360, height: 780 } };
