import { Accessibility } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";

// The controls load the first time the panel opens: most visits never open it.
const AccessibilityPanel = lazy(() => import("./accessibility-panel").then((module) => ({ default: module.AccessibilityPanel })));

/**
 * Spec §4: font size and high contrast, applied live and remembered on the
 * device. The panel is a native popover: the button opens it, Escape or a
 * click outside closes it, with no script of ours.
 */
export function FloatingAccessibility() {
  const panelId = useId();
  const titleId = useId();
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        popoverTarget={panelId}
        aria-label="Acessibilidade"
        className="fixed bottom-4 left-4 z-30 flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800"
      >
        <Accessibility aria-hidden className="size-7" />
      </button>
      <dialog
        id={panelId}
        popover="auto"
        aria-labelledby={titleId}
        onBeforeToggle={(event) => {
          if (event.newState === "open") setHasOpened(true);
        }}
        className="top-auto right-auto bottom-20 left-4 m-0 w-72 max-w-[calc(100vw-2rem)] space-y-4 rounded-lg border border-slate-200 bg-white p-4 text-slate-900 shadow-xl"
      >
        <h2 id={titleId} className="font-semibold">
          Acessibilidade
        </h2>
        {hasOpened ? (
          <Suspense fallback={null}>
            <AccessibilityPanel />
          </Suspense>
        ) : null}
      </dialog>
    </>
  );
}
