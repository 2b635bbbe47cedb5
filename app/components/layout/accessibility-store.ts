/**
 * The accessibility panel's choices as a store: read from the device once,
 * applied to <html> live and written back. Only the panel imports it, so it
 * loads with the panel, on its first opening.
 */
import {
  FONT_SIZE,
  DEFAULT_PREFERENCES,
  HIGH_CONTRAST_CLASS,
  STORAGE_KEY,
  type AccessibilityPreferences,
} from "./accessibility-preferences";

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
