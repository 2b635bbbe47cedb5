import { describe, expect, it } from "vitest";
import {
  APPLY_PREFERENCES_SCRIPT,
  DEFAULT_PREFERENCES,
  preferencesCookie,
  readPreferencesCookie,
  type AccessibilityPreferences,
} from "./accessibility-preferences";

/** What the head script does to <html> for a given `document.cookie`. */
function runHeadScript(cookie: string) {
  const properties = new Map<string, string>();
  const classes = new Set<string>();
  const documentElement = {
    style: { setProperty: (name: string, value: string) => properties.set(name, value) },
    classList: { add: (name: string) => classes.add(name) },
  };
  new Function("document", APPLY_PREFERENCES_SCRIPT)({ cookie, documentElement });
  return { fontScale: properties.get("--a11y-font-scale") ?? null, isHighContrast: classes.has("high-contrast") };
}

/** The `name=value` part of a cookie assignment, as the browser would show it in `document.cookie`. */
const storedAs = (preferences: AccessibilityPreferences) => preferencesCookie(preferences, false).split(";")[0] ?? "";

describe("accessibility preferences cookie", () => {
  it.each([
    { fontSizePercent: 150, isHighContrast: true },
    { fontSizePercent: 80, isHighContrast: false },
    { fontSizePercent: 100, isHighContrast: true },
  ])("reads back what it wrote: %o", (preferences) => {
    expect(readPreferencesCookie(`outro=1; ${storedAs(preferences)}; mais=2`)).toEqual(preferences);
  });

  it("removes the cookie for the defaults and keeps it 400 days otherwise, Secure over https", () => {
    expect(preferencesCookie(DEFAULT_PREFERENCES, false)).toMatch(/^balcao_acessibilidade=; .*max-age=0$/);
    const stored = preferencesCookie({ fontSizePercent: 120, isHighContrast: false }, true);
    expect(stored).toMatch(/^balcao_acessibilidade=120\.0; path=\/; SameSite=Lax; Secure; max-age=34560000$/);
  });

  it.each([
    "",
    "balcao_acessibilidade=155.1",
    "balcao_acessibilidade=70.0",
    "balcao_acessibilidade=120.2",
    "xbalcao_acessibilidade=120.1",
    "balcao_acessibilidade=abc",
  ])("gives the defaults for %j", (cookie) => {
    expect(readPreferencesCookie(cookie)).toEqual(DEFAULT_PREFERENCES);
  });

  it("the head script applies the same reading before the first paint", () => {
    expect(runHeadScript("a=1; balcao_acessibilidade=130.1")).toEqual({ fontScale: "1.3", isHighContrast: true });
    expect(runHeadScript("balcao_acessibilidade=80.0")).toEqual({ fontScale: "0.8", isHighContrast: false });
    expect(runHeadScript("balcao_acessibilidade=100.0")).toEqual({ fontScale: null, isHighContrast: false });
    expect(runHeadScript("balcao_acessibilidade=155.1")).toEqual({ fontScale: null, isHighContrast: false });
    expect(runHeadScript("")).toEqual({ fontScale: null, isHighContrast: false });
  });
});
