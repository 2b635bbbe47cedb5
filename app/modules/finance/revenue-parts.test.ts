import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { revenuePartsOf, type ReceiptPart } from "./revenue-parts";

function net(parts: ReceiptPart[]) {
  return parts.reduce((sum, part) => sum + (part.categoryKey === "discounts" ? -part.amountCents : part.amountCents), 0);
}

describe("revenuePartsOf", () => {
  it("splits a payment by source and shows the discount it carries", () => {
    // R$ 100 of products and R$ 50 of service, R$ 15 off: total R$ 135, paid half now.
    const parts = revenuePartsOf(
      6_750,
      [
        { source: "products", grossCents: 10_000 },
        { source: "services", grossCents: 5_000 },
      ],
      13_500,
    );
    expect(parts).toEqual([
      { categoryKey: "revenue-products", amountCents: 5_000 },
      { categoryKey: "revenue-services", amountCents: 2_500 },
      { categoryKey: "discounts", amountCents: 750 },
    ]);
  });

  it("puts a payment of something worth nothing in services", () => {
    expect(revenuePartsOf(500, [], 0)).toEqual([{ categoryKey: "revenue-services", amountCents: 500 }]);
  });

  it("always adds up to the payment, to the cent", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            source: fc.constantFrom("services" as const, "products" as const, "printing-design" as const),
            grossCents: fc.integer({ min: 0, max: 10_000_000 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        (lines, discountPercent, paidPercent) => {
          const gross = lines.reduce((sum, line) => sum + line.grossCents, 0);
          const total = Math.floor((gross * (100 - discountPercent)) / 100);
          const amount = Math.max(1, Math.floor((total * paidPercent) / 100));
          const parts = revenuePartsOf(amount, lines, total);
          expect(net(parts)).toBe(amount);
          for (const part of parts) expect(part.amountCents).toBeGreaterThan(0);
        },
      ),
    );
  });
});
