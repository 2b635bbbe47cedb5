import { Minus, Plus, RotateCcw } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { cx } from "~/lib/class-names";
import { DEFAULT_PREFERENCES, FONT_SIZE } from "./accessibility-preferences";
import { getPreferences, savePreferences, subscribeToPreferences } from "./accessibility-store";

/** The accessibility panel's controls: font size, high contrast and reset. */
export function AccessibilityPanel() {
  // Only ever drawn in the browser, after the panel opens: the device's choices are known from the start.
  const preferences = useSyncExternalStore(subscribeToPreferences, getPreferences);
  const { fontSizePercent, isHighContrast } = preferences;
  return (
    <>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Tamanho da fonte</legend>
        <div className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label="Diminuir fonte"
            disabled={fontSizePercent <= FONT_SIZE.min}
            onClick={() => savePreferences({ ...preferences, fontSizePercent: fontSizePercent - FONT_SIZE.step })}
            className="disabled:opacity-50"
          >
            <Minus aria-hidden className="size-5" />
          </Button>
          <output aria-live="polite" className="min-w-16 text-center text-lg font-semibold tabular-nums">
            {fontSizePercent}%
          </output>
          <Button
            variant="outline"
            size="icon"
            aria-label="Aumentar fonte"
            disabled={fontSizePercent >= FONT_SIZE.max}
            onClick={() => savePreferences({ ...preferences, fontSizePercent: fontSizePercent + FONT_SIZE.step })}
            className="disabled:opacity-50"
          >
            <Plus aria-hidden className="size-5" />
          </Button>
        </div>
      </fieldset>
      <button
        type="button"
        role="switch"
        aria-checked={isHighContrast}
        onClick={() => savePreferences({ ...preferences, isHighContrast: !isHighContrast })}
        className={buttonClass({ variant: "outline" }, "w-full justify-between")}
      >
        Alto contraste
        <span aria-hidden className="ml-auto text-sm text-slate-700">
          {isHighContrast ? "Ligado" : "Desligado"}
        </span>
        <span
          aria-hidden
          className={cx(
            "relative h-6 w-11 shrink-0 rounded-full transition-colors",
            isHighContrast ? "bg-brand-700" : "bg-slate-400",
          )}
        >
          <span
            className={cx(
              "absolute top-1 left-1 size-4 rounded-full bg-white transition-transform",
              isHighContrast && "translate-x-5",
            )}
          />
        </span>
      </button>
      <Button variant="ghost" className="w-full" onClick={() => savePreferences(DEFAULT_PREFERENCES)}>
        <RotateCcw aria-hidden className="size-4" />
        Redefinir
      </Button>
    </>
  );
}
