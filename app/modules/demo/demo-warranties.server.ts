import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { customers } from "~/db/schema/customers";
import { serviceOrderLines, serviceOrderStatusEvents, serviceOrders } from "~/db/schema/service-orders";
import { suppliers } from "~/db/schema/suppliers";
import { warranties, warrantyClaims } from "~/db/schema/warranties";
import { addDays, shopToday } from "~/lib/dates";
import { deviceName } from "~/modules/service-orders/device-name";
import { generateTrackingCode } from "~/modules/service-orders/tracking-code";
import { claimOrderNote, DEFAULT_EXCLUSIONS, DEFAULT_ORDER_COVERAGE } from "~/modules/warranty-terms/rules";

/** The demo's part suppliers: the warranted repairs' parts came from these, so the Painel's claims by supplier show. */
export const DEMO_PART_SUPPLIERS = [
  "Distribuidora Peças Paulista (demonstração)",
  "Importadora Celular Norte (demonstração)",
] as const;

/**
 * The part lines of the warranted demo repairs name a demo supplier: the
 * newest repair and every other the first supplier, the rest the second.
 * Returns the orders that have a part line.
 */
async function nameDemoPartSuppliersInTx(tx: Transaction, orderIds: readonly number[]) {
  await tx
    .insert(suppliers)
    .values(DEMO_PART_SUPPLIERS.map((name) => ({ name, isDemo: true })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(inArray(suppliers.name, [...DEMO_PART_SUPPLIERS]));
  const idOf = new Map(rows.map((row) => [row.name, row.id]));
  const withParts = new Set<number>();
  for (const [index, orderId] of orderIds.entries()) {
    const supplierId = idOf.get(DEMO_PART_SUPPLIERS[index % 2]!);
    if (supplierId === undefined) continue;
    const named = await tx
      .update(serviceOrderLines)
      .set({ supplierId })
      .where(and(eq(serviceOrderLines.orderId, orderId), eq(serviceOrderLines.kind, "part")))
      .returning({ orderId: serviceOrderLines.orderId });
    if (named.length > 0) withParts.add(orderId);
  }
  return withParts;
}

/** How many of the latest repaired demo deliveries get their warranty row. */
const DEMO_WARRANTIES = 5;

/**
 * The warranties of the last demo orders delivered repaired (their terms are
 * issued when first printed) and one claim: a new demo order for the newest
 * one's device, "Garantia da OS nº X", so /warranty-contract and the order
 * pages show both from the start. Only while there are no warranties.
 */
export async function seedDemoWarrantiesInTx(tx: Transaction, now = new Date()): Promise<boolean> {
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(warranties);
  if (total > 0) return false;
  const delivered = await tx
    .select({ order: serviceOrders, customerName: customers.name })
    .from(serviceOrders)
    .innerJoin(customers, eq(customers.id, serviceOrders.customerId))
    .where(
      and(
        eq(serviceOrders.isDemo, true),
        eq(serviceOrders.status, "delivered"),
        sql`${serviceOrders.deliveredAt} is not null`,
        sql`exists (select 1 from ${serviceOrderStatusEvents} e where e.order_id = ${serviceOrders.id} and e.to_status = 'ready')`,
      ),
    )
    .orderBy(desc(serviceOrders.deliveredAt))
    .limit(DEMO_WARRANTIES);
  if (delivered.length === 0) return false;
  const created = await tx
    .insert(warranties)
    .values(
      delivered.map(({ order, customerName }) => {
        const startsOn = shopToday(order.deliveredAt!);
        return {
          serviceOrderId: order.id,
          customerId: order.customerId,
          customerName,
          itemDescription: deviceName(order),
          imeiOrSerial: order.imeiOrSerial,
          startsOn,
          contractualDays: order.warrantyDays,
          endsOn: addDays(startsOn, order.warrantyDays),
          coverage: DEFAULT_ORDER_COVERAGE,
          exclusions: DEFAULT_EXCLUSIONS,
          technicianUserId: order.technicianUserId,
          issuedByLabel: "Demonstração",
          isDemo: true,
        };
      }),
    )
    .returning({ id: warranties.id, serviceOrderId: warranties.serviceOrderId });

  const withParts = await nameDemoPartSuppliersInTx(
    tx,
    delivered.map(({ order }) => order.id),
  );

  // The claim is of the newest repair that used a part (so it counts for a part supplier), else of the newest.
  const { order } = delivered.find((row) => withParts.has(row.order.id)) ?? delivered[0]!;
  const warranty = created.find((row) => row.serviceOrderId === order.id)!;
  const reportedDefect = "O defeito reparado voltou: a tela pisca de novo.";
  const [claimOrder] = await tx
    .insert(serviceOrders)
    .values({
      trackingCode: generateTrackingCode(),
      customerId: order.customerId,
      status: "received",
      statusChangedAt: now,
      deviceType: order.deviceType,
      brand: order.brand,
      model: order.model,
      imeiOrSerial: order.imeiOrSerial,
      color: order.color,
      reportedDefect,
      warrantyDays: order.warrantyDays,
      notes: `${claimOrderNote({ serviceOrderId: order.id, saleId: null, warrantyId: warranty.id })} (garantia contratual).`,
      isDemo: true,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: serviceOrders.id });
  await tx.insert(serviceOrderStatusEvents).values({
    orderId: claimOrder!.id,
    fromStatus: null,
    toStatus: "received",
    actorLabel: "Demonstração",
    createdAt: now,
  });
  await tx
    .insert(warrantyClaims)
    .values({ warrantyId: warranty.id, serviceOrderId: claimOrder!.id, reportedDefect, isDemo: true, createdAt: now });
  return true;
}
