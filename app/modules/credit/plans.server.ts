import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { inTransaction, type Transaction } from "~/db/client.server";
import { registerEntries, sales } from "~/db/schema/cash-register";
import { creditInstalments, creditPayments, creditPlans, debts } from "~/db/schema/credit";
import { customers } from "~/db/schema/customers";
import { serviceOrderPayments, serviceOrders } from "~/db/schema/service-orders";
import { shopToday } from "~/lib/dates";
import { InputError, type FieldErrors } from "~/lib/errors";
import { formText, idempotencyKeyField, moneyField, parseInput, requiredText } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import { centsToInput } from "~/lib/money";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import {
  closedRegisterOfEntryInTx,
  markRegisterEntryCancelledInTx,
  recordRegisterEntryInTx,
} from "~/modules/finance/register-entries.server";
import {
  addServiceOrderCreditPaymentInTx,
  addServiceOrderPaymentInTx,
  reverseServiceOrderPaymentInTx,
} from "~/modules/service-orders/mutations.server";
import { readShopSettingsInTx, type ShopSettings } from "~/modules/shop-settings/queries.server";
import { issueCreditContractInTx } from "./contract.server";
import { CreditPlanNotFoundError } from "./payment-errors";
import { recordDebtPaymentInTx } from "./debt-payments.server";
import {
  computeDisclosure,
  CREDIT_LIMITS,
  CreditTermsSchema,
  DOWN_PAYMENT_METHODS,
  termsProblems,
  FEE_PAID_WITH,
  type DownPaymentMethod,
  type FeePaidWith,
  type CreditSettings,
  type CreditSupplier,
  type CreditTerms,
  type PlanAmounts,
} from "./plan-terms";

/** How the audit log and issued documents name a plan ("credit_plan:12"). */
export const CREDIT_PLAN_ENTITY = "credit_plan";

export function creditPlanSubject(planId: number) {
  return `${CREDIT_PLAN_ENTITY}:${planId}`;
}

/** A plan the server refuses, with a message per field of the plan form. */
export class CreditPlanInputError extends InputError {
  override name = "CreditPlanInputError";
  constructor(fieldErrors: FieldErrors, status: 400 | 409 = 400) {
    super("credit-plan-refused", fieldErrors, status);
  }
}

export const PLAN_ORIGIN_KINDS = ["sale", "order", "debt"] as const;
export type PlanOriginKind = (typeof PLAN_ORIGIN_KINDS)[number];
export type PlanOrigin = { kind: PlanOriginKind; id: number };

export function creditSettingsOf(settings: ShopSettings): CreditSettings {
  return {
    maxMonthlyRateBasisPoints: settings.maxCreditMonthlyRateBasisPoints,
    lateFeeBasisPoints: settings.creditLateFeeBasisPoints,
    lateInterestMonthlyBasisPoints: settings.creditLateInterestMonthlyBasisPoints,
  };
}

export function creditSupplierOf(settings: ShopSettings): CreditSupplier {
  return {
    name: settings.name,
    legalName: settings.legalName,
    document: settings.cnpj,
    address: `${settings.address} – ${settings.city}/${settings.state} – CEP ${settings.cep}`,
    email: settings.email,
  };
}

/** What a plan is made from, as the form shows it before the terms. */
export type PlanSource = {
  origin: PlanOrigin;
  /** "Venda VENDA12", "OS nº 42", "Dívida nº 7 (venda anterior ao crediário)". */
  label: string;
  customerId: number;
  customerName: string;
  customerPhone: string;
  /** The sale's total, the order's open balance, what is left of the debt. */
  cashPriceCents: number;
  /** A sale's other payments are its down payment (already received); an order or a debt takes one now, or none. */
  fixedDownPaymentCents: number | null;
  /** Why no plan can be made from it now, or null. */
  refusal: string | null;
};

