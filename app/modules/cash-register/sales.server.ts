import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import {
  cashRegisters,
  registerEntries,
  registerIsClosed,
  saleItems,
  saleReturns,
  sales,
  storeCreditMovements,
} from "~/db/schema/cash-register";
import { customers } from "~/db/schema/customers";
import { productUnits, products } from "~/db/schema/inventory";
import { InputError, NotFoundError, type FieldErrors } from "~/lib/errors";
import { parseInput } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import { formatCents } from "~/lib/money";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { cancelSaleCreditPlanInTx, openCreditPlanInTx } from "~/modules/credit/plans.server";
import { CreditTermsSchema } from "~/modules/credit/plan-terms";
import { cancelPostingsInTx, REGISTER_ENTRY_ORIGIN } from "~/modules/finance/ledger.server";
import { lockOpenRegisterInTx, recordRegisterEntryInTx } from "~/modules/finance/register-entries.server";
import { recordStockMovementInTx } from "~/modules/inventory/stock-ledger.server";
import { shopToday } from "~/lib/dates";
import { reverseLoyaltyForRegisterEntriesInTx } from "~/modules/loyalty/ledger.server";
import { checkPostedLevelDiscount, MANUAL_ON_TOP_OF_LEVEL_MESSAGE } from "~/modules/loyalty/level-discount";
import { loyaltyStanding } from "~/modules/loyalty/programme.server";
import type { LoyaltyLevel } from "~/modules/loyalty/rules";
import { assertPixAvailable } from "~/modules/pix/pix-charge";
import { readShopSettingsInTx } from "~/modules/shop-settings/queries.server";
import { computeSaleTotals } from "./sale-totals";
import { SaleCancelSchema, SaleSchema, type SaleInput } from "./sale-validation";

/** How the audit log and the stock ledger name a sale ("sale:12"). */
export const SALE_ENTITY = "sale";

export function saleOrigin(saleId: number) {
  return `${SALE_ENTITY}:${saleId}`;
}

/** "VENDA12": the receipt's name for the sale and the txid of its PIX code (letters and digits only, BR Code field 62/05). */
export function saleCode(saleId: number) {
  return `VENDA${saleId}`;
}

/** A sale's input the server refuses, with a message per field of the sale screen. */
export class SaleInputError extends InputError {
  override name = "SaleInputError";
  constructor(fieldErrors: FieldErrors, status: 400 | 409 = 400) {
    super("sale-refused", fieldErrors, status);
  }
}

export class SaleNotFoundError extends NotFoundError {
  override name = "SaleNotFoundError";
  constructor(saleId: number) {
    super(`Venda nº ${saleId} não encontrada.`);
  }
}

/** A refusal of the crediário's terms, next to the sale screen's terms fields ("credit.monthlyRate"). */
function creditRefusal(fieldErrors: FieldErrors) {
  const prefixed = Object.entries(fieldErrors).map(([field, message]) => [
    field === "form" ? "form" : `credit.${field.replace(/^terms\./, "")}`,
    message,
  ]);
  return new SaleInputError(Object.fromEntries(prefixed));
}

export type RecordedSale = {
  saleId: number;
  code: string;
  totalCents: number;
  changeCents: number;
  /** The crediário the sale opened, if any: its contract is printed from the plan's page. */
  creditPlanId: number | null;
  isReplay: boolean;
};

/**
 * A sale at the counter, all or nothing in the caller's transaction: the
 * sale and its items at the prices the server reads, the stock out through
 * the ledger (which locks each product: two sales of the last unit queue and
 * the second is refused), one register entry per payment. A repeated
 * submission of the same screen (same idempotency key) returns the sale
 * already recorded.
 */
export async function recordSaleInTx(tx: Transaction, actor: Actor, rawInput: unknown): Promise<RecordedSale> {
  assertStaffActor(actor);
  const input = parseInput(SaleSchema, rawInput, (errors) => new SaleInputError(errors));
  const key = { key: input.idempotencyKey, scope: "sale.record", actorUserId: actor.userId, content: input };
  const { result, isReplay } = await runOnce(tx, key, () => writeSale(tx, actor, input));
  return { ...result, isReplay };
}

export function recordSale(actor: Actor, input: unknown) {
  return inTransaction((tx) => recordSaleInTx(tx, actor, input));
}

type SoldProduct = Pick<
  typeof products.$inferSelect,
  "id" | "kind" | "name" | "priceCents" | "isSerialised" | "revenueSource" | "archivedAt"
>;

