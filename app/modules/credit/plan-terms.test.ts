import { describe, expect, it } from "vitest";
import { addDays } from "~/lib/dates";
import { computeDisclosure, CreditTermsSchema, rateField, termsProblems } from "./plan-terms";

const TODAY = "2026-11-25";
const SETTINGS = { maxMonthlyRateBasisPoints: 299, lateFeeBasisPoints: 200, lateInterestMonthlyBasisPoints: 100 };
const SUPPLIER = { name: "Loja", legalName: "Loja LTDA", document: "12345678000195", address: "Rua A, 10", email: "a@b.com" };

describe("a plan's terms and disclosure", () => {
  it("reads a rate digit by digit, blank as 0%", () => {
    expect(rateField().parse("2,99")).toBe(299);
    expect(rateField().parse("3%")).toBe(300);
    expect(rateField().parse("")).toBe(0);
    expect(rateField().safeParse("1,234").success).toBe(false);
    expect(rateField().safeParse("-1").success).toBe(false);
  });

  it("discloses the worked example on calendar months: the instalments, 42,41% a.a. and a CET of 55,92% a.a.", () => {
    // The contract: 02/03/2026, first due 01/04/2026; the CET over the real dates, days ÷ 365 (CMN 4.881/2020).
    const contractDay = "2026-03-02";
    const terms = CreditTermsSchema.parse({ instalmentCount: "6", monthlyRate: "2,99", firstDueDate: "2026-04-01" });
    const amounts = { cashPriceCents: 120_000, downPaymentCents: 0, feeCents: 3_000 };
    expect(termsProblems(amounts, terms, SETTINGS, contractDay)).toEqual([]);
    const disclosure = computeDisclosure(amounts, terms, SETTINGS, SUPPLIER, contractDay);
    expect(disclosure.instalments.map((instalment) => instalment.amountCents)).toEqual([
      22_144, 22_144, 22_144, 22_144, 22_144, 22_146,
    ]);
    expect(disclosure).toMatchObject({
      instalmentsTotalCents: 132_866,
      interestCents: 12_866,
      yearlyRateBasisPoints: 4241,
      cetYearlyBasisPoints: 5592,
      totalWithFinancingCents: 135_866,
      totalWithoutFinancingCents: 120_000,
      offerValidUntil: "2026-03-04",
    });
  });

  it("shows a CET no lower than the yearly rate when there is no fee", () => {
    const terms = CreditTermsSchema.parse({ instalmentCount: "10", monthlyRate: "1", firstDueDate: addDays(TODAY, 30) });
    const disclosure = computeDisclosure(
      { cashPriceCents: 50_000, downPaymentCents: 0, feeCents: 0 },
      terms,
      SETTINGS,
      SUPPLIER,
      TODAY,
    );
    // 1% a.m. is 12,68% a.a.; on real months of 28 to 31 days and a 365-day year the CET is a little above it, never below.
    expect(disclosure.yearlyRateBasisPoints).toBe(1268);
    expect(disclosure.cetYearlyBasisPoints).toBeGreaterThanOrEqual(1268);
    expect(disclosure.cetYearlyBasisPoints).toBeLessThanOrEqual(1290);
  });
});
