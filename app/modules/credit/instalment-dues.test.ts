import { describe, expect, it } from "vitest";
import { addDays } from "~/lib/dates";
import { instalmentDuesOn } from "./instalment-dues";

const DUE = "2026-03-02";
const TERMS = { lateFeeBasisPoints: 200, lateInterestMonthlyBasisPoints: 100 };
/** The worked example's first instalment: R$ 221,44, of which R$ 35,88 interest. */
const INSTALMENT = {
  amountCents: 22_144,
  principalCents: 18_556,
  interestCents: 3_588,
  paidPrincipalCents: 0,
  paidInterestCents: 0,
  waivedInterestCents: 0,
  dueDate: DUE,
};

describe("instalmentDuesOn", () => {
  it("owes nothing more up to the due date, and R$ 226,61 ten days late", () => {
    expect(instalmentDuesOn(INSTALMENT, [], DUE, TERMS)).toMatchObject({ chargesCents: 0, totalCents: 22_144, daysLate: 0 });
    expect(instalmentDuesOn(INSTALMENT, [], addDays(DUE, 10), TERMS)).toMatchObject({
      chargesCents: 517,
      interestCents: 3_588,
      principalCents: 18_556,
      totalCents: 22_661,
      daysLate: 10,
    });
  });

  it("charges a second late payment no new fee, interest only since the first, on what is still owed", () => {
    // Ten days late, R$ 105,17 paid: the R$ 5,17 of charges, the R$ 35,88 of interest, R$ 64,12 of principal.
    const first = {
      businessDate: addDays(DUE, 10),
      chargesCents: 517,
      interestCents: 3_588,
      principalCents: 6_412,
      waivedInterestCents: 0,
    };
    const after = { ...INSTALMENT, paidInterestCents: 3_588, paidPrincipalCents: 6_412 };
    const dues = instalmentDuesOn(after, [first], addDays(DUE, 40), TERMS);
    // R$ 121,44 still owed, 30 more days at 1% a.m.: R$ 1,21; no second 2%.
    expect(dues).toMatchObject({ outstandingCents: 12_144, interestCents: 0, chargesCents: 121, totalCents: 12_265 });
  });

  it("keeps the charges a small late payment could not cover", () => {
    const first = {
      businessDate: addDays(DUE, 10),
      chargesCents: 300,
      interestCents: 0,
      principalCents: 0,
      waivedInterestCents: 0,
    };
    expect(instalmentDuesOn(INSTALMENT, [first], addDays(DUE, 10), TERMS)).toMatchObject({
      chargesCents: 217,
      totalCents: 22_361,
    });
    // Ten days on: the R$ 2,17 left plus 10 days of interest on the whole R$ 221,44 (R$ 0,74), no new fee.
    expect(instalmentDuesOn(INSTALMENT, [first], addDays(DUE, 20), TERMS).chargesCents).toBe(217 + 74);
  });

  it("charges nothing for payments made before the due date", () => {
    const early = {
      businessDate: addDays(DUE, -5),
      chargesCents: 0,
      interestCents: 3_588,
      principalCents: 1_412,
      waivedInterestCents: 0,
    };
    const after = { ...INSTALMENT, paidInterestCents: 3_588, paidPrincipalCents: 1_412 };
    // Paid late afterwards: the fee and interest on the R$ 171,44 still owed.
    expect(instalmentDuesOn(after, [early], addDays(DUE, 30), TERMS)).toMatchObject({
      chargesCents: 343 + 171,
      totalCents: 17_144 + 514,
    });
  });
});