async function readSaleSourceInTx(tx: Transaction, saleId: number, lock: boolean): Promise<PlanSource | null> {
  const query = tx
    .select({
      id: sales.id,
      code: sales.code,
      status: sales.status,
      totalCents: sales.totalCents,
      customerId: sales.customerId,
      customerName: customers.name,
      customerPhone: customers.phone,
    })
    .from(sales)
    .leftJoin(customers, eq(customers.id, sales.customerId))
    .where(eq(sales.id, saleId));
  const [sale] = lock ? await query.for("update", { of: sales }) : await query;
  if (!sale) return null;
  const [owed] = await tx
    .select({ cents: sql<string>`coalesce(sum(${registerEntries.amountCents}), 0)` })
    .from(registerEntries)
    .where(and(eq(registerEntries.saleId, saleId), eq(registerEntries.method, "crediario"), isNull(registerEntries.cancelledAt)));
  const crediarioCents = Number(owed?.cents ?? 0);
  const [plan] = await tx
    .select({ id: creditPlans.id })
    .from(creditPlans)
    .where(and(eq(creditPlans.saleId, saleId), ne(creditPlans.status, "cancelled")));
  const [debt] = await tx.select({ id: debts.id }).from(debts).where(eq(debts.saleId, saleId));
  const refusal =
    sale.status === "cancelled"
      ? "Esta venda foi cancelada."
      : sale.customerId === null
        ? "A venda não tem cliente: o crediário fica no nome de alguém."
        : plan
          ? `Esta venda já tem o crediário nº ${plan.id}.`
          : debt
            ? `Esta venda está como dívida nº ${debt.id}: crie o crediário a partir da dívida.`
            : crediarioCents <= 0
              ? "Esta venda não ficou no crediário."
              : null;
  return {
    origin: { kind: "sale", id: sale.id },
    label: `Venda ${sale.code}`,
    customerId: sale.customerId ?? 0,
    customerName: sale.customerName ?? "",
    customerPhone: sale.customerPhone ?? "",
    cashPriceCents: sale.totalCents,
    fixedDownPaymentCents: sale.totalCents - crediarioCents,
    refusal,
  };
}

async function readOrderSourceInTx(tx: Transaction, orderId: number, lock: boolean): Promise<PlanSource | null> {
  const query = tx
    .select({
      id: serviceOrders.id,
      status: serviceOrders.status,
      linesTotalCents: serviceOrders.linesTotalCents,
      discountCents: serviceOrders.discountCents,
      paidCents: serviceOrders.paidCents,
      customerId: serviceOrders.customerId,
      customerName: customers.name,
      customerPhone: customers.phone,
    })
    .from(serviceOrders)
    .innerJoin(customers, eq(customers.id, serviceOrders.customerId))
    .where(eq(serviceOrders.id, orderId));
  const [order] = lock ? await query.for("update", { of: serviceOrders }) : await query;
  if (!order) return null;
  const [plan] = await tx
    .select({ id: creditPlans.id })
    .from(creditPlans)
    .where(and(eq(creditPlans.serviceOrderId, orderId), ne(creditPlans.status, "cancelled")));
  const balance = order.linesTotalCents - order.discountCents - order.paidCents;
  const refusal =
    order.status === "cancelled"
      ? "Esta OS foi cancelada."
      : plan
        ? `Esta OS já tem o crediário nº ${plan.id}.`
        : balance <= 0
          ? "Esta OS não tem saldo em aberto."
          : null;
  return {
    origin: { kind: "order", id: order.id },
    label: `OS nº ${order.id}`,
    customerId: order.customerId,
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    cashPriceCents: Math.max(0, balance),
    fixedDownPaymentCents: null,
    refusal,
  };
}

