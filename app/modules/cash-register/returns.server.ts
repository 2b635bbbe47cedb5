import { and, eq, sql } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { saleItems, saleReturnItems, saleReturns, sales, storeCreditMovements } from "~/db/schema/cash-register";
import { customers } from "~/db/schema/customers";
import { products } from "~/db/schema/inventory";
import type { FieldErrors } from "~/lib/errors";
import { parseInput } from "~/lib/forms";
import { formatCents } from "~/lib/money";
import { runOnce } from "~/lib/idempotency.server";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { applySaleReturnToPlanInTx } from "~/modules/credit/payments.server";
import { cardRefundableCentsOfSaleInTx, refundCardReceivablesOfSaleInTx } from "~/modules/finance/ledger.server";
import { recordRegisterEntryInTx } from "~/modules/finance/register-entries.server";
import { recordStockMovementInTx } from "~/modules/inventory/stock-ledger.server";
import { issueSaleReturnSlipInTx } from "./return-slip.server";
import { returnAmountCents } from "./sale-totals";
import { SaleReturnSchema, type SaleReturnInput } from "./sale-validation";
import { SALE_ENTITY, SaleInputError, SaleNotFoundError, saleOrigin } from "./sales.server";

const isCardMethod = (method: string): method is "debit" | "credit" => method === "debit" || method === "credit";

export type RecordedSaleReturn = {
  returnId: number;
  saleId: number;
  amountCents: number;
  settlement: "refund" | "store-credit";
  customerId: number | null;
  /** Of the amount, what was taken off the sale's crediário (what the customer still owed on it); the rest is refunded or credited. */
  planCreditCents: number;
  isReplay: boolean;
};

/**
 * Items of a past sale coming back, even after its register closed: the
 * stock returns through the ledger, and the customer gets the money back
 * through today's register (a negative "refund" entry; cash needs an open
 * register) or a store credit (an exchange is such a return whose credit
 * is spent in a new sale). What each item gives back is what the customer
 * paid for it, its share of every discount included. Goods bought on
 * crediário first lower what the sale's plan still owes; only the rest is
 * refunded or credited (all in this transaction).
 */
export async function recordSaleReturnInTx(
  tx: Transaction,
  actor: Actor,
  saleId: number,
  rawInput: unknown,
): Promise<RecordedSaleReturn> {
  assertStaffActor(actor);
  const input = parseInput(SaleReturnSchema, rawInput, (errors) => new SaleInputError(errors));
  const key = { key: input.idempotencyKey, scope: `sale.return:${saleId}`, actorUserId: actor.userId, content: input };
  const { result, isReplay } = await runOnce(tx, key, () => writeSaleReturn(tx, actor, saleId, input));
  return { ...result, isReplay };
}

export function recordSaleReturn(actor: Actor, saleId: number, input: unknown) {
  return inTransaction((tx) => recordSaleReturnInTx(tx, actor, saleId, input));
}

