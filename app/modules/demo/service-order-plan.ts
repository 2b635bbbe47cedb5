import type { serviceOrders } from "~/db/schema/service-orders";
import { addDays, shopToday } from "~/lib/dates";
import type { ServiceOrderStatus } from "~/modules/service-orders/status";
import { describeDevice, pickDevice } from "./fake-devices";
import { fakePersonName } from "./fake-people";
import type { Random } from "./random";
import { REPAIRS } from "./repairs";
import { planDiscount, planPayments, planQuoteLines, type LineRow, type PaymentRow } from "./service-order-money";
import { planStatusEvents, planSteps, type StaffMember } from "./service-order-timeline";

export type ServiceOrderPlan = {
  order: Omit<typeof serviceOrders.$inferInsert, "id" | "customerId" | "trackingCode">;
  lines: LineRow[];
  payments: PaymentRow[];
  events: ReturnType<typeof planStatusEvents>;
};

export type PlanOptions = {
  /** When the device came in. */
  createdAt: Date;
  /** Nothing happens after this instant: an order whose path is longer stops where it is. */
  now: Date;
  /** A status to end at (demo seed, tests); otherwise an outcome is drawn and cut at `now`. */
  status?: ServiceOrderStatus;
  /** Staff who work on orders: technician and who moved each status. */
  staff: readonly StaffMember[];
  warrantyDays?: number;
};

/**
 * One order's whole story: the row, its quote lines, payments and the
 * timeline, consistent with the state machine. The draws happen in a fixed
 * order, so a seed always tells the same story.
 */
export function planServiceOrder(random: Random, options: PlanOptions): ServiceOrderPlan {
  const { createdAt } = options;
  const device = pickDevice(random);
  const repair = random.pick(REPAIRS[device.type]);
  const { steps, times } = planSteps(random, options);
  const status = steps.at(-1)!;
  const statusChangedAt = times.at(-1)!;
  const technician = random.pick(options.staff);

  const lines = planQuoteLines(random, repair, steps);
  const linesTotalCents = lines.reduce((sum, line) => sum + (line.quantity ?? 1) * line.unitPriceCents, 0);
  const discountCents = planDiscount(random, linesTotalCents, steps);
  const totalCents = linesTotalCents - discountCents;
  const { payments, isOwedAtDelivery } = planPayments(random, { steps, times, totalCents, technician });
  const paidCents = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  const events = planStatusEvents(random, steps, times, options.staff);

  // Promised in the shop's calendar days from the day the device came in.
  const promisedDate = addDays(shopToday(createdAt), random.int(2, 10));
  const deliveredIndex = steps.indexOf("delivered");
  const deliveredAt = deliveredIndex >= 0 ? times[deliveredIndex]! : null;
  return {
    order: {
      status,
      statusChangedAt,
      deviceType: device.type,
      brand: device.brand,
      ...describeDevice(random, device),
      unlockKind: null,
      unlockSecret: null,
      reportedDefect: repair.defect,
      diagnosis: steps.includes("awaiting_approval") ? `${repair.service} necessária.` : "",
      technicianUserId: technician.userId,
      linesTotalCents,
      discountCents,
      paidCents,
      promisedDate,
      warrantyDays: options.warrantyDays ?? 90,
      notes: "",
      quoteDecidedAt: times[steps.findIndex((step) => step === "approved" || step === "declined")] ?? null,
      deliveredAt,
      deliveredTo: deliveredAt ? (random.chance(0.85) ? "O próprio cliente" : `${fakePersonName(random)} (autorizado)`) : null,
      owedAtDeliveryCents: isOwedAtDelivery ? Math.max(0, totalCents - paidCents) : 0,
      createdByUserId: technician.userId,
      createdAt,
      updatedAt: statusChangedAt,
    },
    lines,
    payments,
    events,
  };
}