async function readDebtSourceInTx(tx: Transaction, debtId: number, lock: boolean): Promise<PlanSource | null> {
  const query = tx
    .select({
      id: debts.id,
      kind: debts.kind,
      description: debts.description,
      amountCents: debts.amountCents,
      paidCents: debts.paidCents,
      settledAt: debts.settledAt,
      cancelledAt: debts.cancelledAt,
      customerId: debts.customerId,
      customerName: customers.name,
      customerPhone: customers.phone,
    })
    .from(debts)
    .innerJoin(customers, eq(customers.id, debts.customerId))
    .where(eq(debts.id, debtId));
  const [debt] = lock ? await query.for("update", { of: debts }) : await query;
  if (!debt) return null;
  const refusal = debt.cancelledAt
    ? "Esta dívida foi cancelada."
    : debt.settledAt
      ? "Esta dívida já foi quitada ou virou crediário."
      : null;
  return {
    origin: { kind: "debt", id: debt.id },
    label: `Dívida nº ${debt.id} · ${debt.description}`,
    customerId: debt.customerId,
    customerName: debt.customerName,
    customerPhone: debt.customerPhone,
    cashPriceCents: debt.amountCents - debt.paidCents,
    fixedDownPaymentCents: null,
    refusal,
  };
}

/** The sale, order or debt a plan would be made from; null when it does not exist. */
export function readPlanSourceInTx(tx: Transaction, origin: PlanOrigin, { lock = false } = {}) {
  if (origin.kind === "sale") return readSaleSourceInTx(tx, origin.id, lock);
  if (origin.kind === "order") return readOrderSourceInTx(tx, origin.id, lock);
  return readDebtSourceInTx(tx, origin.id, lock);
}

/** What a new crediário of one customer can start from: open debts (fiados), and orders with a balance and no plan. */
export type CustomerPlanOrigins = {
  customer: { id: number; name: string };
  debts: { id: number; description: string; dueDate: string; owedCents: number }[];
  orders: { id: number; label: string; balanceCents: number }[];
};

/**
 * The customer's debts still open and service orders with a balance and no
 * plan, for /cdc/novo?cliente=<id>: staff choose one instead of typing its
 * number. Creating the plan checks the chosen one again (readPlanSourceInTx).
 */
export function listCustomerPlanOrigins(actor: Actor, customerId: number): Promise<CustomerPlanOrigins | null> {
  assertStaffActor(actor);
  return inTransaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!customer) return null;
    const openDebts = await tx
      .select({
        id: debts.id,
        description: debts.description,
        dueDate: debts.dueDate,
        owedCents: sql<number>`${debts.amountCents} - ${debts.paidCents}`,
      })
      .from(debts)
      .where(and(eq(debts.customerId, customerId), isNull(debts.settledAt), isNull(debts.cancelledAt)))
      .orderBy(debts.dueDate, debts.id)
      .limit(50);
    const balance = sql<number>`${serviceOrders.linesTotalCents} - ${serviceOrders.discountCents} - ${serviceOrders.paidCents}`;
    const orders = await tx
      .select({ id: serviceOrders.id, brand: serviceOrders.brand, model: serviceOrders.model, balanceCents: balance })
      .from(serviceOrders)
      .where(
        and(
          eq(serviceOrders.customerId, customerId),
          ne(serviceOrders.status, "cancelled"),
          sql`${balance} > 0`,
          sql`not exists (select 1 from ${creditPlans} where ${creditPlans.serviceOrderId} = ${serviceOrders.id} and ${creditPlans.status} <> 'cancelled')`,
        ),
      )
      .orderBy(serviceOrders.id)
      .limit(50);
    return {
      customer,
      debts: openDebts.map((debt) => ({ ...debt, owedCents: Number(debt.owedCents) })),
      orders: orders.map((order) => ({
        id: order.id,
        label: `OS nº ${order.id}${order.brand || order.model ? ` — ${`${order.brand ?? ""} ${order.model ?? ""}`.trim()}` : ""}`,
        balanceCents: Number(order.balanceCents),
      })),
    };
  });
}

export function getPlanSource(actor: Actor, origin: PlanOrigin) {
  assertStaffActor(actor);
  return inTransaction((tx) => readPlanSourceInTx(tx, origin));
}

const DOWN_PAYMENT_METHOD_MESSAGE = "Escolha como a entrada foi paga.";
const FEE_METHOD_MESSAGE = "Escolha como a tarifa é paga: agora, por uma forma de pagamento, ou financiada nas parcelas.";

/**
 * The registration fee and how it is paid (decision 0025): the same two
 * fields on /cdc/novo and with a crediário on the sale screen. A fee needs
 * its method; no fee, no method.
 */
