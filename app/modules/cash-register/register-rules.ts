import { PAYMENT_METHOD_LABELS } from "~/lib/payment-methods";
import type { RegisterEntryKind, RegisterMethod } from "~/db/schema/cash-register";

/**
 * The register's pure rules: names of methods and kinds as the shop reads
 * them, and what a closing expects per method. No I/O: shared by the pages,
 * the closing and its tests.
 */

export const METHOD_LABELS: Record<RegisterMethod, string> = PAYMENT_METHOD_LABELS;

export const ENTRY_KIND_LABELS: Record<RegisterEntryKind, string> = {
  sale: "Venda",
  "order-payment": "Pagamento de OS",
  supply: "Suprimento",
  withdrawal: "Sangria",
  refund: "Devolução",
  "credit-payment": "Parcela de crediário",
  "debt-payment": "Pagamento de débito",
};

/** The methods a closing lists, in this order; cash always, the others when they had entries. */
export const CLOSING_METHODS = [
  "cash",
  "pix",
  "debit",
  "credit",
  "crediario",
  "store-credit",
] as const satisfies readonly RegisterMethod[];

/** Methods whose counted amount staff check at closing (the bank statement, the card machine); cash is counted in the drawer. */
export const CHECKED_METHODS = ["pix", "debit", "credit"] as const satisfies readonly RegisterMethod[];
export type CheckedMethod = (typeof CHECKED_METHODS)[number];

/** Entries this register may cancel from its page; a sale's and a refund's go through the sale's own page (stock comes back there). */
export const CANCELLABLE_KINDS: readonly RegisterEntryKind[] = [
  "supply",
  "withdrawal",
  "order-payment",
  "credit-payment",
  "debt-payment",
];

export type EntryForTotals = { method: RegisterMethod; amountCents: number; isCancelled: boolean };

/**
 * What the register should hold per method: cash is the float plus every
 * cash entry; the others their entries. Cancelled entries count for nothing.
 */
export function expectedByMethod(openingFloatCents: number, entries: readonly EntryForTotals[]): Record<RegisterMethod, number> {
  const totals: Record<RegisterMethod, number> = {
    cash: openingFloatCents,
    pix: 0,
    debit: 0,
    credit: 0,
    crediario: 0,
    "store-credit": 0,
  };
  for (const entry of entries) if (!entry.isCancelled) totals[entry.method] += entry.amountCents;
  return totals;
}

/** The methods a closing shows: cash, and every other that had an entry (even a cancelled one, so the report explains it). */
export function closingMethodsOf(entries: readonly EntryForTotals[]): RegisterMethod[] {
  const used = new Set(entries.map((entry) => entry.method));
  return CLOSING_METHODS.filter((method) => method === "cash" || used.has(method));
}

/** Where a method sits in a closing's list; an unknown one last. */
function closingRank(method: string) {
  const index = (CLOSING_METHODS as readonly string[]).indexOf(method);
  return index === -1 ? CLOSING_METHODS.length : index;
}

/** A closing's methods in the register's order (the stored JSON keeps its own). */
export function sortedClosingTotals<T>(closingTotals: Record<string, T>): [string, T][] {
  return Object.entries(closingTotals).sort(([a], [b]) => closingRank(a) - closingRank(b));
}

export type ClosingTotals = Record<string, { expectedCents: number; countedCents: number }>;

/**
 * What the closing page showed, in a few characters: how many entries the
 * register and the day's records held, the newest, and how many were
 * cancelled. A closing over totals that changed since (a sale, a PIX, a
 * cancellation) is refused, so nobody closes on numbers they did not see.
 */
export function entriesFingerprint(entries: readonly { id: number; isCancelled: boolean }[]) {
  const newest = entries.reduce((max, entry) => Math.max(max, entry.id), 0);
  return fingerprintOf(entries.length, newest, entries.filter((entry) => entry.isCancelled).length);
}

/** The same fingerprint from counts a query added up (the desk reads totals, not every entry). */
export function fingerprintOf(count: number, newestId: number, cancelledCount: number) {
  return `${count}.${newestId}.${cancelledCount}`;
}

const isChecked = (method: RegisterMethod) => (CHECKED_METHODS as readonly string[]).includes(method);

/** Closing per method: expected from the entries, counted from the form (PIX and cards as expected unless corrected). */
export function closingTotalsOf(
  openingFloatCents: number,
  entries: readonly EntryForTotals[],
  countedCashCents: number,
  checked: Partial<Record<string, number | null>>,
): ClosingTotals {
  const expected = expectedByMethod(openingFloatCents, entries);
  return Object.fromEntries(
    closingMethodsOf(entries).map((method) => {
      const counted =
        method === "cash" ? countedCashCents : isChecked(method) ? (checked[method] ?? expected[method]) : expected[method];
      return [method, { expectedCents: expected[method], countedCents: counted }];
    }),
  );
}