async function readSoldProducts(tx: Transaction, input: SaleInput) {
  const ids = [...new Set(input.items.map((item) => item.productId))];
  const rows = await tx
    .select({
      id: products.id,
      kind: products.kind,
      name: products.name,
      priceCents: products.priceCents,
      isSerialised: products.isSerialised,
      revenueSource: products.revenueSource,
      archivedAt: products.archivedAt,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map<number, SoldProduct>(rows.map((row) => [row.id, row]));
  const unitIds = input.items.flatMap((item) => (item.unitId === null ? [] : [item.unitId]));
  const units =
    unitIds.length === 0
      ? []
      : await tx
          .select({ id: productUnits.id, productId: productUnits.productId, serial: productUnits.serial })
          .from(productUnits)
          .where(inArray(productUnits.id, unitIds));
  const unitById = new Map(units.map((unit) => [unit.id, unit]));

  const errors: FieldErrors = {};
  const seenUnits = new Set<number>();
  const lines = input.items.map((item, index) => {
    const product = byId.get(item.productId);
    if (!product) {
      errors[`items.${index}.productId`] = "Produto não encontrado.";
      return null;
    }
    if (product.archivedAt) errors[`items.${index}.productId`] = `“${product.name}” foi arquivado e não é mais vendido.`;
    let serial: string | null = null;
    if (product.isSerialised) {
      const unit = item.unitId === null ? undefined : unitById.get(item.unitId);
      if (!unit || unit.productId !== product.id) {
        errors[`items.${index}.unitId`] = `Escolha o IMEI/número de série de “${product.name}”.`;
      } else if (seenUnits.has(unit.id)) {
        errors[`items.${index}.unitId`] = `A unidade ${unit.serial} já está na venda.`;
      } else {
        seenUnits.add(unit.id);
        serial = unit.serial;
      }
      if (item.quantity !== 1) errors[`items.${index}.quantity`] = "Cada unidade com IMEI/série é uma linha de quantidade 1.";
    } else if (item.unitId !== null) {
      errors[`items.${index}.unitId`] = `“${product.name}” não tem unidades com IMEI/série.`;
    }
    return { item, product, serial };
  });
  if (Object.keys(errors).length > 0) throw new SaleInputError(errors);
  return lines.map((line) => line!);
}

/** A customer's store credit: what returns granted minus what sales spent. */
export async function readStoreCreditBalanceInTx(tx: Transaction, customerId: number) {
  const [row] = await tx
    .select({ balance: sql<string>`coalesce(sum(${storeCreditMovements.amountCents}), 0)` })
    .from(storeCreditMovements)
    .where(eq(storeCreditMovements.customerId, customerId));
  return Number(row?.balance ?? 0);
}

async function checkCustomerInTx(tx: Transaction, input: SaleInput) {
  const needsCustomer = input.payments.findIndex(
    (payment) => payment.method === "crediario" || payment.method === "store-credit",
  );
  if (input.customerId === null) {
    if (needsCustomer >= 0) {
      throw new SaleInputError({ customerId: "Escolha o cliente: crediário e crédito na loja ficam no nome dele." });
    }
    return;
  }
  // Locked: two sales spending the same store credit at once queue here, and the second sees the first's spending.
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, input.customerId))
    .for("update");
  if (!customer) throw new SaleInputError({ customerId: "Cliente não encontrado." });
  const creditSpent = input.payments.reduce((sum, payment) => sum + (payment.method === "store-credit" ? payment.amount : 0), 0);
  if (creditSpent > 0) {
    const balance = await readStoreCreditBalanceInTx(tx, customer.id);
    if (creditSpent > balance) {
      const index = input.payments.findIndex((payment) => payment.method === "store-credit");
      throw new SaleInputError(
        { [`payments.${index}.amount`]: `O cliente tem ${formatCents(balance)} de crédito na loja.` },
        409,
      );
    }
  }
}

/** Where the sale screen shows the loyalty refusals. */
export const SALE_LOYALTY_FIELD = "loyaltyBasisPoints";

/**
 * The loyalty level's discount staff applied with one tap, checked on the
 * server: the sale needs a customer whose level (programme on) offers at
 * least the posted percentage, and service items to apply it to; the amount
 * is recomputed from the level, never taken from the page. A manual discount
 * on top of it is the owner's decision. Null when none was applied.
 */
