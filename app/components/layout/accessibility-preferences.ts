/**
 * The accessibility panel's choices (spec §4, §9: font 80–150% in steps of 10,
 * high contrast), kept on the device. They are applied to <html> as the
 * `--a11y-font-scale` variable and the `high-contrast` class (app/app.css).
 */
export type AccessibilityPreferences = { fontSizePercent: number; isHighContrast: boolean };

export const FONT_SIZE = { min: 80, max: 150, step: 10, default: 100 } as const;
export const DEFAULT_PREFERENCES: AccessibilityPreferences = { fontSizePercent: FONT_SIZE.default, isHighContrast: false };

const STORAGE_KEY = "balcao:acessibilidade";
const HIGH_CONTRAST_CLASS = "high-contrast";

function isValidFontSize(value: unknown): value is number {
  return typeof value === "number" && value >= FONT_SIZE.min && value <= FONT_SIZE.max && value % FONT_SIZE.step === 0;
}

function readPreferences(): AccessibilityPreferences {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null");
    if (typeof stored !== "object" || stored === null) return DEFAULT_PREFERENCES;
    const { fontSizePercent, isHighContrast } = stored as Record<string, unknown>;
    return {
      fontSizePercent: isValidFontSize(fontSizePercent) ? fontSizePercent : FONT_SIZE.default,
      isHighContrast: isHighContrast === true,
    };
  } catch {
    // Storage blocked (private mode, policy) or a value not written by us: the defaults.
    return DEFAULT_PREFERENCES;
  }
}

function applyPreferences(preferences: AccessibilityPreferences) {
  const root = document.documentElement;
  if (preferences.fontSizePercent === FONT_SIZE.default) root.style.removeProperty("--a11y-font-scale");
  else root.style.setProperty("--a11y-font-scale", String(preferences.fontSizePercent / 100));
  root.classList.toggle(HIGH_CONTRAST_CLASS, preferences.isHighContrast);
}

/** The choices as a store for useSyncExternalStore: read once from the device, then kept here. */
let currentPreferences: AccessibilityPreferences | null = null;
const listeners = new Set<() => void>();

export function subscribeToPreferences(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getPreferences() {
  currentPreferences ??= readPreferences();
  return currentPreferences;
}

export function getServerPreferences() {
  return DEFAULT_PREFERENCES;
}

export function savePreferences(preferences: AccessibilityPreferences) {
  currentPreferences = preferences;
  for (const listener of listeners) listener();
  applyPreferences(preferences);
  try {
    if (preferences.fontSizePercent === FONT_SIZE.default && !preferences.isHighContrast) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    // Storage blocked: the choice still applies to this visit.
  }
}

/**
 * Runs in <head> before the first paint, so a remembered 150% or high contrast
 * does not flash in at 100% after the scripts load. Kept tiny and self-contained.
 */
export const APPLY_PREFERENCES_SCRIPT = `try{var p=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEY)})||"null"),r=document.documentElement,f=p&&p.fontSizePercent;if(typeof f==="number"&&f>=${FONT_SIZE.min}&&f<=${FONT_SIZE.max}&&f!==${FONT_SIZE.default})r.style.setProperty("--a11y-font-scale",String(f/100));if(p&&p.isHighContrast===true)r.classList.add(${JSON.stringify(HIGH_CONTRAST_CLASS)})}catch(e){}`;