async function writeSaleReturn(tx: Transaction, actor: Actor, saleId: number, input: SaleReturnInput) {
  const [sale] = await tx
    .select({ id: sales.id, status: sales.status, customerId: sales.customerId, code: sales.code })
    .from(sales)
    .where(eq(sales.id, saleId))
    .for("update");
  if (!sale) throw new SaleNotFoundError(saleId);
  if (sale.status === "cancelled") throw new SaleInputError({ form: "Esta venda foi cancelada: não há o que devolver." }, 409);

  const lines = await tx
    .select({
      id: saleItems.id,
      productId: saleItems.productId,
      unitId: saleItems.unitId,
      description: saleItems.description,
      quantity: saleItems.quantity,
      returnedQuantity: saleItems.returnedQuantity,
      totalCents: saleItems.totalCents,
      unitCostCents: saleItems.unitCostCents,
      kind: products.kind,
    })
    .from(saleItems)
    .innerJoin(products, eq(products.id, saleItems.productId))
    .where(eq(saleItems.saleId, saleId));
  const lineById = new Map(lines.map((line) => [line.id, line]));

  const errors: FieldErrors = {};
  const seen = new Set<number>();
  const returned = input.items.flatMap((item, index) => {
    if (item.quantity === 0) return [];
    const line = lineById.get(item.saleItemId);
    if (!line || seen.has(line.id)) {
      errors[`items.${index}.quantity`] = "Item inválido.";
      return [];
    }
    seen.add(line.id);
    const left = line.quantity - line.returnedQuantity;
    if (item.quantity > left) {
      errors[`items.${index}.quantity`] =
        left === 0 ? "Este item já foi devolvido." : `Só ${left} ${left === 1 ? "pode ser devolvido" : "podem ser devolvidos"}.`;
      return [];
    }
    return [{ line, quantity: item.quantity, amountCents: returnAmountCents(line, line.returnedQuantity, item.quantity) }];
  });
  if (returned.length === 0 && Object.keys(errors).length === 0)
    errors.items = "Informe a quantidade devolvida de ao menos um item.";
  if (input.settlement === "refund" && input.refundMethod === "") errors.refundMethod = "Escolha como devolver o dinheiro.";
  const customerId = input.customerId ?? sale.customerId;
  if (input.settlement === "store-credit" && customerId === null) {
    errors.customerId = "Escolha o cliente que recebe o crédito na loja.";
  }
  if (Object.keys(errors).length > 0) throw new SaleInputError(errors);
  if (customerId !== null) {
    const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
    if (!customer) throw new SaleInputError({ customerId: "Cliente não encontrado." });
  }

  const amountCents = returned.reduce((sum, item) => sum + item.amountCents, 0);
  // A refund by card is the acquirer's estorno: only what this sale paid with that card, and still owed by the acquirer, can go back through it.
  const cardMethod = input.settlement === "refund" && isCardMethod(input.refundMethod) ? input.refundMethod : null;
  const [saleReturn] = await tx
    .insert(saleReturns)
    .values({
      saleId,
      settlement: input.settlement,
      amountCents,
      reason: input.reason,
      actorUserId: actor.userId,
      actorLabel: actor.label,
    })
    .returning({ id: saleReturns.id });
  const returnId = saleReturn!.id;
  await tx
    .insert(saleReturnItems)
    .values(
      returned.map((item) => ({ returnId, saleItemId: item.line.id, quantity: item.quantity, amountCents: item.amountCents })),
    );
  for (const item of returned) {
    await tx
      .update(saleItems)
      .set({ returnedQuantity: sql`${saleItems.returnedQuantity} + ${item.quantity}` })
      .where(and(eq(saleItems.id, item.line.id), eq(saleItems.saleId, saleId)));
  }
  // In product order, as a sale locks them, so a return and a sale of the same products never deadlock.
  const stockOrder = [...returned].sort(
    (a, b) => a.line.productId - b.line.productId || (a.line.unitId ?? 0) - (b.line.unitId ?? 0),
  );
  for (const item of stockOrder) {
    if (item.line.kind === "service") continue;
    await recordStockMovementInTx(tx, actor, {
      productId: item.line.productId,
      kind: "return",
      quantity: item.quantity,
      unitId: item.line.unitId,
      unitCostCents: item.line.unitCostCents,
      origin: saleOrigin(saleId),
      reason: input.reason,
    });
  }

  // Goods bought on crediário: what they were worth first lowers what the plan still owes (the open instalments); only what
  // passes that goes back to the customer (decision 0025).
  const planCredit = await applySaleReturnToPlanInTx(tx, actor, { saleId, returnedCents: amountCents, saleReturnId: returnId });
  const backCents = amountCents - planCredit.takenCents;
  if (cardMethod && backCents > 0) {
    const refundable = await cardRefundableCentsOfSaleInTx(tx, saleId, cardMethod);
    if (backCents > refundable) {
      const card = cardMethod === "debit" ? "cartão de débito" : "cartão de crédito";
      throw new SaleInputError({
        refundMethod:
          refundable === 0
            ? `Esta venda não tem pagamento no ${card} a estornar: escolha outra forma de devolver o dinheiro.`
            : `Só ${formatCents(refundable)} desta venda ainda pode voltar pelo ${card}: escolha outra forma de devolver o dinheiro.`,
      });
    }
  }
  if (backCents > 0 && input.settlement === "refund") {
    await recordRegisterEntryInTx(tx, actor, {
      kind: "refund",
      method: input.refundMethod === "" ? "cash" : input.refundMethod,
      amountCents: -backCents,
      saleId,
      saleReturnId: returnId,
      customerId,
      reason: input.reason,
      field: "refundMethod",
    });
    if (cardMethod) {
      await refundCardReceivablesOfSaleInTx(tx, actor, {
        saleId,
        method: cardMethod,
        amountCents: backCents,
        reason: input.reason,
      });
    }
  }
  if (backCents > 0 && input.settlement === "store-credit") {
    await tx
      .insert(storeCreditMovements)
      .values({ customerId: customerId!, amountCents: backCents, saleReturnId: returnId, actorLabel: actor.label });
  }
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "sale.return",
    entity: SALE_ENTITY,
    entityId: String(saleId),
    details: {
      returnId,
      code: sale.code,
      settlement: input.settlement,
      refundMethod: input.refundMethod || null,
      amountCents,
      planId: planCredit.planId,
      planCreditCents: planCredit.takenCents,
      customerId,
      items: returned.map((item) => ({ saleItemId: item.line.id, quantity: item.quantity, amountCents: item.amountCents })),
    },
  });
  // The customer's slip, as signed: stored now, rendered once the return commits.
  await issueSaleReturnSlipInTx(tx, actor, saleId, returnId);
  return { returnId, saleId, amountCents, settlement: input.settlement, customerId, planCreditCents: planCredit.takenCents };
}
