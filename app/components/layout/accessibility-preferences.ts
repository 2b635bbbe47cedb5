/**
 * The accessibility panel's choices (spec §4, §9: font 80–150% in steps of 10,
 * high contrast), kept on the device. They are applied to <html> as the
 * `--a11y-font-scale` variable and the `high-contrast` class (app/app.css).
 */
export type AccessibilityPreferences = { fontSizePercent: number; isHighContrast: boolean };

export const FONT_SIZE = { min: 80, max: 150, step: 10, default: 100 } as const;
export const DEFAULT_PREFERENCES: AccessibilityPreferences = { fontSizePercent: FONT_SIZE.default, isHighContrast: false };

export const HIGH_CONTRAST_CLASS = "high-contrast";

/**
 * Kept on the device in a cookie (`150.1`: font percent, then 1 for high
 * contrast), not in localStorage: the head script below runs on every page,
 * and a fresh visit's first localStorage read opens the storage synchronously
 * (30 ms of main thread measured in Chromium) before anything is painted.
 * The server never reads it.
 */
export const PREFERENCES_COOKIE = "balcao_acessibilidade";
const COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
/** The cookie inside a `document.cookie` string: its two numbers are groups 1 and 2. */
const COOKIE_PATTERN = `(?:^|;\\s*)${PREFERENCES_COOKIE}=(\\d{2,3})\\.([01])(?:;|$)`;

/** The cookie's value for `preferences`, or null when they are the defaults (no cookie then). */
function serializePreferences(preferences: AccessibilityPreferences): string | null {
  if (preferences.fontSizePercent === FONT_SIZE.default && !preferences.isHighContrast) return null;
  return `${preferences.fontSizePercent}.${preferences.isHighContrast ? 1 : 0}`;
}

/** `document.cookie`'s assignment that stores (or, for the defaults, removes) the preferences. */
export function preferencesCookie(preferences: AccessibilityPreferences, isSecure: boolean): string {
  const value = serializePreferences(preferences);
  const attributes = `; path=/; SameSite=Lax${isSecure ? "; Secure" : ""}`;
  return value === null
    ? `${PREFERENCES_COOKIE}=${attributes}; max-age=0`
    : `${PREFERENCES_COOKIE}=${value}${attributes}; max-age=${COOKIE_MAX_AGE_S}`;
}

function isValidFontSize(value: number) {
  return Number.isInteger(value) && value >= FONT_SIZE.min && value <= FONT_SIZE.max && value % FONT_SIZE.step === 0;
}

/** The preferences stored in a `document.cookie` string; anything not written by us gives the defaults. */
export function readPreferencesCookie(cookieHeader: string): AccessibilityPreferences {
  const match = new RegExp(COOKIE_PATTERN).exec(cookieHeader);
  const fontSizePercent = Number(match?.[1]);
  if (!match || !isValidFontSize(fontSizePercent)) return DEFAULT_PREFERENCES;
  return { fontSizePercent, isHighContrast: match[2] === "1" };
}

/**
 * Runs in <head> before the first paint, so a remembered 150% or high contrast
 * does not flash in at 100% after the scripts load. Kept tiny and self-contained
 * (it repeats readPreferencesCookie's checks).
 */
export const APPLY_PREFERENCES_SCRIPT = `try{var m=new RegExp(${JSON.stringify(COOKIE_PATTERN)}).exec(document.cookie),r=document.documentElement,f=m?Number(m[1]):0;if(f>=${FONT_SIZE.min}&&f<=${FONT_SIZE.max}&&f%${FONT_SIZE.step}===0){if(f!==${FONT_SIZE.default})r.style.setProperty("--a11y-font-scale",String(f/100));if(m[2]==="1")r.classList.add(${JSON.stringify(HIGH_CONTRAST_CLASS)})}}catch(e){}`;
