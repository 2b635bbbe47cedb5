import { and, asc, desc, inArray, ne } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { creditInstalments, creditPayments, creditPlans } from "~/db/schema/credit";
import { daysBetween, shopToday } from "~/lib/dates";
import { customerIdsOfAccount } from "~/modules/customers/account-links.server";
import type { PixChargeResult } from "~/modules/pix/pix-charge";
import { pixChargeFor } from "~/modules/pix/pix-charge.server";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import { openInstalmentsOn } from "./payment-dues.server";
import { creditPixTxid, INSTALMENT_STATUS_LABELS, PLAN_STATUS_LABELS, type InstalmentStatus } from "./payment-labels";

/** More plans than a customer has in years; the page lists the newest. */
const ACCOUNT_PLANS_LIMIT = 20;

/** A customer's own plan as "Minha conta" shows it: the terms they signed, each instalment's status, and the next one to pay. */
export type AccountCreditPlan = {
  id: number;
  statusLabel: string;
  isActive: boolean;
  contractDate: string;
  financedCents: number;
  totalCents: number;
  instalmentCount: number;
  instalments: {
    number: number;
    dueDate: string;
    amountCents: number;
    status: InstalmentStatus;
    statusLabel: string;
    daysLate: number;
  }[];
  next: { number: number; dueDate: string; dueTodayCents: number; chargesCents: number; pix: PixChargeResult } | null;
  /** The payments made, each with its receipt's 2ª via; a cancelled one is listed as such. */
  payments: { id: number; paidAt: string; amountCents: number; isCancelled: boolean; receiptPath: string }[];
};

/** Where a customer opens the 2ª via of a payment receipt of their own plan. */
export const accountPaymentReceiptPath = (planId: number, paymentId: number) =>
  `/minha-conta/crediarios/${planId}/recibos/${paymentId}`;

/**
 * The signed-in customer's crediário plans, from the customer records
 * their account sees (customerIdsOfAccount, as their repairs): keyed only
 * by the session's user id, so nothing the customer sends can show
 * another's plan. The next open instalment carries what it costs today
 * (late charges included) and a PIX code for that amount.
 */
export async function listAccountCreditPlans(userId: string, today = shopToday()): Promise<AccountCreditPlan[]> {
  const customerIds = await customerIdsOfAccount(userId);
  if (customerIds.length === 0) return [];
  const db = await getDb();
  const plans = await db
    .select()
    .from(creditPlans)
    .where(and(inArray(creditPlans.customerId, customerIds), ne(creditPlans.status, "cancelled")))
    .orderBy(desc(creditPlans.createdAt), desc(creditPlans.id))
    .limit(ACCOUNT_PLANS_LIMIT);
  if (plans.length === 0) return [];
  const instalments = await db
    .select({
      planId: creditInstalments.planId,
      number: creditInstalments.number,
      dueDate: creditInstalments.dueDate,
      amountCents: creditInstalments.amountCents,
      settledAt: creditInstalments.settledAt,
    })
    .from(creditInstalments)
    .where(
      inArray(
        creditInstalments.planId,
        plans.map((plan) => plan.id),
      ),
    )
    .orderBy(asc(creditInstalments.number));
  const payments = await db
    .select({
      id: creditPayments.id,
      planId: creditPayments.planId,
      paidAt: creditPayments.paidAt,
      amountCents: creditPayments.amountCents,
      cancelledAt: creditPayments.cancelledAt,
    })
    .from(creditPayments)
    .where(
      inArray(
        creditPayments.planId,
        plans.map((plan) => plan.id),
      ),
    )
    .orderBy(asc(creditPayments.paidAt), asc(creditPayments.id));
  const settings = await getShopSettings();
  return Promise.all(
    plans.map(async (plan) => {
      const own = instalments.filter((instalment) => instalment.planId === plan.id);
      const [nextOpen] = plan.status === "active" ? await openInstalmentsOn(db, plan, today) : [];
      return {
        id: plan.id,
        statusLabel: PLAN_STATUS_LABELS[plan.status],
        isActive: plan.status === "active",
        contractDate: plan.contractDate,
        financedCents: plan.financedCents,
        totalCents: plan.totalCents,
        instalmentCount: plan.instalmentCount,
        instalments: own.map((instalment) => {
          const status: InstalmentStatus = instalment.settledAt ? "paid" : instalment.dueDate < today ? "overdue" : "open";
          return {
            number: instalment.number,
            dueDate: instalment.dueDate,
            amountCents: instalment.amountCents,
            status,
            statusLabel: INSTALMENT_STATUS_LABELS[status],
            daysLate: status === "overdue" ? daysBetween(instalment.dueDate, today) : 0,
          };
        }),
        next: nextOpen
          ? {
              number: nextOpen.number,
              dueDate: nextOpen.dueDate,
              dueTodayCents: nextOpen.dues.totalCents,
              chargesCents: nextOpen.dues.chargesCents,
              pix: await pixChargeFor(settings, {
                amountCents: nextOpen.dues.totalCents,
                txid: creditPixTxid(plan.id, nextOpen.number),
                description: `Crediário ${plan.id}`,
              }),
            }
          : null,
        payments: payments
          .filter((payment) => payment.planId === plan.id)
          .map((payment) => ({
            id: payment.id,
            paidAt: payment.paidAt.toISOString(),
            amountCents: payment.amountCents,
            isCancelled: payment.cancelledAt !== null,
            receiptPath: accountPaymentReceiptPath(plan.id, payment.id),
          })),
      };
    }),
  );
}
