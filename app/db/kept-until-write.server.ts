import { databaseKind } from "./client.server";
import { committedWritesVersion } from "./committed-writes.server";

/**
 * Readings kept until a transaction that wrote something commits
 * (committedWritesVersion), per key: what a reading depends on besides the
 * data (the shop's day, a month, the page asked for). For figures a page
 * costs most to compute (totals over many rows); requests asking at the same
 * moment share one reading. On PGlite only: every statement there runs in the
 * one Node thread that also renders the pages, and every write goes through
 * this process. On PostgreSQL another instance may have written: `read` runs
 * every time. A failed reading is not kept. A kept value is shared between
 * requests: callers must not change it. At most `maxReadings` are kept at
 * once, the oldest asked going first.
 */
export function keptUntilWrite(maxReadings = 16) {
  let version = -1;
  const kept = new Map<string, Promise<unknown>>();
  return <T>(key: string, read: () => Promise<T>): Promise<T> => {
    if (databaseKind() !== "pglite") return read();
    const current = committedWritesVersion();
    if (current !== version) {
      kept.clear();
      version = current;
    }
    const existing = kept.get(key) as Promise<T> | undefined;
    if (existing) return existing;
    const reading = read();
    // A failed reading is not kept (unless a newer one has already taken its place).
    reading.catch(() => {
      if (kept.get(key) === reading) kept.delete(key);
    });
    if (kept.size >= maxReadings) kept.delete(kept.keys().next().value!);
    kept.set(key, reading);
    return reading;
  };
}
