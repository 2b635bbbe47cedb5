import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { foldedContains } from "~/db/search-fold";
import { getDb } from "~/db/client.server";
import { creditInstalments, creditPayments, creditPlans, type CreditPlanStatus } from "~/db/schema/credit";
import { customers } from "~/db/schema/customers";
import { daysBetween } from "~/lib/dates";
import { searchTextOf } from "~/lib/text-input";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import type { CreditDisclosure } from "./plan-terms";

export const CREDIT_PLAN_PAGE_SIZE = 25;
const MAX_PAGE = 1_000;

/**
 * The list's status filter: a plan's own status, "overdue" (active with an
 * instalment past due) or "due-today" (active with an instalment falling due
 * today: the Painel's "parcelas de crediário que vencem hoje" links here).
 */
export const PLAN_LIST_STATUSES = ["", "active", "overdue", "due-today", "paid", "cancelled"] as const;
export type PlanListStatus = (typeof PLAN_LIST_STATUSES)[number];

export const PLAN_STATUS_LABELS: Record<CreditPlanStatus, string> = { active: "Ativo", paid: "Quitado", cancelled: "Cancelado" };

export function isPlanListStatus(value: string): value is PlanListStatus {
  return (PLAN_LIST_STATUSES as readonly string[]).includes(value);
}

/** An open instalment falling due on `today`. */
function dueTodayExists(today: string) {
  return sql`exists (select 1 from ${creditInstalments} where ${creditInstalments.planId} = ${creditPlans.id} and ${creditInstalments.settledAt} is null and ${creditInstalments.dueDate} = ${today})`;
}

/** An open instalment past its due date on `today` (a parameter: tests and the journey move the clock). */
function overdueExists(today: string) {
  return sql`exists (select 1 from ${creditInstalments} where ${creditInstalments.planId} = ${creditPlans.id} and ${creditInstalments.settledAt} is null and ${creditInstalments.dueDate} < ${today})`;
}

function searchCondition(search: string): SQL | undefined {
  const text = searchTextOf(search, 100);
  if (text === "") return undefined;
  const digits = text.replace(/\D/g, "");
  const conditions: (SQL | undefined)[] = [foldedContains(customers.name, text)];
  if (digits !== "" && /^[\d\s().+-]+$/.test(text)) {
    if (digits.length <= 9) conditions.push(eq(creditPlans.id, Number(digits)));
    if (digits.length >= 4) conditions.push(sql`${customers.phone} like ${`%${digits}%`}`);
  }
  return or(...conditions);
}

export type CreditPlanListRow = {
  id: number;
  customerId: number;
  customerName: string;
  customerPhone: string;
  status: CreditPlanStatus;
  financedCents: number;
  instalmentCount: number;
  instalmentCents: number;
  contractDate: string;
  nextDueDate: string | null;
  isOverdue: boolean;
};

/** /cdc: newest first, searched by customer name, phone or plan number, filtered by status. */
export async function listCreditPlans(
  actor: Actor,
  { search, status, page, today }: { search: string; status: PlanListStatus; page: number; today: string },
) {
  assertStaffActor(actor);
  const safePage = Number.isSafeInteger(page) ? Math.min(Math.max(page, 1), MAX_PAGE) : 1;
  const db = await getDb();
  const statusCondition =
    status === "overdue"
      ? and(eq(creditPlans.status, "active"), overdueExists(today))
      : status === "due-today"
        ? and(eq(creditPlans.status, "active"), dueTodayExists(today))
        : status === ""
          ? undefined
          : eq(creditPlans.status, status);
  const rows = await db
    .select({
      id: creditPlans.id,
      customerId: creditPlans.customerId,
      customerName: customers.name,
      customerPhone: customers.phone,
      status: creditPlans.status,
      financedCents: creditPlans.financedCents,
      instalmentCount: creditPlans.instalmentCount,
      instalmentCents: creditPlans.instalmentCents,
      contractDate: creditPlans.contractDate,
      nextDueDate: sql<
        string | null
      >`(select min(${creditInstalments.dueDate})::text from ${creditInstalments} where ${creditInstalments.planId} = ${creditPlans.id} and ${creditInstalments.settledAt} is null)`,
    })
    .from(creditPlans)
    .innerJoin(customers, eq(customers.id, creditPlans.customerId))
    .where(and(statusCondition, searchCondition(search)))
    .orderBy(desc(creditPlans.id))
    .limit(CREDIT_PLAN_PAGE_SIZE + 1)
    .offset((safePage - 1) * CREDIT_PLAN_PAGE_SIZE);
  return {
    rows: rows.slice(0, CREDIT_PLAN_PAGE_SIZE).map((row): CreditPlanListRow => ({
      ...row,
      isOverdue: row.status === "active" && row.nextDueDate !== null && row.nextDueDate < today,
    })),
    page: safePage,
    hasNextPage: rows.length > CREDIT_PLAN_PAGE_SIZE,
  };
}