export const CreditFeeSchema = z.object({
  fee: moneyField({ max: CREDIT_LIMITS.maxAmountCents }),
  feeMethod: z.enum(["", ...(Object.keys(FEE_PAID_WITH) as FeePaidWith[])], { error: FEE_METHOD_MESSAGE }).default(""),
});
export type CreditFeeInput = z.output<typeof CreditFeeSchema>;

/** What /cdc/novo posts: the origin (hidden), the terms, the fee and, for an order or a debt, the down payment. */
export const CreditPlanSchema = z.object({
  idempotencyKey: idempotencyKeyField(),
  originKind: z.enum(PLAN_ORIGIN_KINDS, { error: "Abra o crediário a partir de uma venda, OS ou dívida." }),
  originId: z
    .string({ error: "Abra o crediário a partir de uma venda, OS ou dívida." })
    .trim()
    .regex(/^\d{1,9}$/, "Abra o crediário a partir de uma venda, OS ou dívida.")
    .transform(Number),
  terms: CreditTermsSchema,
  ...CreditFeeSchema.shape,
  downPayment: moneyField({ max: CREDIT_LIMITS.maxAmountCents }),
  downPaymentMethod: z
    .enum(["", ...(Object.keys(DOWN_PAYMENT_METHODS) as DownPaymentMethod[])], { error: DOWN_PAYMENT_METHOD_MESSAGE })
    .default(""),
});

/** The plan form's fields, as the schema reads them (each input's name is the key of its message). */
export function creditPlanFormToInput(form: FormData) {
  return {
    idempotencyKey: formText(form, "idempotencyKey"),
    originKind: formText(form, "originKind"),
    originId: formText(form, "originId"),
    terms: {
      instalmentCount: formText(form, "instalmentCount"),
      monthlyRate: formText(form, "monthlyRate"),
      firstDueDate: formText(form, "firstDueDate"),
    },
    fee: formText(form, "fee"),
    downPayment: formText(form, "downPayment"),
    downPaymentMethod: formText(form, "downPaymentMethod"),
    feeMethod: formText(form, "feeMethod"),
  };
}

/** "terms.monthlyRate" → "monthlyRate": the form's inputs carry the terms' names bare. */
function flatFieldErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replace(/^terms\./, ""), message]));
}

function refuse(errors: FieldErrors) {
  return new CreditPlanInputError(flatFieldErrors(errors));
}

export type CreatedPlan = { planId: number; isReplay: boolean };

type Today = { today?: string };

/**
 * A plan from /cdc/novo, all or nothing: the origin locked, the terms
 * checked against the law and the shop's maximum rate, the down payment
 * received (an order's through its payment core, a debt's as a debt
 * payment), the financed part covering the order or settling the debt, the
 * plan and its instalments as the disclosure stated them, the contract
 * issued, the audit entry. A repeated submission returns the plan made.
 */
