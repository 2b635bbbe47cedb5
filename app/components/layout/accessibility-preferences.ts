/**
 * The accessibility panel's choices (spec §4, §9: font 80–150% in steps of 10,
 * high contrast), kept on the device. They are applied to <html> as the
 * `--a11y-font-scale` variable and the `high-contrast` class (app/app.css).
 */
export type AccessibilityPreferences = { fontSizePercent: number; isHighContrast: boolean };

export const FONT_SIZE = { min: 80, max: 150, step: 10, default: 100 } as const;
export const DEFAULT_PREFERENCES: AccessibilityPreferences = { fontSizePercent: FONT_SIZE.default, isHighContrast: false };

export const STORAGE_KEY = "balcao:acessibilidade";
export const HIGH_CONTRAST_CLASS = "high-contrast";

/**
 * Runs in <head> before the first paint, so a remembered 150% or high contrast
 * does not flash in at 100% after the scripts load. Kept tiny and self-contained.
 */
export const APPLY_PREFERENCES_SCRIPT = `try{var p=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEY)})||"null"),r=document.documentElement,f=p&&p.fontSizePercent;if(typeof f==="number"&&f>=${FONT_SIZE.min}&&f<=${FONT_SIZE.max}&&f!==${FONT_SIZE.default})r.style.setProperty("--a11y-font-scale",String(f/100));if(p&&p.isHighContrast===true)r.classList.add(${JSON.stringify(HIGH_CONTRAST_CLASS)})}catch(e){}`;