async function checkLoyaltyDiscountInTx(tx: Transaction, actor: Actor, input: SaleInput, serviceItemsCents: number) {
  if (input.loyaltyBasisPoints === null) return null;
  if (input.customerId === null) {
    throw new SaleInputError({ [SALE_LOYALTY_FIELD]: "Escolha o cliente: o desconto de fidelidade é o do nível dele." });
  }
  const standing = await loyaltyStanding(tx, input.customerId, shopToday());
  if (!standing.rules.enabled) {
    throw new SaleInputError({ [SALE_LOYALTY_FIELD]: "O programa de fidelidade está desligado: não há desconto de nível." });
  }
  const checked = checkPostedLevelDiscount(standing.level, input.loyaltyBasisPoints, serviceItemsCents);
  if (!checked.ok) throw new SaleInputError({ [SALE_LOYALTY_FIELD]: checked.message });
  if (serviceItemsCents <= 0) {
    throw new SaleInputError({
      [SALE_LOYALTY_FIELD]:
        "O desconto de fidelidade vale para serviços, não para produtos vendidos sozinhos: a venda não tem serviço.",
    });
  }
  const hasManual = input.discount > 0 || input.items.some((item) => item.discount > 0);
  if (hasManual && actor.role !== "owner") throw new SaleInputError({ discount: MANUAL_ON_TOP_OF_LEVEL_MESSAGE });
  return { level: standing.level!, points: standing.points };
}

/** The advisory lock a sale holds while it takes its number (any constant no other lock uses: "VEND" in ASCII). */
const SALE_NUMBER_LOCK = 0x56454e44;

