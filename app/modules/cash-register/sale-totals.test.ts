import { describe, expect, it } from "vitest";
import { DEFAULT_LOYALTY_RULES } from "~/modules/loyalty/rules";
import { computeSaleTotals, MAX_SALE_TOTAL_CENTS, offersPixPrice, returnAmountCents } from "./sale-totals";

/** Money is formatted with a no-break space after "R$"; the expectations are written with a plain one. */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replace(/\u00a0/g, " ")) as T;
}

const line = (unitPriceCents: number, quantity = 1, discountCents = 0) => ({ unitPriceCents, quantity, discountCents });

const service = (unitPriceCents: number, quantity = 1, discountCents = 0) => ({
  ...line(unitPriceCents, quantity, discountCents),
  isService: true,
});

const pix = (amountCents: number) => ({ method: "pix" as const, amountCents, tenderedCents: null });

describe("computeSaleTotals", () => {
  it("takes each line's discount from quantity × unit price", () => {
    const { totals, errors } = computeSaleTotals({
      lines: [line(2_500, 3, 500), line(1_000)],
      discountCents: 0,
      payments: [{ method: "pix", amountCents: 8_000, tenderedCents: null }],
    });
    expect(errors).toEqual({});
    expect(totals.lines.map((row) => row.totalCents)).toEqual([7_000, 1_000]);
    expect(totals.itemsTotalCents).toBe(8_000);
    expect(totals.totalCents).toBe(8_000);
  });

  it("spreads the sale's discount over the lines so they add up to the total exactly", () => {
    const { totals, errors } = computeSaleTotals({
      lines: [line(1_000), line(1_000), line(1_000)],
      discountCents: 100,
      payments: [{ method: "debit", amountCents: 2_900, tenderedCents: null }],
    });
    expect(errors).toEqual({});
    expect(totals.lines.map((row) => row.saleDiscountShareCents)).toEqual([34, 33, 33]);
    expect(totals.lines.reduce((sum, row) => sum + row.totalCents, 0)).toBe(totals.totalCents);
    expect(totals.totalCents).toBe(2_900);
    expect(totals.discountCents).toBe(100);
  });

  it("computes the change from the cash handed over", () => {
    const { totals, errors } = computeSaleTotals({
      lines: [line(4_750)],
      discountCents: 0,
      payments: [
        { method: "cash", amountCents: 2_750, tenderedCents: 5_000 },
        { method: "pix", amountCents: 2_000, tenderedCents: null },
      ],
    });
    expect(errors).toEqual({});
    expect(totals.cashCents).toBe(2_750);
    expect(totals.changeCents).toBe(2_250);
  });

  it("takes a blank tendered amount as exactly the cash part (no change)", () => {
    const { totals } = computeSaleTotals({
      lines: [line(1_000)],
      discountCents: 0,
      payments: [{ method: "cash", amountCents: 1_000, tenderedCents: null }],
    });
    expect(totals.changeCents).toBe(0);
  });

  it("refuses payments that do not add up to the total, in Portuguese", () => {
    const short = computeSaleTotals({
      lines: [line(1_000)],
      discountCents: 0,
      payments: [{ method: "pix", amountCents: 900, tenderedCents: null }],
    });
    expect(plain(short.errors)).toEqual({ payments: "Os pagamentos somam R$ 9,00; o total é R$ 10,00." });
    const over = computeSaleTotals({
      lines: [line(1_000)],
      discountCents: 0,
      payments: [{ method: "pix", amountCents: 1_001, tenderedCents: null }],
    });
    expect(plain(over.errors.payments)).toBe("Os pagamentos somam R$ 10,01; o total é R$ 10,00.");
    const none = computeSaleTotals({ lines: [line(1_000)], discountCents: 0, payments: [] });
    expect(plain(none.errors.payments)).toBe("Informe como o cliente paga R$ 10,00.");
  });

  it("refuses cash handed over that does not cover the cash part", () => {
    const { errors } = computeSaleTotals({
      lines: [line(1_000)],
      discountCents: 0,
      payments: [{ method: "cash", amountCents: 1_000, tenderedCents: 500 }],
    });
    expect(plain(errors)).toEqual({ "payments.0.tendered": "O valor recebido não cobre a parte em dinheiro (R$ 10,00)." });
  });

  it("refuses a discount larger than the line or the items, keeping the totals non-negative", () => {
    const { totals, errors } = computeSaleTotals({
      lines: [line(1_000, 1, 1_500), line(500)],
      discountCents: 9_999,
      payments: [],
    });
    expect(plain(errors["items.0.discount"])).toBe("O desconto passa do valor do item (R$ 10,00).");
    expect(plain(errors.discount)).toBe("O desconto passa do valor dos itens (R$ 5,00).");
    expect(totals.totalCents).toBe(0);
    expect(totals.lines.every((row) => row.totalCents >= 0)).toBe(true);
  });

  it("refuses an empty cart, zero payments, two cash rows and amounts past the limit", () => {
    expect(computeSaleTotals({ lines: [], discountCents: 0, payments: [] }).errors.items).toBe("Adicione ao menos um item.");
    const rows = computeSaleTotals({
      lines: [line(1_000)],
      discountCents: 0,
      payments: [
        { method: "cash", amountCents: 500, tenderedCents: null },
        { method: "cash", amountCents: 500, tenderedCents: null },
        { method: "pix", amountCents: 0, tenderedCents: null },
      ],
    });
    expect(rows.errors["payments.1.method"]).toBe("Junte o dinheiro em uma única linha.");
    expect(rows.errors["payments.2.amount"]).toBe("Informe um valor maior que zero.");
    const huge = computeSaleTotals({ lines: [line(MAX_SALE_TOTAL_CENTS, 2)], discountCents: 0, payments: [] });
    expect(huge.errors["items.0.quantity"]).toBe("Valor acima do limite permitido.");
  });

  it("takes the shop's PIX discount after staff's discount when every payment is PIX, spread over the lines", () => {
    // R$ 30,00 + R$ 10,00 − R$ 2,00 = R$ 38,00; 5% of it is R$ 1,90: the PIX price is R$ 36,10.
    const allPix = computeSaleTotals({
      lines: [line(3_000), line(1_000)],
      discountCents: 200,
      payments: [pix(3_610)],
      pixDiscountBasisPoints: 500,
    });
    expect(allPix.errors).toEqual({});
    expect(allPix.totals).toMatchObject({ discountCents: 390, pixDiscountCents: 190, totalCents: 3_610 });
    expect(allPix.totals.lines.reduce((sum, row) => sum + row.totalCents, 0)).toBe(3_610);
    const mixed = computeSaleTotals({
      lines: [line(3_000), line(1_000)],
      discountCents: 200,
      payments: [pix(1_800), { method: "cash", amountCents: 2_000, tenderedCents: null }],
      pixDiscountBasisPoints: 500,
    });
    expect(mixed.errors).toEqual({});
    expect(mixed.totals).toMatchObject({ pixDiscountCents: 0, totalCents: 3_800 });
  });

  it("accepts a sale discounted to zero with no payment", () => {
    const { totals, errors } = computeSaleTotals({ lines: [line(1_000)], discountCents: 1_000, payments: [] });
    expect(errors).toEqual({});
    expect(totals.totalCents).toBe(0);
  });
});

