/**
 * The last live rows the page computed (today's, from the raw events), kept
 * until this process stores a new report or LIVE_ROWS_MAX_AGE_MS passes (the
 * reports another instance stores): a staff page opened again on a quiet
 * site does not regroup the whole day's events.
 */
export const LIVE_ROWS_MAX_AGE_MS = 10_000;

let generation = 0;
let kept: { key: string; generation: number; at: number; rows: unknown } | null = null;

/** A report was stored here: the next page computes today's rows again. */
export function noteStoredReport() {
  generation++;
}

/**
 * A figure computed from today's live rows alone (the Painel's visits and
 * WhatsApp clicks), kept by the same rule as the rows (a report stored here,
 * another key, LIVE_ROWS_MAX_AGE_MS), in its own slot so it does not push the
 * traffic page's rows out. The promise is kept: staff opening the page at the
 * same moment share one reading; a failed one is not kept.
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

export async function liveRowsFor<T>(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  if (kept && kept.key === key && kept.generation === generation && now - kept.at < LIVE_ROWS_MAX_AGE_MS) return kept.rows as T;
  const startedGeneration = generation;
  const rows = await compute();
  kept = { key, generation: startedGeneration, at: now, rows };
  return rows;
}
