/**
 * The accessibility panel's choices as a store: read from the device once,
 * applied to <html> live and written back. Only the panel imports it, so it
 * loads with the panel, on its first opening.
 */
import {
  FONT_SIZE,
  HIGH_CONTRAST_CLASS,
  preferencesCookie,
  readPreferencesCookie,
  type AccessibilityPreferences,
} from "./accessibility-preferences";

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
  currentPreferences ??= readPreferencesCookie(document.cookie);
  return currentPreferences;
}

export function savePreferences(preferences: AccessibilityPreferences) {
  currentPreferences = preferences;
  for (const listener of listeners) listener();
  applyPreferences(preferences);
  // Cookies blocked: the choice still applies to this visit.
  document.cookie = preferencesCookie(preferences, location.protocol === "https:");
}
