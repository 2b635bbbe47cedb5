import { Accessibility } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";

// The controls load the first time the panel opens: most visits never open it.
const AccessibilityPanel = lazy(() => import("./accessibility-panel").then((module) => ({ default: module.AccessibilityPanel })));

/**
 * Spec §4: font size and high contrast, applied live and remembered on the
 * device. The panel is a native popover: the button opens it, Escape or a
 * click outside closes it, with no script of ours, so a tap before the
 * page's scripts have run opens it too; its controls then arrive with them.
 */
export function FloatingAccessibility() {
  const panelId = useId();
  const titleId = useId();
  const [hasOpened, setHasOpened] = useState(false);
  const panel = useRef<HTMLDialogElement>(null);
  // Opened by a tap before hydration: React saw no toggle event, so it asks the panel itself.
  useEffect(() => {
    if (panel.current?.matches(":popover-open")) setHasOpened(true);
  }, []);
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
        ref={panel}
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