async function writeSale(tx: Transaction, actor: Actor, input: SaleInput) {
  const lines = await readSoldProducts(tx, input);
  const settings = await readShopSettingsInTx(tx);
  // The sale page shows a PIX code to the shop's key: refused while there is none (or only the demo's).
  if (input.payments.some((payment) => payment.method === "pix")) assertPixAvailable(settings);
  const totalsOf = (loyaltyLevel: LoyaltyLevel | null) =>
    computeSaleTotals({
      lines: lines.map(({ item, product }) => ({
        unitPriceCents: product.priceCents,
        quantity: item.quantity,
        discountCents: item.discount,
        isService: product.kind === "service",
      })),
      discountCents: input.discount,
      payments: input.payments.map((payment) => ({
        method: payment.method,
        amountCents: payment.amount,
        tenderedCents: payment.tendered === 0 ? null : payment.tendered,
      })),
      pixDiscountBasisPoints: settings.pixDiscountBasisPoints,
      loyaltyLevel,
    });
  const loyalty = await checkLoyaltyDiscountInTx(tx, actor, input, totalsOf(null).totals.serviceItemsCents);
  const { totals, errors } = totalsOf(loyalty?.level ?? null);
  if (Object.keys(errors).length > 0) throw new SaleInputError(errors);
  if (input.expectedTotal !== null && input.expectedTotal !== totals.totalCents) {
    throw new SaleInputError(
      {
        form: `Os preços mudaram enquanto a venda era feita: o total agora é ${formatCents(totals.totalCents)}. Confira e envie de novo.`,
      },
      409,
    );
  }
  await checkCustomerInTx(tx, input);
  const crediarioCents = input.payments.reduce((sum, payment) => sum + (payment.method === "crediario" ? payment.amount : 0), 0);
  const creditTerms = crediarioCents > 0 ? parseInput(CreditTermsSchema, input.credit ?? {}, creditRefusal) : null;
  const register = await lockOpenRegisterInTx(tx);

  // Sale numbers without gaps: a sequence hands out a number even to a sale refused later (stock, cash with no register,
  // crediário), so the number is the next after the last sale, taken under a lock held until this transaction ends:
  // a refused sale rolls back and leaves its number to the next one. The sequence is moved along for other writers.
  await tx.execute(sql`select pg_advisory_xact_lock(${SALE_NUMBER_LOCK})`);
  const idResult = await tx.execute(sql`select (coalesce(max(id), 0) + 1)::int as id from sales`);
  const saleId = Number((idResult.rows[0] as { id: unknown }).id);
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('sales', 'id'), greatest(${saleId}, (select last_value from sales_id_seq)))`,
  );
  const code = saleCode(saleId);
  await tx.insert(sales).values({
    id: saleId,
    registerId: register?.id ?? null,
    customerId: input.customerId,
    itemsTotalCents: totals.itemsTotalCents,
    discountCents: totals.discountCents,
    loyaltyDiscountCents: totals.loyaltyDiscountCents,
    loyaltyLevelName: loyalty ? loyalty.level.name : null,
    loyaltyDiscountBasisPoints: loyalty ? loyalty.level.discountBasisPoints : null,
    totalCents: totals.totalCents,
    code,
    createdByUserId: actor.userId,
    createdByLabel: actor.label,
  });

  // Products are locked in id order, so two sales of the same products queue instead of deadlocking.
  const unitCosts = new Map<number, number>();
  const stockOrder = lines
    .map((line, index) => ({ ...line, index }))
    .filter((line) => line.product.kind !== "service")
    .sort((a, b) => a.product.id - b.product.id || (a.item.unitId ?? 0) - (b.item.unitId ?? 0));
  for (const line of stockOrder) {
    const moved = await recordStockMovementInTx(tx, actor, {
      productId: line.product.id,
      kind: "sale",
      quantity: -line.item.quantity,
      unitId: line.item.unitId,
      origin: saleOrigin(saleId),
      field: line.product.isSerialised ? `items.${line.index}.unitId` : `items.${line.index}.quantity`,
    });
    unitCosts.set(line.index, moved.unitCostCents);
  }

  await tx.insert(saleItems).values(
    lines.map(({ item, product, serial }, index) => {
      const amounts = totals.lines[index]!;
      return {
        saleId,
        position: index,
        productId: product.id,
        unitId: item.unitId,
        description: serial ? `${product.name} · ${serial}` : product.name,
        quantity: item.quantity,
        unitPriceCents: product.priceCents,
        discountCents: amounts.discountCents,
        totalCents: amounts.totalCents,
        unitCostCents: unitCosts.get(index) ?? 0,
        revenueSource: product.revenueSource,
      };
    }),
  );

  for (const [index, payment] of input.payments.entries()) {
    const isCash = payment.method === "cash";
    await recordRegisterEntryInTx(tx, actor, {
      kind: "sale",
      method: payment.method,
      amountCents: payment.amount,
      tenderedCents: isCash ? Math.max(payment.tendered, payment.amount) : null,
      instalments: payment.method === "credit" ? payment.instalments : null,
      saleId,
      customerId: input.customerId,
      reason: code,
      field: `payments.${index}.method`,
    });
    if (payment.method === "store-credit") {
      await tx.insert(storeCreditMovements).values({
        customerId: input.customerId!,
        amountCents: -payment.amount,
        saleId,
        actorLabel: actor.label,
      });
    }
  }
  // Crediário: what the customer owes becomes a plan (instalments, contract) in this transaction; its refusal refuses the sale.
  let creditPlanId: number | null = null;
  if (creditTerms) {
    ({ planId: creditPlanId } = await openCreditPlanInTx(tx, actor, {
      saleId,
      customerId: input.customerId!,
      saleLabel: `Venda ${code}`,
      cashPriceCents: totals.totalCents,
      financedCents: crediarioCents,
      terms: creditTerms,
      fee: input.credit,
    }).catch((error: unknown) => {
      if (error instanceof InputError) throw creditRefusal(error.fieldErrors);
      throw error;
    }));
  }

  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "sale.record",
    entity: SALE_ENTITY,
    entityId: String(saleId),
    details: {
      code,
      totalCents: totals.totalCents,
      discountCents: totals.discountCents,
      pixDiscountCents: totals.pixDiscountCents,
      ...(loyalty
        ? {
            loyaltyLevel: loyalty.level.name,
            loyaltyBasisPoints: loyalty.level.discountBasisPoints,
            loyaltyPoints: loyalty.points,
            loyaltyDiscountCents: totals.loyaltyDiscountCents,
          }
        : {}),
      items: lines.map(({ item, product }) => ({ productId: product.id, unitId: item.unitId, quantity: item.quantity })),
      payments: input.payments.map((payment) => ({ method: payment.method, amountCents: payment.amount })),
      customerId: input.customerId,
    },
  });
  return { saleId, code, totalCents: totals.totalCents, changeCents: totals.changeCents, creditPlanId };
}

/**
 * Why a sale cannot be cancelled now, or null when it can: cancelling undoes
 * the sale in its own register, so only until a register closes after it
 * (then the counted cash is history and a return is the way).
 */
export async function cancelRefusalInTx(
  tx: Transaction,
  sale: Pick<typeof sales.$inferSelect, "status" | "createdAt" | "id">,
  /** Whether the sale has a return, when the caller has read its returns already (its page): not read again. */
  hasReturns?: boolean,
): Promise<string | null> {
  if (sale.status === "cancelled") return "Esta venda já foi cancelada.";
  const returned =
    hasReturns ??
    (await tx.select({ id: saleReturns.id }).from(saleReturns).where(eq(saleReturns.saleId, sale.id)).limit(1)).length > 0;
  if (returned) return "Esta venda já tem devolução: registre outra devolução para o restante.";
  const [closed] = await tx
    .select({ id: cashRegisters.id })
    .from(cashRegisters)
    .where(and(registerIsClosed, gte(cashRegisters.closedAt, sale.createdAt)))
    .limit(1);
  if (closed) return "O caixa desta venda já foi fechado: use uma devolução.";
  return null;
}

/** Whether the sale page offers "Cancelar venda", and if not, why. */
export async function saleCancelRefusalInTx(tx: Transaction, saleId: number) {
  const [sale] = await tx
    .select({ id: sales.id, status: sales.status, createdAt: sales.createdAt })
    .from(sales)
    .where(eq(sales.id, saleId));
  return sale ? cancelRefusalInTx(tx, sale) : "Venda não encontrada.";
}

/**
 * Undoes a sale while its register is open: the sale is kept, marked
 * cancelled with the reason; its stock comes back through the ledger, its
 * register entries are marked cancelled (the expected totals skip them),
 * store credit it spent is given back. One transaction.
 */
export async function cancelSaleInTx(tx: Transaction, actor: Actor, saleId: number, rawInput: unknown) {
  assertStaffActor(actor);
  const { reason } = parseInput(SaleCancelSchema, rawInput, (errors) => new SaleInputError(errors));
  // The register first, as a sale takes it: a closing waits for this cancel, and the reverse.
  await lockOpenRegisterInTx(tx);
  const [sale] = await tx.select().from(sales).where(eq(sales.id, saleId)).for("update");
  if (!sale) throw new SaleNotFoundError(saleId);
  const refusal = await cancelRefusalInTx(tx, sale);
  if (refusal) throw new SaleInputError({ form: refusal }, 409);

  const items = await tx
    .select({
      productId: saleItems.productId,
      unitId: saleItems.unitId,
      quantity: saleItems.quantity,
      returnedQuantity: saleItems.returnedQuantity,
      unitCostCents: saleItems.unitCostCents,
      kind: products.kind,
    })
    .from(saleItems)
    .innerJoin(products, eq(products.id, saleItems.productId))
    .where(eq(saleItems.saleId, saleId))
    .orderBy(asc(saleItems.productId), asc(saleItems.unitId));
  for (const item of items) {
    const quantity = item.quantity - item.returnedQuantity;
    if (item.kind === "service" || quantity <= 0) continue;
    await recordStockMovementInTx(tx, actor, {
      productId: item.productId,
      kind: "cancel",
      quantity,
      unitId: item.unitId,
      unitCostCents: item.unitCostCents,
      origin: saleOrigin(saleId),
      reason,
    });
  }

  // The sale's crediário goes with it (refused while the plan has payments: those are cancelled first).
  await cancelSaleCreditPlanInTx(tx, actor, saleId, reason);

  const now = new Date();
  const cancelled = await tx
    .update(registerEntries)
    .set({ cancelledAt: now, cancelledByLabel: actor.label, cancelReason: reason })
    .where(and(eq(registerEntries.saleId, saleId), isNull(registerEntries.cancelledAt)))
    .returning({ id: registerEntries.id, method: registerEntries.method, amountCents: registerEntries.amountCents });
  // Each payment's revenue, card fee and receivables leave finance with it.
  for (const entry of cancelled) {
    await cancelPostingsInTx(tx, actor, { kind: REGISTER_ENTRY_ORIGIN, id: entry.id }, reason);
  }
  // What the sale's payments earned in loyalty points goes back with them.
  await reverseLoyaltyForRegisterEntriesInTx(
    tx,
    actor,
    cancelled.map((entry) => entry.id),
    `Venda ${sale.code} cancelada`,
    now,
  );
  const creditSpent = cancelled
    .filter((entry) => entry.method === "store-credit")
    .reduce((sum, entry) => sum + entry.amountCents, 0);
  if (creditSpent > 0 && sale.customerId !== null) {
    await tx
      .insert(storeCreditMovements)
      .values({ customerId: sale.customerId, amountCents: creditSpent, saleId, actorLabel: actor.label });
  }
  await tx
    .update(sales)
    .set({ status: "cancelled", cancelledAt: now, cancelledByLabel: actor.label, cancelReason: reason })
    .where(eq(sales.id, saleId));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "sale.cancel",
    entity: SALE_ENTITY,
    entityId: String(saleId),
    details: { code: sale.code, totalCents: sale.totalCents, reason, entriesCancelled: cancelled.length },
  });
  return { saleId };
}

export function cancelSale(actor: Actor, saleId: number, input: unknown) {
  return inTransaction((tx) => cancelSaleInTx(tx, actor, saleId, input));
}
