import { describe, expect, it } from "vitest";
import { atShopTime, daysBetween } from "~/lib/dates";
import { isValidImei } from "~/lib/imei";
import { canMove, SERVICE_ORDER_STATUSES, type ServiceOrderStatus } from "~/modules/service-orders/status";
import { createRandom } from "./random";
import { planServiceOrder } from "./service-order-plan";

const staff = [{ userId: null, label: "tecnico@balcao.example" }];
const now = new Date("2026-11-22T15:00:00Z");

describe("planServiceOrder", () => {
  it("tells a story the state machine allows, with money that adds up", () => {
    const random = createRandom(2);
    const seen = new Set<string>();
    for (let index = 0; index < 2000; index++) {
      const createdAt = new Date(now.getTime() - random.int(0, 400) * 86_400_000);
      const plan = planServiceOrder(random, { createdAt, now, staff });
      const { order, events, lines, payments } = plan;
      seen.add(order.status!);
      expect(events[0]).toMatchObject({ fromStatus: null, toStatus: "received" });
      for (const event of events.slice(1)) {
        expect(
          canMove(event.fromStatus as ServiceOrderStatus, event.toStatus as ServiceOrderStatus),
          `${event.fromStatus} → ${event.toStatus}`,
        ).toBe(true);
      }
      expect(events.at(-1)!.toStatus).toBe(order.status);
      for (const [earlier, later] of events.slice(1).map((event, position) => [events[position]!, event] as const)) {
        expect(later.createdAt!.getTime()).toBeGreaterThanOrEqual(earlier.createdAt!.getTime());
      }
      expect(events.at(-1)!.createdAt!.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(order.linesTotalCents).toBe(lines.reduce((sum, line) => sum + (line.quantity ?? 1) * line.unitPriceCents, 0));
      expect(order.paidCents).toBe(payments.reduce((sum, payment) => sum + payment.amountCents, 0));
      expect(order.paidCents!).toBeLessThanOrEqual(order.linesTotalCents! - order.discountCents!);
      expect(Boolean(order.deliveredAt)).toBe(order.status === "delivered");
      if (order.imeiOrSerial && /^\d{15}$/.test(order.imeiOrSerial)) expect(isValidImei(order.imeiOrSerial)).toBe(true);
    }
    // Three years of a shop: every status shows up.
    expect([...seen].sort()).toEqual([...SERVICE_ORDER_STATUSES].sort());
  });

  it("promises 2 to 10 days after the shop's day of arrival, even late in the evening", () => {
    const lateEvening = atShopTime("2026-11-22", "23:30");
    const waits = new Set<number>();
    for (let seed = 0; seed < 200; seed++) {
      const plan = planServiceOrder(createRandom(seed), {
        createdAt: lateEvening,
        now: atShopTime("2026-11-23", "12:00"),
        staff,
        status: "received",
      });
      waits.add(daysBetween("2026-11-22", plan.order.promisedDate!));
    }
    expect([...waits].sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("draws the same story from the same seed", () => {
    const options = { createdAt: new Date(now.getTime() - 20 * 86_400_000), now, staff };
    expect(planServiceOrder(createRandom(5), options)).toEqual(planServiceOrder(createRandom(5), options));
  });

  it("ends at the status a demo or a test asks for", () => {
    const random = createRandom(3);
    for (const status of SERVICE_ORDER_STATUSES) {
      const plan = planServiceOrder(random, { createdAt: new Date(now.getTime() - 3 * 86_400_000), now, staff, status });
      expect(plan.order.status).toBe(status);
    }
  });
});
