import type { RevenueSource } from "~/db/schema/inventory";
import { allocateCents } from "~/lib/money";

/** The system categories automatic postings use (finance_categories.system_key, seeded by migration 0017). */
export type SystemCategoryKey =
  | "revenue-services"
  | "revenue-products"
  | "revenue-printing-design"
  | "credit-interest"
  | "credit-fee"
  | "late-charges"
  | "cash-surplus"
  | "other-income"
  | "capital-in"
  | "tax"
  | "returns"
  | "discounts"
  | "third-party-costs"
  | "rent"
  | "payroll"
  | "owner-draw"
  | "utilities"
  | "card-fees"
  | "software"
  | "marketing"
  | "accounting"
  | "other-expense"
  | "bank-fees"
  | "cash-shortage"
  | "stock-purchases"
  | "loan-payments";

/** One piece of money received, by category: revenue by source, a discount given (an "out" category), interest… */
export type ReceiptPart = { categoryKey: SystemCategoryKey; amountCents: number };

export const REVENUE_CATEGORY_OF: Record<RevenueSource, SystemCategoryKey> = {
  services: "revenue-services",
  products: "revenue-products",
  "printing-design": "revenue-printing-design",
};

/** A line of what was sold (a sale item, an order line): where its revenue goes and its price before discounts. */
export type RevenueLine = { source: RevenueSource; grossCents: number };

/**
 * What a payment of `amountCents` towards a sale or an order of `totalCents`
 * (after discounts) is, for the month result: its share of the gross revenue,
 * by source in proportion to the lines' gross amounts, and its share of the
 * discounts given. The parts in minus the discount out equal the payment
 * exactly, so an account's balance moves by what was paid. A total of zero
 * or lines worth nothing put the payment in "services" (or the only source).
 */
export function revenuePartsOf(amountCents: number, lines: readonly RevenueLine[], totalCents: number): ReceiptPart[] {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError(`Pagamento inválido: ${amountCents}`);
  const bySource = new Map<RevenueSource, number>();
  for (const line of lines) bySource.set(line.source, (bySource.get(line.source) ?? 0) + Math.max(0, line.grossCents));
  const grossTotal = [...bySource.values()].reduce((sum, cents) => sum + cents, 0);
  if (grossTotal === 0 || totalCents <= 0) {
    const only = bySource.size === 1 ? [...bySource.keys()][0]! : "services";
    return [{ categoryKey: REVENUE_CATEGORY_OF[only], amountCents }];
  }
  // The payment's gross share: amount × gross ÷ total rounded half up (in BigInt: the product passes 2^53), never below the amount (a discount cannot be negative).
  const exactTimesTwo = BigInt(amountCents) * BigInt(grossTotal) * 2n + BigInt(totalCents);
  const paymentGross = Math.max(amountCents, Number(exactTimesTwo / (2n * BigInt(totalCents))));
  const sources = [...bySource.entries()].filter(([, cents]) => cents > 0);
  const shares = allocateCents(
    paymentGross,
    sources.map(([, cents]) => cents),
  );
  const parts: ReceiptPart[] = sources.map(([source], index) => ({
    categoryKey: REVENUE_CATEGORY_OF[source],
    amountCents: shares[index]!,
  }));
  const discount = paymentGross - amountCents;
  if (discount > 0) parts.push({ categoryKey: "discounts", amountCents: discount });
  return parts.filter((part) => part.amountCents > 0);
}
