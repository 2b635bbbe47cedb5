/**
 * The last live rows the page computed (today's, from the raw events), kept
 * until this process stores a new report or LIVE_ROWS_MAX_AGE_MS passes (the
 * reports another instance stores): a staff page opened again on a quiet
 * site does not regroup the whole day's events.
 */
export const LIVE_ROWS_MAX_AGE_MS = 10_000;

let generation = 0;

/** A report was stored here: the next page computes today's rows again. */
export function noteStoredReport() {
  generation++;
}

/**
 * A slot for something computed from today's live rows (the traffic page's
 * rows; the Painel's visits and WhatsApp clicks, in a slot of their own so
 * they do not push the page's rows out), kept by the rule above: until a
 * report is stored here, another key is asked, or LIVE_ROWS_MAX_AGE_MS
 * passes. The promise is kept: staff opening a page at the same moment share
 * one reading; a failed one is not kept.
 */
export function keptLikeLiveRows<T>() {
  let slot: { key: string; generation: number; at: number; value: Promise<T> } | null = null;
  return (key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> => {
    if (slot && slot.key === key && slot.generation === generation && now - slot.at < LIVE_ROWS_MAX_AGE_MS) return slot.value;
    const entry = { key, generation, at: now, value: compute() };
    slot = entry;
    entry.value.catch(() => {
      if (slot === entry) slot = null;
    });
    return entry.value;
  };
}

const liveRows = keptLikeLiveRows<unknown>();

export function liveRowsFor<T>(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  return liveRows(key, compute, now) as Promise<T>;
}
