/**
 * The carousel's first rows are elements in the page; the others travel as
 * the text of a few `<noscript>`s (review-list.tsx). Parsing 75 cards (1 200
 * elements, 40% of the home page's HTML) while the page loads held the main
 * thread for the first paint and hydration, for rows that scroll into view
 * seconds later. A browser with JavaScript reads a noscript's contents as
 * plain text, which costs next to nothing, and `showDeferredRows` turns them
 * into rows, one noscript per idle moment so that no single task is long;
 * without JavaScript the noscripts' lists simply show below the first one.
 */
export const DEFERRED_ROWS_ATTRIBUTE = "data-deferred-rows";
/** The longest a noscript waits for an idle moment: on a busy page its rows come in at most this late. */
export const DEFERRED_ROWS_IDLE_TIMEOUT_MS = 2000;

/** Moves the rows held in the box's noscripts to the end of its list, one noscript per idle moment; returns a cancel. */
export function showDeferredRows(box: HTMLElement): () => void {
  let cancel = whenIdle(showNext);
  function showNext() {
    const deferred = box.querySelector(`noscript[${DEFERRED_ROWS_ATTRIBUTE}]`);
    const list = box.querySelector("ul");
    if (!deferred || !list) return;
    // The text is the server's own markup, escaped by React: a review cannot close the noscript or add elements.
    const template = document.createElement("template");
    template.innerHTML = deferred.textContent ?? "";
    const rows = template.content.querySelector("ul")?.children;
    if (rows) list.append(...rows);
    deferred.remove();
    cancel = whenIdle(showNext);
  }
  return () => cancel();
}

/** Runs `task` when the browser is idle (within DEFERRED_ROWS_IDLE_TIMEOUT_MS), or soon where there is no idle callback; returns a cancel. */
function whenIdle(task: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(task, { timeout: DEFERRED_ROWS_IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}
