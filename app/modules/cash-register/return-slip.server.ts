import { and, asc, eq, ne } from "drizzle-orm";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { registerEntries, saleItems, saleReturnItems, saleReturns, sales, storeCreditMovements } from "~/db/schema/cash-register";
import { creditPlans } from "~/db/schema/credit";
import { customers } from "~/db/schema/customers";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { findIssuedDocument, issueDocumentInTx } from "~/modules/print-templates/issued-documents.server";
import type { Paper } from "~/modules/print-templates/papers";
import { readShopDataInTx } from "~/modules/print-templates/shop-header.server";
import { returnSlipData, type ReturnSlipRows } from "./return-slip";

/** The print kind of a return's slip, issued once per return ("sale_return:41"). */
export const SALE_RETURN_SLIP_KIND = "sale-return-slip";

export function saleReturnSubject(returnId: number) {
  return `sale_return:${returnId}`;
}

/** What the slip of a return says, read from what the return wrote; null when there is no such return of that sale. */
async function readReturnSlipRowsInTx(tx: Transaction, saleId: number, returnId: number): Promise<ReturnSlipRows | null> {
  const [row] = await tx
    .select({
      id: saleReturns.id,
      createdAt: saleReturns.createdAt,
      reason: saleReturns.reason,
      actorLabel: saleReturns.actorLabel,
      amountCents: saleReturns.amountCents,
      saleCode: sales.code,
      saleCreatedAt: sales.createdAt,
      saleCustomerId: sales.customerId,
    })
    .from(saleReturns)
    .innerJoin(sales, eq(sales.id, saleReturns.saleId))
    .where(and(eq(saleReturns.id, returnId), eq(saleReturns.saleId, saleId)));
  if (!row) return null;
  const items = await tx
    .select({
      description: saleItems.description,
      quantity: saleReturnItems.quantity,
      unitPriceCents: saleItems.unitPriceCents,
      amountCents: saleReturnItems.amountCents,
    })
    .from(saleReturnItems)
    .innerJoin(saleItems, eq(saleItems.id, saleReturnItems.saleItemId))
    .where(eq(saleReturnItems.returnId, returnId))
    .orderBy(asc(saleItems.position), asc(saleItems.id));
  const refunds = await tx
    .select({ method: registerEntries.method, amountCents: registerEntries.amountCents, customerId: registerEntries.customerId })
    .from(registerEntries)
    .where(and(eq(registerEntries.saleReturnId, returnId), eq(registerEntries.kind, "refund")))
    .orderBy(asc(registerEntries.id));
  const credits = await tx
    .select({ amountCents: storeCreditMovements.amountCents, customerId: storeCreditMovements.customerId })
    .from(storeCreditMovements)
    .where(eq(storeCreditMovements.saleReturnId, returnId));
  const [plan] = await tx
    .select({ id: creditPlans.id })
    .from(creditPlans)
    .where(and(eq(creditPlans.saleId, saleId), ne(creditPlans.status, "cancelled")))
    .orderBy(asc(creditPlans.id))
    .limit(1);
  // Who received the credit or the money (a return may name another customer), else the sale's.
  const customerId =
    credits[0]?.customerId ?? refunds.find((refund) => refund.customerId !== null)?.customerId ?? row.saleCustomerId;
  const [customer] =
    customerId === null
      ? []
      : await tx.select({ name: customers.name, phone: customers.phone }).from(customers).where(eq(customers.id, customerId));
  return {
    saleReturn: row,
    sale: { id: saleId, code: row.saleCode, createdAt: row.saleCreatedAt },
    customer: customer ?? null,
    items,
    refunds,
    storeCreditCents: credits.reduce((sum, credit) => sum + credit.amountCents, 0),
    planId: plan?.id ?? null,
  };
}

/** The slip stored as issued in the return's transaction: every later copy prints what the customer signed. */
export async function issueSaleReturnSlipInTx(tx: Transaction, actor: Actor, saleId: number, returnId: number) {
  const rows = await readReturnSlipRowsInTx(tx, saleId, returnId);
  if (!rows) throw new Error(`devolução ${returnId} sumiu antes do comprovante`);
  const data = { loja: await readShopDataInTx(tx), devolucao: returnSlipData(rows) };
  await issueDocumentInTx(tx, actor, { kind: SALE_RETURN_SLIP_KIND, subject: saleReturnSubject(returnId), data });
}

/**
 * A return's slip for a paper, as issued; a return made before slips were
 * issued gets its slip issued now, from what the return wrote. Null when
 * the sale has no such return.
 */
export async function printSaleReturnSlip(actor: Actor, saleId: number, returnId: number, paper: Paper) {
  assertStaffActor(actor);
  const db = await getDb();
  const [row] = await db
    .select({ id: saleReturns.id, code: sales.code })
    .from(saleReturns)
    .innerJoin(sales, eq(sales.id, saleReturns.saleId))
    .where(and(eq(saleReturns.id, returnId), eq(saleReturns.saleId, saleId)));
  if (!row) return null;
  let issued = await findIssuedDocument(SALE_RETURN_SLIP_KIND, saleReturnSubject(returnId), paper);
  if (!issued) {
    await inTransaction((tx) => issueSaleReturnSlipInTx(tx, actor, saleId, returnId));
    issued = await findIssuedDocument(SALE_RETURN_SLIP_KIND, saleReturnSubject(returnId), paper);
  }
  return issued ? { ...issued, code: row.code } : null;
}
