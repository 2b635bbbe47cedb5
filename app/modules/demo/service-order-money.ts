import type { serviceOrderLines, serviceOrderPayments } from "~/db/schema/service-orders";
import { percentOfCents, roundCentsTo } from "~/lib/money";
import type { ServiceOrderStatus } from "~/modules/service-orders/status";
import type { PaymentMethod } from "~/modules/service-orders/validation";
import type { Random } from "./random";
import type { Repair } from "./repairs";
import type { StaffMember } from "./service-order-timeline";

/** An order's quote, discount and payments, consistent with where its story got to. */

export type LineRow = Omit<typeof serviceOrderLines.$inferInsert, "id" | "orderId">;
export type PaymentRow = Omit<typeof serviceOrderPayments.$inferInsert, "id" | "orderId">;

/** Pix most of all, then cards, then cash. */
const PAYMENT_METHOD_KEYS: readonly PaymentMethod[] = ["pix", "pix", "pix", "cash", "debit", "credit", "credit"];

/** Shop prices end in whole tens of reais. */
const PRICE_STEP_CENTS = 1000;

/** The service and its part once a quote was made; a declined one leaves at most a diagnosis fee. */
export function planQuoteLines(random: Random, repair: Repair, steps: readonly ServiceOrderStatus[]): LineRow[] {
  const lines: LineRow[] = [];
  const hasQuote = steps.includes("awaiting_approval");
  const isDeclined = steps.includes("declined");
  if (hasQuote && !isDeclined) {
    lines.push({
      position: 0,
      kind: "service",
      description: repair.service,
      quantity: 1,
      unitPriceCents: roundCentsTo(random.int(...repair.serviceCents), PRICE_STEP_CENTS),
    });
    if (repair.part) {
      lines.push({
        position: 1,
        kind: "part",
        description: repair.part.description,
        quantity: 1,
        unitPriceCents: roundCentsTo(random.int(...repair.part.cents), PRICE_STEP_CENTS),
      });
    }
    if (random.chance(0.12))
      lines.push({ position: lines.length, kind: "part", description: "Película de vidro", quantity: 1, unitPriceCents: 3000 });
  } else if (isDeclined && random.chance(0.5)) {
    // Some shops charge for the diagnosis of a declined quote.
    lines.push({
      position: 0,
      kind: "service",
      description: "Diagnóstico (orçamento recusado)",
      quantity: 1,
      unitPriceCents: 5000,
    });
  }
  return lines;
}

/** Now and then a round discount on a larger quote. */
export function planDiscount(random: Random, linesTotalCents: number, steps: readonly ServiceOrderStatus[]) {
  return linesTotalCents > 20000 && !steps.includes("declined") && random.chance(0.15)
    ? Math.min(linesTotalCents, random.pick([1000, 2000, 5000]))
    : 0;
}

/**
 * A deposit of about 40% for some approved quotes, and the balance on
 * delivery, except for the few who leave owing it.
 */
export function planPayments(
  random: Random,
  {
    steps,
    times,
    totalCents,
    technician,
  }: { steps: readonly ServiceOrderStatus[]; times: readonly Date[]; totalCents: number; technician: StaffMember },
) {
  const payments: PaymentRow[] = [];
  const approvedIndex = steps.indexOf("approved");
  if (approvedIndex >= 0 && totalCents > 0 && random.chance(0.3)) {
    payments.push({
      method: random.pick(PAYMENT_METHOD_KEYS),
      amountCents: Math.max(1000, roundCentsTo(percentOfCents(totalCents, 4000), PRICE_STEP_CENTS)),
      isDeposit: true,
      paidAt: times[approvedIndex]!,
      note: "Sinal",
      receivedByUserId: technician.userId,
      createdAt: times[approvedIndex]!,
    });
  }
  const deliveredIndex = steps.indexOf("delivered");
  const isOwedAtDelivery = deliveredIndex >= 0 && random.chance(0.05);
  if (deliveredIndex >= 0 && !isOwedAtDelivery) {
    const paidSoFar = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
    if (totalCents - paidSoFar > 0) {
      payments.push({
        method: random.pick(PAYMENT_METHOD_KEYS),
        amountCents: totalCents - paidSoFar,
        isDeposit: false,
        paidAt: times[deliveredIndex]!,
        note: "",
        receivedByUserId: technician.userId,
        createdAt: times[deliveredIndex]!,
      });
    }
  }
  return { payments, isOwedAtDelivery };
}