export async function createCreditPlanInTx(
  tx: Transaction,
  actor: Actor,
  rawInput: unknown,
  { today = shopToday() }: Today = {},
): Promise<CreatedPlan> {
  assertStaffActor(actor);
  const input = parseInput(CreditPlanSchema, rawInput, refuse);
  const key = { key: input.idempotencyKey, scope: "credit.plan.create", actorUserId: actor.userId, content: input };
  const { result, isReplay } = await runOnce(tx, key, async () => {
    const origin: PlanOrigin = { kind: input.originKind, id: input.originId };
    const source = await readPlanSourceInTx(tx, origin, { lock: true });
    if (!source) throw new CreditPlanInputError({ form: "Venda, OS ou dívida não encontrada." }, 409);
    if (source.refusal) throw new CreditPlanInputError({ form: source.refusal }, 409);
    const downPaymentCents = source.fixedDownPaymentCents ?? input.downPayment;
    if (source.fixedDownPaymentCents === null && downPaymentCents > 0 && input.downPaymentMethod === "") {
      throw new CreditPlanInputError({ downPaymentMethod: DOWN_PAYMENT_METHOD_MESSAGE });
    }
    const planId = await writePlanWithFeeInTx(tx, actor, source, downPaymentCents, input, input.terms, today);

    if (origin.kind === "order") {
      if (downPaymentCents > 0) {
        await addServiceOrderPaymentInTx(tx, actor, origin.id, {
          method: input.downPaymentMethod,
          amount: centsToInput(downPaymentCents),
          paidAt: "",
          note: `Entrada do crediário nº ${planId}`,
          idempotencyKey: `${input.idempotencyKey.slice(0, 80)}-entrada`,
        }).catch(downPaymentRefusal);
      }
      await addServiceOrderCreditPaymentInTx(tx, actor, origin.id, {
        amountCents: source.cashPriceCents - downPaymentCents,
        note: `Crediário nº ${planId}`,
      });
    } else if (origin.kind === "debt") {
      if (downPaymentCents > 0) {
        await recordDebtDownPaymentInTx(tx, actor, origin.id, downPaymentCents, input.downPaymentMethod as DownPaymentMethod);
      }
      await tx.update(debts).set({ settledAt: new Date() }).where(eq(debts.id, origin.id));
    }
    await issueCreditContractInTx(tx, actor, planId);
    return { planId };
  });
  return { ...result, isReplay };
}

export function createCreditPlan(actor: Actor, input: unknown, options?: Today) {
  return inTransaction((tx) => createCreditPlanInTx(tx, actor, input, options));
}

/** A refusal of the order's payment core is about the down payment: shown next to its fields. */
function downPaymentRefusal(error: unknown): never {
  if (error instanceof InputError) {
    const message = Object.values(error.fieldErrors)[0] ?? "Confira a entrada.";
    const field = "method" in error.fieldErrors || error.code === "register-closed" ? "downPaymentMethod" : "downPayment";
    throw new CreditPlanInputError({ [field]: message }, error.status === 409 ? 409 : 400);
  }
  throw error;
}

/** The down payment of a plan made from a debt: a debt payment through the register (the debt is settled by the plan right after). */
async function recordDebtDownPaymentInTx(
  tx: Transaction,
  actor: Actor,
  debtId: number,
  amountCents: number,
  method: DownPaymentMethod,
) {
  const [debt] = await tx.select().from(debts).where(eq(debts.id, debtId));
  if (!debt) throw new Error(`dívida ${debtId} sumiu durante o crediário`);
  await recordDebtPaymentInTx(tx, actor, debt, {
    amountCents,
    method,
    reason: `Entrada do crediário · dívida nº ${debtId}`,
    field: "downPaymentMethod",
  });
}

/**
 * A plan with its registration fee, as chosen on /cdc/novo or the sale
 * screen: a fee without its method is refused (with the terms' own problems,
 * if any: the person fixes everything at once); a financed fee goes into
 * the amount financed; one paid now enters through the register.
 */
async function writePlanWithFeeInTx(
  tx: Transaction,
  actor: Actor,
  source: PlanSource,
  downPaymentCents: number,
  fee: CreditFeeInput,
  terms: CreditTerms,
  today: string,
) {
  if (fee.fee > 0 && fee.feeMethod === "") {
    const amounts = { cashPriceCents: source.cashPriceCents, downPaymentCents, feeCents: fee.fee };
    const problems = termsProblems(amounts, terms, creditSettingsOf(await readShopSettingsInTx(tx)), today);
    throw new CreditPlanInputError({
      ...Object.fromEntries(problems.reverse().map((problem) => [problem.field, problem.message])),
      feeMethod: FEE_METHOD_MESSAGE,
    });
  }
  const feePaidWith = fee.fee > 0 ? (fee.feeMethod as FeePaidWith) : null;
  const amounts = {
    cashPriceCents: source.cashPriceCents,
    downPaymentCents,
    feeCents: fee.fee,
    feeFinanced: feePaidWith === "financed",
  };
  const planId = await writePlanInTx(tx, actor, source, amounts, terms, today, feePaidWith);
  if (feePaidWith !== null && feePaidWith !== "financed") {
    await recordFeeInTx(tx, actor, planId, source.customerId, fee.fee, feePaidWith, today);
  }
  return planId;
}