/**
 * Instalments falling due on `today` still open on active plans: how many
 * plans (the rows /cdc?situacao=due-today lists), how many instalments and
 * what is left of them. Read from the open instalments' due-date index.
 */
export async function instalmentsDueOn(actor: Actor, today: string) {
  assertStaffActor(actor);
  const db = await getDb();
  const [row] = await db
    .select({
      plans: sql<number>`count(distinct ${creditInstalments.planId})::int`,
      instalments: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${creditInstalments.amountCents} - ${creditInstalments.paidPrincipalCents} - ${creditInstalments.paidInterestCents} - ${creditInstalments.waivedInterestCents}), 0)::int`,
    })
    .from(creditInstalments)
    .innerJoin(creditPlans, eq(creditPlans.id, creditInstalments.planId))
    .where(
      and(sql`${creditInstalments.settledAt} is null`, eq(creditInstalments.dueDate, today), eq(creditPlans.status, "active")),
    );
  return { plans: Number(row?.plans ?? 0), instalments: Number(row?.instalments ?? 0), cents: Number(row?.cents ?? 0) };
}

export type InstalmentStatus = "open" | "paid" | "overdue";

/** One plan with its customer, terms, disclosure, schedule (each instalment's status on `today`) and payments; null when unknown. */
export async function getCreditPlan(actor: Actor, planId: number, { today }: { today: string }) {
  assertStaffActor(actor);
  const db = await getDb();
  const [row] = await db
    .select({ plan: creditPlans, customerName: customers.name, customerPhone: customers.phone })
    .from(creditPlans)
    .innerJoin(customers, eq(customers.id, creditPlans.customerId))
    .where(eq(creditPlans.id, planId));
  if (!row) return null;
  const [instalments, payments] = await Promise.all([
    db.select().from(creditInstalments).where(eq(creditInstalments.planId, planId)).orderBy(asc(creditInstalments.number)),
    db
      .select({
        id: creditPayments.id,
        kind: creditPayments.kind,
        method: creditPayments.method,
        amountCents: creditPayments.amountCents,
        chargesCents: creditPayments.chargesCents,
        interestCents: creditPayments.interestCents,
        principalCents: creditPayments.principalCents,
        paidAt: creditPayments.paidAt,
        actorLabel: creditPayments.actorLabel,
        cancelledAt: creditPayments.cancelledAt,
      })
      .from(creditPayments)
      .where(eq(creditPayments.planId, planId))
      .orderBy(asc(creditPayments.paidAt)),
  ]);
  const { plan } = row;
  return {
    id: plan.id,
    status: plan.status,
    customerId: plan.customerId,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    origin: plan.saleId
      ? { kind: "sale" as const, id: plan.saleId }
      : plan.serviceOrderId
        ? { kind: "order" as const, id: plan.serviceOrderId }
        : { kind: "debt" as const, id: plan.debtId! },
    disclosure: plan.disclosure as unknown as CreditDisclosure,
    createdByLabel: plan.createdByLabel,
    createdAt: plan.createdAt.toISOString(),
    cancelledAt: plan.cancelledAt?.toISOString() ?? null,
    cancelledByLabel: plan.cancelledByLabel,
    cancelReason: plan.cancelReason,
    instalments: instalments.map((instalment) => {
      const paidCents = instalment.paidPrincipalCents + instalment.paidInterestCents;
      const isOverdue = instalment.settledAt === null && instalment.dueDate < today;
      return {
        id: instalment.id,
        number: instalment.number,
        dueDate: instalment.dueDate,
        amountCents: instalment.amountCents,
        principalCents: instalment.principalCents,
        interestCents: instalment.interestCents,
        paidCents,
        chargesPaidCents: instalment.paidChargesCents,
        status: (instalment.settledAt ? "paid" : isOverdue ? "overdue" : "open") as InstalmentStatus,
        daysOverdue: isOverdue ? daysBetween(instalment.dueDate, today) : 0,
      };
    }),
    payments: payments.map((payment) => ({
      ...payment,
      paidAt: payment.paidAt.toISOString(),
      cancelledAt: payment.cancelledAt?.toISOString() ?? null,
    })),
    hasPayments: payments.some((payment) => payment.cancelledAt === null),
  };
}

export type CreditPlanDetail = NonNullable<Awaited<ReturnType<typeof getCreditPlan>>>;
