import { and, eq, gte, inArray, isNull, lte, type SQL } from "drizzle-orm";
import { registerEntries, type RegisterEntryKind, type RegisterMethod } from "~/db/schema/cash-register";

/**
 * "Recebido": what customers paid through the register, one definition for
 * the Painel's takings (today by method, the month) and the register's list
 * of a day's takings that its figures link to. Money taken, not what moved
 * inside the shop (suprimento, sangria) nor what went back (refund); paid
 * with money now, not owed (crediário) nor store credit given before; not
 * cancelled. The partial index register_entries_takings_idx has this very
 * predicate, so the figures are read from the index alone.
 */
export const TAKINGS_KINDS = [
  "sale",
  "order-payment",
  "credit-payment",
  "debt-payment",
] as const satisfies readonly RegisterEntryKind[];

/** Methods that bring money now, in the order the Painel lists them. */
export const TAKINGS_METHODS = ["cash", "pix", "debit", "credit"] as const satisfies readonly RegisterMethod[];

export type TakingsMethod = (typeof TAKINGS_METHODS)[number];

export function isTakingsMethod(value: unknown): value is TakingsMethod {
  return (TAKINGS_METHODS as readonly unknown[]).includes(value);
}

/** The takings of the shop's days `from` to `to` (inclusive, "YYYY-MM-DD"), of one method or of all. */
export function takingsWhere({ from, to, method = null }: { from: string; to: string; method?: TakingsMethod | null }): SQL {
  return and(
    from === to
      ? eq(registerEntries.businessDate, from)
      : and(gte(registerEntries.businessDate, from), lte(registerEntries.businessDate, to)),
    inArray(registerEntries.kind, [...TAKINGS_KINDS]),
    method === null ? inArray(registerEntries.method, [...TAKINGS_METHODS]) : eq(registerEntries.method, method),
    isNull(registerEntries.cancelledAt),
  )!;
}
