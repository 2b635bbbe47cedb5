import { databaseKind } from "~/db/client.server";
import { committedWritesVersion } from "~/db/committed-writes.server";

/** Readings kept at once by one page (its periods, months…): the oldest goes first. */
const MAX_KEPT_READINGS = 16;

/**
 * A finance page's reading kept until a transaction that wrote something
 * has committed (committedWritesVersion), per key (what the reading depends
 * on besides the data: the day, the month, the page asked for), as
 * /devedores keeps its late customers and the Painel its figures; staff
 * opening the page at the same moment share one reading. On PGlite every
 * statement runs in the one Node thread that also renders the pages. On
 * PostgreSQL another instance may have written: there `read` runs every
 * time. A failed reading is not kept. The value is shared between requests:
 * callers must not change it.
 */
export function keptUntilWrite<T>() {
  let version = -1;
  const kept = new Map<string, Promise<T>>();
  return (key: string, read: () => Promise<T>): Promise<T> => {
    if (databaseKind() !== "pglite") return read();
    const current = committedWritesVersion();
    if (current !== version) {
      kept.clear();
      version = current;
    }
    const existing = kept.get(key);
    if (existing) return existing;
    const reading = read();
    // A failed reading is not kept (unless a newer one has already taken its place).
    reading.catch(() => {
      if (kept.get(key) === reading) kept.delete(key);
    });
    if (kept.size >= MAX_KEPT_READINGS) kept.delete(kept.keys().next().value!);
    kept.set(key, reading);
    return reading;
  };
}
