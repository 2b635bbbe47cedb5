import { describe, expect, it } from "vitest";
import { basisPointsToPercentText } from "~/lib/money";
import { pixDiscountCents, pixDiscountDisclosure, pixDiscountFor } from "./pix-discount";

/** Intl writes a no-break space after "R$"; the text a person reads has a plain one. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("pixDiscountCents", () => {
  it.each([
    [10000, 500, 500],
    // 5% of R$ 199,99 is 9,9995: half away from zero, as lib/money rounds every amount.
    [19999, 500, 1000],
    [10000, 250, 250],
    [12345, 1999, 2468],
    [10000, 2000, 2000],
    [10000, 0, 0],
    [0, 500, 0],
  ])("%i centavos at %i bp → %i", (amount, basisPoints, discount) => {
    expect(pixDiscountCents(amount, basisPoints)).toBe(discount);
  });
});

describe("pixDiscountFor", () => {
  it("gives the PIX price and the discount, adding up to the full price", () => {
    expect(pixDiscountFor(10000, 500)).toEqual({ basisPoints: 500, fullCents: 10000, discountCents: 500, pixCents: 9500 });
  });

  it("is null without a discount, or when it rounds to nothing", () => {
    expect(pixDiscountFor(10000, 0)).toBeNull();
    expect(pixDiscountFor(9, 500)).toBeNull();
  });
});

describe("the disclosure the customer reads before paying", () => {
  it("says the percentage, the full price and the PIX price", () => {
    expect(plain(pixDiscountDisclosure(pixDiscountFor(10000, 500)!))).toBe(
      "Pagando com PIX: 5% de desconto — de R$ 100,00 por R$ 95,00",
    );
    expect(plain(pixDiscountDisclosure(pixDiscountFor(123456, 250)!))).toBe(
      "Pagando com PIX: 2,5% de desconto — de R$ 1.234,56 por R$ 1.203,70",
    );
  });

  it.each([
    [500, "5%"],
    [250, "2,5%"],
    [1999, "19,99%"],
    [5, "0,05%"],
    [2000, "20%"],
  ])("writes %i bp as %s", (basisPoints, text) => {
    expect(`${basisPointsToPercentText(basisPoints)}%`).toBe(text);
  });
});
