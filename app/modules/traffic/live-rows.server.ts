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

export async function liveRowsFor<T>(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  if (kept && kept.key === key && kept.generation === generation && now - kept.at < LIVE_ROWS_MAX_AGE_MS) return kept.rows as T;
  const startedGeneration = generation;
  const rows = await compute();
  kept = { key, generation: startedGeneration, at: now, rows };
  return rows;
}
