import { daysBetween } from "~/lib/dates";
import { lateCharges } from "./price-table";

/** What was paid against one instalment by one payment not cancelled, on the shop's day it was paid. */
export type InstalmentPaymentRecord = {
  businessDate: string;
  chargesCents: number;
  interestCents: number;
  principalCents: number;
  waivedInterestCents: number;
};

export type InstalmentState = {
  amountCents: number;
  principalCents: number;
  interestCents: number;
  paidPrincipalCents: number;
  paidInterestCents: number;
  waivedInterestCents: number;
  dueDate: string;
};

export type LateTerms = { lateFeeBasisPoints: number; lateInterestMonthlyBasisPoints: number };

export type InstalmentDues = {
  /** Of the contract's amount, still owed (amount − paid − waived). */
  outstandingCents: number;
  interestCents: number;
  principalCents: number;
  /** Late fee and late interest owed on `today`, with what earlier late payments left unpaid. */
  chargesCents: number;
  daysLate: number;
  /** All of it, today. */
  totalCents: number;
};

/** What is still owed of the contract's interest (a payoff's waiver may have taken it all, and some principal). */
export function outstandingOf(instalment: InstalmentState) {
  const outstandingCents =
    instalment.amountCents - instalment.paidPrincipalCents - instalment.paidInterestCents - instalment.waivedInterestCents;
  const interestCents = Math.max(0, instalment.interestCents - instalment.paidInterestCents - instalment.waivedInterestCents);
  return { outstandingCents, interestCents, principalCents: outstandingCents - interestCents };
}

/**
 * An open instalment's dues on `today`. Late charges are recomputed from
 * its payments, in order: each late payment was charged on what was owed
 * then (the fee once, interest from the due date or from the previous late
 * payment, which paid the interest up to its day), and what it left of
 * those charges unpaid is still owed. So a second partial payment never
 * pays the fee twice nor loses what the first one could not cover.
 */
export function instalmentDuesOn(
  instalment: InstalmentState,
  history: readonly InstalmentPaymentRecord[],
  today: string,
  terms: LateTerms,
): InstalmentDues {
  let owed = instalment.amountCents;
  let unpaidCharges = 0;
  let interestFrom: string | undefined;
  let feeCharged = false;
  const chargesOn = (day: string) => {
    if (daysBetween(instalment.dueDate, day) <= 0) return 0;
    const charges = lateCharges({
      amountCents: owed,
      dueDate: instalment.dueDate,
      paidOn: day,
      interestFrom,
      includeFee: !feeCharged,
      ...terms,
    });
    feeCharged = true;
    interestFrom = day;
    return charges.totalCents;
  };
  for (const payment of history) {
    unpaidCharges = Math.max(0, unpaidCharges + chargesOn(payment.businessDate) - payment.chargesCents);
    owed -= payment.interestCents + payment.principalCents + payment.waivedInterestCents;
  }
  const { outstandingCents, interestCents, principalCents } = outstandingOf(instalment);
  const chargesCents = outstandingCents > 0 ? unpaidCharges + chargesOn(today) : unpaidCharges;
  return {
    outstandingCents,
    interestCents,
    principalCents,
    chargesCents,
    daysLate: Math.max(0, daysBetween(instalment.dueDate, today)),
    totalCents: outstandingCents + chargesCents,
  };
}
