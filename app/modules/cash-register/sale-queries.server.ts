import { hasOwnPixKey, PIX_UNAVAILABLE_MESSAGE } from "~/modules/pix/pix-charge";
import { readShopSettingsInTx } from "~/modules/shop-settings/queries.server";
import { asc, eq, inArray } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import {
  cashRegisters,
  registerEntries,
  registerIsOpen,
  saleItems,
  saleReturnItems,
  saleReturns,
  sales,
} from "~/db/schema/cash-register";
import { customers } from "~/db/schema/customers";
import { products } from "~/db/schema/inventory";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { cardFeeCentsSql } from "./queries.server";
import { cancelRefusalInTx, readStoreCreditBalanceInTx } from "./sales.server";

/** A sale as its page shows it to staff: items, payments, returns, and whether it can still be cancelled. */
export async function getSaleDetail(actor: Actor, saleId: number) {
  assertStaffActor(actor);
  return inTransaction((tx) => readSaleDetailInTx(tx, saleId));
}

export type SaleDetail = NonNullable<Awaited<ReturnType<typeof readSaleDetailInTx>>>;

export async function readSaleDetailInTx(tx: Transaction, saleId: number) {
  const [sale] = await tx
    .select({
      id: sales.id,
      code: sales.code,
      status: sales.status,
      registerId: sales.registerId,
      customerId: sales.customerId,
      customerName: customers.name,
      customerPhone: customers.phone,
      itemsTotalCents: sales.itemsTotalCents,
      discountCents: sales.discountCents,
      loyaltyDiscountCents: sales.loyaltyDiscountCents,
      loyaltyLevelName: sales.loyaltyLevelName,
      loyaltyDiscountBasisPoints: sales.loyaltyDiscountBasisPoints,
      totalCents: sales.totalCents,
      createdAt: sales.createdAt,
      createdByLabel: sales.createdByLabel,
      cancelledAt: sales.cancelledAt,
      cancelledByLabel: sales.cancelledByLabel,
      cancelReason: sales.cancelReason,
    })
    .from(sales)
    .leftJoin(customers, eq(customers.id, sales.customerId))
    .where(eq(sales.id, saleId));
  if (!sale) return null;
  const items = await tx
    .select({
      id: saleItems.id,
      productId: saleItems.productId,
      kind: products.kind,
      description: saleItems.description,
      quantity: saleItems.quantity,
      unitPriceCents: saleItems.unitPriceCents,
      discountCents: saleItems.discountCents,
      totalCents: saleItems.totalCents,
      returnedQuantity: saleItems.returnedQuantity,
    })
    .from(saleItems)
    .innerJoin(products, eq(products.id, saleItems.productId))
    .where(eq(saleItems.saleId, saleId))
    .orderBy(asc(saleItems.position));
  const entries = await tx
    .select({
      id: registerEntries.id,
      kind: registerEntries.kind,
      method: registerEntries.method,
      amountCents: registerEntries.amountCents,
      tenderedCents: registerEntries.tenderedCents,
      instalments: registerEntries.instalments,
      pixPending: registerEntries.pixPending,
      saleReturnId: registerEntries.saleReturnId,
      cancelledAt: registerEntries.cancelledAt,
      createdAt: registerEntries.createdAt,
      cardFeeCents: cardFeeCentsSql,
    })
    .from(registerEntries)
    .where(eq(registerEntries.saleId, saleId))
    .orderBy(asc(registerEntries.id));
  const returns = await tx
    .select({
      id: saleReturns.id,
      settlement: saleReturns.settlement,
      amountCents: saleReturns.amountCents,
      reason: saleReturns.reason,
      actorLabel: saleReturns.actorLabel,
      createdAt: saleReturns.createdAt,
    })
    .from(saleReturns)
    .where(eq(saleReturns.saleId, saleId))
    .orderBy(asc(saleReturns.id));
  const returnedItems =
    returns.length === 0
      ? []
      : await tx
          .select({
            returnId: saleReturnItems.returnId,
            saleItemId: saleReturnItems.saleItemId,
            quantity: saleReturnItems.quantity,
          })
          .from(saleReturnItems)
          .where(
            inArray(
              saleReturnItems.returnId,
              returns.map((row) => row.id),
            ),
          );
  const payments = entries.filter((entry) => entry.kind === "sale");
  const cashPayment = payments.find((entry) => entry.method === "cash");
  return {
    ...sale,
    items,
    payments,
    refunds: entries.filter((entry) => entry.kind === "refund"),
    returns: returns.map((row) => ({ ...row, items: returnedItems.filter((item) => item.returnId === row.id) })),
    changeCents: cashPayment?.tenderedCents ? cashPayment.tenderedCents - cashPayment.amountCents : 0,
    // From the sale and the returns just read (saleCancelRefusalInTx read both again).
    cancelRefusal: await cancelRefusalInTx(tx, sale, returns.length > 0),
    storeCreditCents: sale.customerId === null ? 0 : await readStoreCreditBalanceInTx(tx, sale.customerId),
  };
}

/** What the sale screen needs besides the products: whether cash can be taken, and the chosen customer's store credit. */
export async function getSaleScreenContext(actor: Actor, customerId: number | null) {
  assertStaffActor(actor);
  return inTransaction(async (tx) => {
    const [open] = await tx.select({ id: cashRegisters.id }).from(cashRegisters).where(registerIsOpen);
    const settings = await readShopSettingsInTx(tx);
    return {
      isRegisterOpen: open !== undefined,
      pixDiscountBasisPoints: settings.pixDiscountBasisPoints,
      pixUnavailableMessage: hasOwnPixKey(settings) ? null : PIX_UNAVAILABLE_MESSAGE,
      storeCreditCents: customerId === null ? 0 : await readStoreCreditBalanceInTx(tx, customerId),
    };
  });
}