/**
 * The registration fee paid at the contract: money in through the register
 * (like a down payment), posted to finance as "Tarifa de cadastro do
 * crediário", and kept on the plan.
 */
async function recordFeeInTx(
  tx: Transaction,
  actor: Actor,
  planId: number,
  customerId: number,
  feeCents: number,
  method: DownPaymentMethod,
  today: string,
) {
  const { entryId } = await recordRegisterEntryInTx(
    tx,
    actor,
    {
      kind: "credit-payment",
      method,
      amountCents: feeCents,
      customerId,
      reason: `Crediário nº ${planId}: tarifa de cadastro`,
      field: "feeMethod",
      financeParts: [{ categoryKey: "credit-fee", amountCents: feeCents }],
    },
    today,
  ).catch(feeRefusal);
  await tx.update(creditPlans).set({ feeRegisterEntryId: entryId }).where(eq(creditPlans.id, planId));
}

/** A register refusal (cash with no register open) belongs next to the fee's method. */
function feeRefusal(error: unknown): never {
  if (error instanceof InputError) {
    throw new CreditPlanInputError(
      { feeMethod: Object.values(error.fieldErrors)[0] ?? FEE_METHOD_MESSAGE },
      error.status === 409 ? 409 : 400,
    );
  }
  throw error;
}

/** The plan's own rows: checked terms, the disclosure computed here, the plan, its instalments and the audit entry. */
async function writePlanInTx(
  tx: Transaction,
  actor: Actor,
  source: PlanSource,
  amounts: PlanAmounts,
  terms: CreditTerms,
  today: string,
  feePaidWith: FeePaidWith | null = null,
) {
  const settings = await readShopSettingsInTx(tx);
  const creditSettings = creditSettingsOf(settings);
  const problems = termsProblems(amounts, terms, creditSettings, today);
  if (problems.length > 0) {
    throw new CreditPlanInputError(Object.fromEntries(problems.reverse().map((problem) => [problem.field, problem.message])));
  }
  const disclosure = computeDisclosure(amounts, terms, creditSettings, creditSupplierOf(settings), today);
  const [plan] = await tx
    .insert(creditPlans)
    .values({
      customerId: source.customerId,
      saleId: source.origin.kind === "sale" ? source.origin.id : null,
      serviceOrderId: source.origin.kind === "order" ? source.origin.id : null,
      debtId: source.origin.kind === "debt" ? source.origin.id : null,
      cashPriceCents: disclosure.cashPriceCents,
      downPaymentCents: disclosure.downPaymentCents,
      feeCents: disclosure.feeCents,
      feePaidWith,
      financedCents: disclosure.financedCents,
      instalmentCount: disclosure.instalmentCount,
      monthlyRateBasisPoints: disclosure.monthlyRateBasisPoints,
      yearlyRateBasisPoints: disclosure.yearlyRateBasisPoints,
      cetMonthlyBasisPoints: disclosure.cetMonthlyBasisPoints,
      cetYearlyBasisPoints: disclosure.cetYearlyBasisPoints,
      contractDate: disclosure.contractDate,
      firstDueDate: terms.firstDueDate,
      instalmentCents: disclosure.instalmentCents,
      totalCents: disclosure.instalmentsTotalCents,
      lateFeeBasisPoints: disclosure.lateFeeBasisPoints,
      lateInterestMonthlyBasisPoints: disclosure.lateInterestMonthlyBasisPoints,
      disclosure,
      offerValidUntil: disclosure.offerValidUntil,
      createdByUserId: actor.userId,
      createdByLabel: actor.label,
    })
    .returning({ id: creditPlans.id });
  const planId = plan!.id;
  await tx.insert(creditInstalments).values(
    disclosure.instalments.map((instalment) => ({
      planId,
      customerId: source.customerId,
      number: instalment.number,
      dueDate: instalment.dueDate,
      amountCents: instalment.amountCents,
      principalCents: instalment.principalCents,
      interestCents: instalment.interestCents,
    })),
  );
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "credit.plan.create",
    entity: CREDIT_PLAN_ENTITY,
    entityId: String(planId),
    details: {
      origin: source.origin,
      customerId: source.customerId,
      cashPriceCents: disclosure.cashPriceCents,
      downPaymentCents: disclosure.downPaymentCents,
      feeCents: disclosure.feeCents,
      feePaidWith,
      financedCents: disclosure.financedCents,
      instalmentCount: disclosure.instalmentCount,
      monthlyRateBasisPoints: disclosure.monthlyRateBasisPoints,
      totalCents: disclosure.instalmentsTotalCents,
    },
  });
  return planId;
}