describe("returnAmountCents", () => {
  it("gives back a line's total exactly, however the units come back", () => {
    const sold = { quantity: 3, totalCents: 1_000 };
    expect(returnAmountCents(sold, 0, 1)).toBe(334);
    expect(returnAmountCents(sold, 1, 2)).toBe(666);
    expect(returnAmountCents(sold, 0, 3)).toBe(1_000);
  });
});

describe("offersPixPrice", () => {
  it("tells the PIX price while only cash or PIX is chosen, never with a card, the crediário or store credit", () => {
    expect(offersPixPrice(["cash"])).toBe(true);
    expect(offersPixPrice(["pix"])).toBe(true);
    expect(offersPixPrice(["cash", "pix"])).toBe(true);
    for (const method of ["crediario", "debit", "credit", "store-credit"]) {
      expect(offersPixPrice([method]), method).toBe(false);
      expect(offersPixPrice(["pix", method]), method).toBe(false);
    }
  });
});

describe("the loyalty level's discount at the register", () => {
  const ouro = DEFAULT_LOYALTY_RULES.levels.find((level) => level.name === "Ouro")!;

  it("is taken on the service lines only, after their own discounts, and spread over them alone", () => {
    const { totals, errors } = computeSaleTotals({
      lines: [service(10_000, 2, 1_000), line(5_000), service(3_333)],
      discountCents: 0,
      payments: [{ method: "cash", amountCents: 23_983, tenderedCents: null }],
      loyaltyLevel: ouro,
    });
    expect(errors).toEqual({});
    // Service base: 19 000 + 3 333 = 22 333; 15 % = 3 349,95 → 3 350 (the loyalty module's rounding).
    expect(totals.serviceItemsCents).toBe(22_333);
    expect(totals.loyaltyDiscountCents).toBe(3_350);
    expect(totals.lines[1]).toMatchObject({ saleDiscountShareCents: 0, totalCents: 5_000 });
    expect(totals.lines[0]!.saleDiscountShareCents + totals.lines[2]!.saleDiscountShareCents).toBe(3_350);
    expect(totals.lines.reduce((sum, row) => sum + row.totalCents, 0)).toBe(totals.totalCents);
    expect(totals.totalCents).toBe(27_333 - 3_350);
  });

  it("gives nothing on products sold alone, and nothing without a level", () => {
    const products = computeSaleTotals({ lines: [line(5_000)], discountCents: 0, payments: [pix(5_000)], loyaltyLevel: ouro });
    expect(products.totals.loyaltyDiscountCents).toBe(0);
    const noLevel = computeSaleTotals({ lines: [service(5_000)], discountCents: 0, payments: [pix(5_000)], loyaltyLevel: null });
    expect(noLevel.totals.loyaltyDiscountCents).toBe(0);
  });

  it("comes before the PIX discount, which is computed on what remains after it and staff's discount", () => {
    const { totals, errors } = computeSaleTotals({
      lines: [service(20_000), line(3_000)],
      discountCents: 1_000,
      payments: [pix(18_050)],
      pixDiscountBasisPoints: 500,
      loyaltyLevel: ouro,
    });
    // 23 000 − 3 000 (15 % of the service) − 1 000 = 19 000; PIX 5 % of 19 000 = 950.
    expect(errors).toEqual({});
    expect(totals).toMatchObject({
      loyaltyDiscountCents: 3_000,
      pixDiscountCents: 950,
      discountCents: 4_950,
      totalCents: 18_050,
    });
    expect(totals.lines.reduce((sum, row) => sum + row.totalCents, 0)).toBe(18_050);
    // A return of every unit gives back exactly what was paid.
    expect(totals.lines.reduce((sum, row) => sum + returnAmountCents({ quantity: 1, totalCents: row.totalCents }, 0, 1), 0)).toBe(
      18_050,
    );
  });

  it("leaves staff's discount no more than what remains after it", () => {
    const { errors } = computeSaleTotals({
      lines: [service(10_000)],
      discountCents: 9_000,
      payments: [pix(1_000)],
      loyaltyLevel: ouro,
    });
    expect(plain(errors.discount)).toBe("O desconto passa do valor dos itens (R$ 85,00).");
  });
});
