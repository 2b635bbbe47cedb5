import { getTableName, isTable, type Table } from "drizzle-orm";
import { CATALOGUE_TABLES, invalidatePublicPages, PUBLIC_CONTENT_TABLES, type PublicChange } from "~/lib/page-cache.server";
import { singleton } from "~/lib/singleton.server";
import type { Transaction } from "./client.server";

/**
 * What one transaction asked to run once it commits: callbacks of
 * `afterCommit`, and the public page cache's invalidation when it wrote to a
 * table whose rows visitors see (decision 0016): `publicChange` says which
 * pages that reaches (only the catalogue's, or all). Never run on a rollback.
 */
export type TransactionState = { afterCommit: (() => void)[]; publicChange: PublicChange | null; hasWrites: boolean };

export function newTransactionState(): TransactionState {
  return { afterCommit: [], publicChange: null, hasWrites: false };
}

/** How many transactions that wrote through the query builder have committed in this process. */
const committedWrites = { count: 0 };

/**
 * Moves on after every committed transaction that wrote (insert, update,
 * delete through the query builder): a figure computed at one count is
 * still true while the count has not moved, on one process (PGlite). Writes
 * made outside a transaction or as raw SQL do not move it.
 */
export function committedWritesVersion(): number {
  return committedWrites.count;
}

/** Kept with the connection across the development server's reloads (its transactions register here). */
const statesByTransaction = singleton("database-transaction-states", () => new WeakMap<object, TransactionState>());
const PUBLIC_TABLES: ReadonlySet<string> = new Set(PUBLIC_CONTENT_TABLES);
const CATALOGUE: ReadonlySet<string> = new Set(CATALOGUE_TABLES);

/** The wider of two changes: a transaction that wrote a post and sold a product reaches every page. */
function widerChange(current: PublicChange | null, table: string): PublicChange | null {
  if (!PUBLIC_TABLES.has(table)) return current;
  if (!CATALOGUE.has(table)) return "all";
  return current ?? "catalogue";
}

const WRITE_METHODS = ["insert", "update", "delete"] as const;

/**
 * Notes the writes of `tx` (and of its savepoints) to public content. Every
 * write through the query builder is seen, whoever makes it (the stock
 * ledger, a product form, a sale), so a new write path needs nothing to keep
 * /loja fresh. Raw SQL (`tx.execute`) is not seen: a raw write to one of
 * those tables must call `afterCommit(tx, invalidatePublicPages)` itself.
 */
export function watchWrites<T extends Transaction>(tx: T, state: TransactionState): T {
  statesByTransaction.set(tx, state);
  for (const method of WRITE_METHODS) {
    const original = (tx[method] as (table: unknown, ...rest: unknown[]) => unknown).bind(tx);
    Object.assign(tx, {
      [method]: (table: unknown, ...rest: unknown[]) => {
        state.hasWrites = true;
        if (isTable(table)) state.publicChange = widerChange(state.publicChange, getTableName(table as Table));
        return original(table, ...rest);
      },
    });
  }
  const openSavepoint = tx.transaction.bind(tx);
  tx.transaction = (<R>(work: (savepoint: Transaction) => Promise<R>) =>
    openSavepoint((savepoint) => work(watchWrites(savepoint, state)))) as Transaction["transaction"];
  return tx;
}

/** After a commit: the page cache first, so a callback that reads a public page sees the new one. */
export function runAfterCommit(state: TransactionState) {
  if (state.hasWrites) committedWrites.count += 1;
  if (state.publicChange) invalidatePublicPages(state.publicChange);
  for (const callback of state.afterCommit) callback();
}

/**
 * Runs `callback` once `tx`'s transaction has committed; never if it rolls
 * back. For work that must not see (or show) uncommitted data: dropping a
 * cache inside the transaction would let a concurrent request cache the old
 * data again before the commit.
 */
export function afterCommit(tx: Transaction, callback: () => void) {
  const state = statesByTransaction.get(tx);
  if (!state) throw new Error("afterCommit: transação desconhecida (use o `tx` recebido de inTransaction)");
  state.afterCommit.push(callback);
}