/** What the sale screen posts with a crediário payment: the plan's terms and fee (no separate down payment: the sale's other payments are it). */
export type SaleCreditPlanInput = {
  saleId: number;
  customerId: number;
  saleLabel: string;
  /** The sale's total. */
  cashPriceCents: number;
  /** What the sale's crediário payments add up to. */
  financedCents: number;
  terms: CreditTerms;
  /** The registration fee and how it is paid, as the screen posted them (CreditFeeSchema, checked here). */
  fee: unknown;
};

/**
 * The crediário of a sale, opened in the sale's transaction (the register's
 * sale calls it): the plan and its instalments from the terms the screen
 * showed with their disclosure, its registration fee as /cdc/novo takes it,
 * and its contract. A refusal (a rate above the maximum, a first due date
 * out of range, a fee without its method) refuses the sale.
 */
export async function openCreditPlanInTx(tx: Transaction, actor: Actor, input: SaleCreditPlanInput) {
  assertStaffActor(actor);
  const [customer] = await tx
    .select({ name: customers.name, phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, input.customerId));
  const source: PlanSource = {
    origin: { kind: "sale", id: input.saleId },
    label: input.saleLabel,
    customerId: input.customerId,
    customerName: customer?.name ?? "",
    customerPhone: customer?.phone ?? "",
    cashPriceCents: input.cashPriceCents,
    fixedDownPaymentCents: input.cashPriceCents - input.financedCents,
    refusal: null,
  };
  const fee = parseInput(CreditFeeSchema, input.fee ?? {}, refuse);
  const planId = await writePlanWithFeeInTx(tx, actor, source, source.fixedDownPaymentCents!, fee, input.terms, shopToday());
  await issueCreditContractInTx(tx, actor, planId);
  return { planId };
}

export const CancelPlanSchema = z.object({
  reason: requiredText("o motivo do cancelamento", { min: 3, max: CREDIT_LIMITS.cancelReason }),
});

/**
 * Cancels a plan with a reason (audited). Refused once a payment exists:
 * its payments are cancelled first. What the plan carried goes back where
 * it came from: an order's balance reopens (its crediário payment is
 * reversed), a debt reopens, a sale's crediário waits for a new plan.
 */
