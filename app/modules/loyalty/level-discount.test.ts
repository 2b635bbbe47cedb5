import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkPostedLevelDiscount, levelDiscountLabel, levelDiscountOffer } from "./level-discount";
import { LOYALTY_LEVELS, levelForPoints } from "./rules";

/** The discount worked out another way: cents × bp / 10 000 rounded half up, in integers (amounts are never negative). */
function independentDiscount(serviceCents: number, basisPoints: number) {
  return Number((2n * BigInt(serviceCents) * BigInt(basisPoints) + 10_000n) / 20_000n);
}

describe("the level's discount", () => {
  it("is named as the receipt prints it", () => {
    expect(levelDiscountLabel(LOYALTY_LEVELS[2]!)).toBe("Desconto Ouro 15%");
    expect(levelDiscountLabel({ name: "Especial", discountBasisPoints: 1250 })).toBe("Desconto Especial 12,5%");
  });

  it("takes the level's percentage off the whole service, to the centavo", () => {
    expect(levelDiscountOffer(levelForPoints(2_000), 35_000)).toEqual({
      levelName: "Ouro",
      basisPoints: 1500,
      label: "Desconto Ouro 15%",
      cents: 5_250,
    });
    // 5 % of R$ 0,10 is half a centavo: rounded up, as all money is.
    expect(levelDiscountOffer(levelForPoints(500), 10)?.cents).toBe(1);
    expect(levelDiscountOffer(levelForPoints(499), 35_000)).toBeNull();
  });

  it("agrees with an independent computation for any amount and level", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(...LOYALTY_LEVELS), (cents, level) => {
        expect(levelDiscountOffer(level, cents)!.cents).toBe(independentDiscount(cents, level.discountBasisPoints));
      }),
    );
  });

  it("refuses a posted percentage above the customer's level, and one without a level", () => {
    const prata = levelForPoints(1_500);
    const above = checkPostedLevelDiscount(prata, 1500, 20_000);
    expect(above).toMatchObject({ ok: false });
    expect(!above.ok && above.message).toMatch(/^O desconto pedido passa do nível do cliente: o máximo é Desconto Prata 10%/);
    expect(checkPostedLevelDiscount(null, 500, 20_000)).toMatchObject({ ok: false });
    expect(checkPostedLevelDiscount(prata, 1000, 20_000)).toMatchObject({ ok: true, offer: { cents: 2_000 } });
    // A smaller percentage than the level's is not the level's discount either.
    expect(checkPostedLevelDiscount(prata, 500, 20_000)).toMatchObject({ ok: false });
    expect(checkPostedLevelDiscount(prata, Number.NaN, 20_000)).toMatchObject({ ok: false });
  });
});
