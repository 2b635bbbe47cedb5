import { useContext, useEffect, useLayoutEffect } from "react";
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, useLocation } from "react-router";

/** Window positions of the pages visited in this tab, by history entry, while the document lives. */
const savedPositions: Record<string, number> = {};

/**
 * React Router's <ScrollRestoration /> without sessionStorage (decision
 * 0006): a new page starts at the top (or at its #anchor), Back returns to
 * where the visitor was. The router's own scroll bookkeeping does the work;
 * the positions stay in memory. React Router's version also reads
 * sessionStorage in an inline script before the first paint, and a fresh
 * visit's first storage read blocks the main thread for tens of
 * milliseconds. Across documents (a reload, Back from another site) the
 * browser restores the position itself: it is given the control back when
 * the page is hidden.
 */
export function ScrollRestoration() {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useContext(UNSAFE_DataRouterStateContext);
  const location = useLocation();

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    const giveBack = () => {
      window.history.scrollRestoration = "auto";
    };
    const takeAgain = (event: PageTransitionEvent) => {
      if (event.persisted) window.history.scrollRestoration = "manual";
    };
    window.addEventListener("pagehide", giveBack);
    window.addEventListener("pageshow", takeAgain);
    return () => {
      giveBack();
      window.removeEventListener("pagehide", giveBack);
      window.removeEventListener("pageshow", takeAgain);
    };
  }, []);

  useLayoutEffect(() => router?.enableScrollRestoration(savedPositions, () => window.scrollY), [router]);

  const restoreScrollPosition = state?.restoreScrollPosition;
  const preventScrollReset = state?.preventScrollReset;
  useLayoutEffect(() => {
    // `false`: the page as loaded (the browser placed it) or a navigation that keeps the position.
    if (restoreScrollPosition === false) return;
    if (typeof restoreScrollPosition === "number") {
      window.scrollTo(0, restoreScrollPosition);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(safeDecode(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (!preventScrollReset) window.scrollTo(0, 0);
  }, [location, restoreScrollPosition, preventScrollReset]);

  return null;
}

function safeDecode(fragment: string) {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