export async function cancelCreditPlanInTx(
  tx: Transaction,
  actor: Actor,
  planId: number,
  rawInput: unknown,
  { withSale = false }: { withSale?: boolean } = {},
) {
  assertStaffActor(actor);
  const { reason } = parseInput(CancelPlanSchema, rawInput, refuse);
  const [plan] = await tx.select().from(creditPlans).where(eq(creditPlans.id, planId)).for("update");
  if (!plan) throw new CreditPlanNotFoundError(`Crediário nº ${planId} não encontrado.`);
  if (plan.status === "cancelled") return { planId, wasCancelled: true };
  const [payment] = await tx
    .select({ id: creditPayments.id })
    .from(creditPayments)
    .where(and(eq(creditPayments.planId, planId), isNull(creditPayments.cancelledAt)))
    .limit(1);
  if (payment) {
    throw new CreditPlanInputError(
      { form: "Este crediário já tem pagamentos: cancele os pagamentos no extrato antes de cancelar o crediário." },
      409,
    );
  }
  const now = new Date();
  await tx
    .update(creditPlans)
    .set({ status: "cancelled", cancelledAt: now, cancelledByLabel: actor.label, cancelReason: reason })
    .where(eq(creditPlans.id, planId));
  // The fee paid at the contract goes back while its register is open; once closed, a refund is the shop's (Finance).
  if (plan.feeRegisterEntryId !== null && (await closedRegisterOfEntryInTx(tx, plan.feeRegisterEntryId)) === null) {
    await markRegisterEntryCancelledInTx(tx, actor, plan.feeRegisterEntryId, reason);
  }
  if (plan.serviceOrderId !== null) await reverseOrderCreditPaymentInTx(tx, actor, plan, reason);
  if (plan.debtId !== null) await tx.update(debts).set({ settledAt: null }).where(eq(debts.id, plan.debtId));
  // A sale's plan cancelled on its own: the sale is still owed (a debt the debtors page lists; a new plan can take it).
  if (plan.saleId !== null && !withSale) {
    const [sale] = await tx.select({ code: sales.code }).from(sales).where(eq(sales.id, plan.saleId));
    await tx.insert(debts).values({
      customerId: plan.customerId,
      kind: "sale",
      saleId: plan.saleId,
      description: `Venda ${sale?.code ?? plan.saleId} (crediário nº ${planId} cancelado)`,
      amountCents: plan.financedCents - (plan.feePaidWith === "financed" ? plan.feeCents : 0),
      incurredOn: plan.contractDate,
      dueDate: shopToday(),
      createdByUserId: actor.userId,
      createdByLabel: actor.label,
    });
  }
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "credit.plan.cancel",
    entity: CREDIT_PLAN_ENTITY,
    entityId: String(planId),
    details: { reason, financedCents: plan.financedCents, customerId: plan.customerId },
  });
  return { planId, wasCancelled: false };
}

export function cancelCreditPlan(actor: Actor, planId: number, input: unknown) {
  return inTransaction((tx) => cancelCreditPlanInTx(tx, actor, planId, input));
}

/** The order's crediário payment taken back: its balance is owed again, outside any plan. */
async function reverseOrderCreditPaymentInTx(
  tx: Transaction,
  actor: Actor,
  plan: typeof creditPlans.$inferSelect,
  reason: string,
) {
  const [entry] = await tx
    .select({ id: registerEntries.id, paymentId: serviceOrderPayments.id })
    .from(serviceOrderPayments)
    .innerJoin(registerEntries, eq(registerEntries.serviceOrderPaymentId, serviceOrderPayments.id))
    .where(
      and(
        eq(serviceOrderPayments.orderId, plan.serviceOrderId!),
        eq(serviceOrderPayments.method, "crediario"),
        eq(serviceOrderPayments.amountCents, plan.financedCents - (plan.feePaidWith === "financed" ? plan.feeCents : 0)),
        isNull(registerEntries.cancelledAt),
      ),
    )
    .orderBy(desc(serviceOrderPayments.id))
    .limit(1);
  if (!entry) return;
  // A crediário entry moves no money: cancelling it changes no register's counted cash, even a closed one.
  await markRegisterEntryCancelledInTx(tx, actor, entry.id, reason);
  await reverseServiceOrderPaymentInTx(tx, actor, entry.paymentId, reason);
}

/** A sale's plan, cancelled with the sale (its stock and entries come back there); refused once it has payments. */
export async function cancelSaleCreditPlanInTx(tx: Transaction, actor: Actor, saleId: number, reason: string) {
  const [plan] = await tx
    .select({ id: creditPlans.id })
    .from(creditPlans)
    .where(and(eq(creditPlans.saleId, saleId), ne(creditPlans.status, "cancelled")));
  if (plan) await cancelCreditPlanInTx(tx, actor, plan.id, { reason }, { withSale: true });
  // What a plan cancelled earlier left owed goes with the sale.
  await tx
    .update(debts)
    .set({ cancelledAt: new Date(), cancelledByLabel: actor.label, cancelReason: reason })
    .where(and(eq(debts.saleId, saleId), isNull(debts.settledAt), isNull(debts.cancelledAt)));
}
