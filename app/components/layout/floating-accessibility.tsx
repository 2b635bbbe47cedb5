import { Accessibility, Minus, Plus, RotateCcw } from "lucide-react";
import { Popover } from "radix-ui";
import { useId, useSyncExternalStore } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { cx } from "~/lib/class-names";
import {
  DEFAULT_PREFERENCES,
  FONT_SIZE,
  getPreferences,
  getServerPreferences,
  savePreferences,
  subscribeToPreferences,
} from "./accessibility-preferences";

/** Spec §4: font size and high contrast, applied live and remembered on the device. */
export function FloatingAccessibility() {
  const titleId = useId();
  // The server cannot know the device's choices: it renders the defaults and the browser reads them after hydration.
  const preferences = useSyncExternalStore(subscribeToPreferences, getPreferences, getServerPreferences);

  const { fontSizePercent, isHighContrast } = preferences;
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label="Acessibilidade"
        className="fixed bottom-4 left-4 z-30 flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800"
      >
        <Accessibility aria-hidden className="size-7" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={16}
          aria-labelledby={titleId}
          className="z-50 w-72 max-w-[calc(100vw-2rem)] space-y-4 rounded-lg border border-slate-200 bg-white p-4 text-slate-900 shadow-xl"
        >
          <h2 id={titleId} className="font-semibold">
            Acessibilidade
          </h2>
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
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
