import { eq } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { serviceOrders } from "~/db/schema/service-orders";
import { warranties } from "~/db/schema/warranties";
import { addDays, shopToday } from "~/lib/dates";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { DEFAULT_EXCLUSIONS, DEFAULT_ORDER_COVERAGE } from "./rules";
import { WARRANTY_ENTITY, warrantyTermData, type TermOrder, type TermSale } from "./term-data";

export type NewWarranty = {
  serviceOrderId?: number | null;
  saleId?: number | null;
  saleItemId?: number | null;
  unitId?: number | null;
  customerId: number | null;
  customerName: string;
  customerPhone: string;
  itemDescription: string;
  imeiOrSerial: string;
  startsOn: string;
  contractualDays: number;
  coverage: string;
  exclusions: string;
  technicianUserId?: string | null;
  isDemo?: boolean;
};

/**
 * The warranty row and its audit entry, in the caller's transaction; the
 * term's `garantia` data comes back for the document issued beside it.
 * `ends_on` is computed here and checked again by the table's CHECK.
 */
export async function insertWarrantyInTx(
  tx: Transaction,
  actor: Actor,
  warranty: NewWarranty,
  origin: { os: TermOrder } | { venda: TermSale },
) {
  const [row] = await tx
    .insert(warranties)
    .values({
      serviceOrderId: warranty.serviceOrderId ?? null,
      saleId: warranty.saleId ?? null,
      saleItemId: warranty.saleItemId ?? null,
      unitId: warranty.unitId ?? null,
      customerId: warranty.customerId,
      customerName: warranty.customerName,
      itemDescription: warranty.itemDescription,
      imeiOrSerial: warranty.imeiOrSerial,
      startsOn: warranty.startsOn,
      contractualDays: warranty.contractualDays,
      endsOn: addDays(warranty.startsOn, warranty.contractualDays),
      coverage: warranty.coverage,
      exclusions: warranty.exclusions,
      technicianUserId: warranty.technicianUserId ?? null,
      issuedByUserId: actor.userId,
      issuedByLabel: actor.label,
      isDemo: warranty.isDemo ?? false,
    })
    .returning();
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "warranty.issue",
    entity: WARRANTY_ENTITY,
    entityId: String(row!.id),
    details: {
      serviceOrderId: row!.serviceOrderId,
      saleId: row!.saleId,
      saleItemId: row!.saleItemId,
      contractualDays: row!.contractualDays,
      endsOn: row!.endsOn,
    },
  });
  return {
    warranty: row!,
    garantia: warrantyTermData(row!, { nome: warranty.customerName, telefone: warranty.customerPhone }, origin),
  };
}

/** The term issued for a warranty: its reprints read this document. */
export async function attachWarrantyDocumentInTx(tx: Transaction, warrantyId: number, issuedDocumentId: number) {
  await tx.update(warranties).set({ issuedDocumentId }).where(eq(warranties.id, warrantyId));
}

/**
 * The warranty a repaired device leaves with, created by the delivery in
 * its own transaction (service-orders' deliverServiceOrderInTx): the order's
 * warranty days from the delivery day, the usual coverage and exclusions,
 * the repair's technician (claims are counted per technician).
 */
export async function recordDeliveredOrderWarrantyInTx(
  tx: Transaction,
  actor: Actor,
  order: {
    id: number;
    customerId: number;
    customerName: string;
    customerPhone: string;
    itemDescription: string;
    imeiOrSerial: string;
    deliveredAt: Date;
    warrantyDays: number;
    technicianUserId: string | null;
    termOrder: TermOrder;
  },
) {
  assertStaffActor(actor);
  // A demo order's warranty is demo too: "Apagar dados de demonstração" takes it with the order.
  const [{ isDemo } = { isDemo: false }] = await tx
    .select({ isDemo: serviceOrders.isDemo })
    .from(serviceOrders)
    .where(eq(serviceOrders.id, order.id));
  return insertWarrantyInTx(
    tx,
    actor,
    {
      serviceOrderId: order.id,
      customerId: order.customerId,
      customerName: order.customerName,
      customerPhone: order.customerPhone,
      itemDescription: order.itemDescription,
      imeiOrSerial: order.imeiOrSerial,
      startsOn: shopToday(order.deliveredAt),
      contractualDays: order.warrantyDays,
      coverage: DEFAULT_ORDER_COVERAGE,
      exclusions: DEFAULT_EXCLUSIONS,
      technicianUserId: order.technicianUserId,
      isDemo,
    },
    { os: order.termOrder },
  );
}

/** An order's warranty row, if it has one (the order's page and the term's reprint read it). */
export async function readOrderWarranty(db: Database | Transaction, orderId: number) {
  const [row] = await db.select().from(warranties).where(eq(warranties.serviceOrderId, orderId));
  return row ?? null;
}
