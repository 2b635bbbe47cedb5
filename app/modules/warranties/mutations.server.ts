import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { saleItems, sales } from "~/db/schema/cash-register";
import { customers } from "~/db/schema/customers";
import { productUnits, products } from "~/db/schema/inventory";
import { issuedDocuments } from "~/db/schema/print-documents";
import { serviceOrders } from "~/db/schema/service-orders";
import { warranties, warrantyClaims } from "~/db/schema/warranties";
import { formatDate, shopToday } from "~/lib/dates";
import { parseInput } from "~/lib/forms";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { findIssuedDocument, issueDocumentInTx } from "~/modules/print-templates/issued-documents.server";
import type { Paper } from "~/modules/print-templates/papers";
import { createServiceOrderInTx } from "~/modules/service-orders/mutations.server";
import { readShopDataInTx } from "~/modules/print-templates/shop-header.server";
import { orderWarrantySubject } from "~/modules/service-orders/print-documents.server";
import { readServiceOrder } from "~/modules/service-orders/queries.server";
import { WarrantyInputError, WarrantyNotFoundError } from "./errors";
import { attachWarrantyDocumentInTx, insertWarrantyInTx } from "~/modules/warranty-terms/order-warranties.server";
import { claimOrderNote, warrantyStanding } from "~/modules/warranty-terms/rules";
import { WARRANTY_ENTITY, warrantySubject, warrantyTermData, type TermSale } from "~/modules/warranty-terms/term-data";
import { SaleWarrantySchema, WarrantyClaimSchema, WarrantyTermsSchema } from "./validation";

const TERM_KIND = "warranty-term";

const refuse = (fieldErrors: Record<string, string>) => new WarrantyInputError(fieldErrors);

async function issueTermInTx(tx: Transaction, actor: Actor, warrantyId: number, data: Record<string, unknown>) {
  const issued = await issueDocumentInTx(tx, actor, { kind: TERM_KIND, subject: warrantySubject(warrantyId), data });
  await attachWarrantyDocumentInTx(tx, warrantyId, issued.id);
}

/**
 * A warranty for a delivered order that has none (one delivered without a
 * repair, or before warranties were kept): the terms the staff set, from
 * the delivery day.
 */
export async function issueOrderWarrantyInTx(tx: Transaction, actor: Actor, orderId: number, rawInput: unknown) {
  assertStaffActor(actor);
  const terms = parseInput(WarrantyTermsSchema, rawInput, refuse);
  const [locked] = await tx
    .select({ id: serviceOrders.id, isDemo: serviceOrders.isDemo })
    .from(serviceOrders)
    .where(eq(serviceOrders.id, orderId))
    .for("update");
  const order = locked ? await readServiceOrder(tx, orderId) : null;
  if (!order) throw new WarrantyNotFoundError(`OS ${orderId} não encontrada`);
  if (order.status !== "delivered" || !order.deliveredAt) {
    throw new WarrantyInputError(
      { form: `A OS nº ${orderId} ainda não foi entregue: a garantia começa na entrega do aparelho.` },
      409,
    );
  }
  const [existing] = await tx.select({ id: warranties.id }).from(warranties).where(eq(warranties.serviceOrderId, orderId));
  if (existing) throw new WarrantyInputError({ form: `A OS nº ${orderId} já tem a garantia nº ${existing.id}.` }, 409);
  const subject = orderWarrantySubject(order);
  const { warranty, garantia } = await insertWarrantyInTx(
    tx,
    actor,
    {
      serviceOrderId: orderId,
      customerId: subject.customerId,
      customerName: subject.customerName,
      customerPhone: subject.customerPhone,
      itemDescription: subject.itemDescription,
      imeiOrSerial: subject.imeiOrSerial,
      startsOn: shopToday(new Date(order.deliveredAt)),
      technicianUserId: subject.technicianUserId,
      // A demo order's warranty goes with the demo data.
      isDemo: locked!.isDemo,
      ...terms,
    },
    { os: subject.termOrder },
  );
  await issueTermInTx(tx, actor, warranty.id, { loja: await readShopDataInTx(tx, locked!), garantia });
  return { ids: [warranty.id] };
}

export function issueOrderWarranty(actor: Actor, orderId: number, input: unknown) {
  return inTransaction((tx) => issueOrderWarrantyInTx(tx, actor, orderId, input));
}

/**
 * Warranties for items of a sale, one per item chosen (a phone's unit
 * carries its IMEI or serial), from the day of the sale. Refused for a
 * cancelled sale, an item given back in full, or an item that already has
 * one; a sale without a registered customer names whoever the staff type.
 */
export async function issueSaleWarrantiesInTx(tx: Transaction, actor: Actor, saleId: number, rawInput: unknown) {
  assertStaffActor(actor);
  const input = parseInput(SaleWarrantySchema, rawInput, refuse);
  const [sale] = await tx.select().from(sales).where(eq(sales.id, saleId)).for("update");
  if (!sale) throw new WarrantyNotFoundError(`venda ${saleId} não encontrada`);
  if (sale.status === "cancelled") {
    throw new WarrantyInputError({ form: `A venda nº ${saleId} foi cancelada: não há garantia a emitir.` }, 409);
  }
  const customer = sale.customerId ? (await tx.select().from(customers).where(eq(customers.id, sale.customerId)))[0] : undefined;
  const customerName = customer?.name ?? input.customerName;
  if (!customerName) throw refuse({ customerName: "Informe o nome do cliente: a venda não tem cliente cadastrado." });

  const items = await tx
    .select({ item: saleItems, serial: productUnits.serial, productName: products.name, warrantyId: warranties.id })
    .from(saleItems)
    .innerJoin(products, eq(products.id, saleItems.productId))
    .leftJoin(productUnits, eq(productUnits.id, saleItems.unitId))
    .leftJoin(warranties, eq(warranties.saleItemId, saleItems.id))
    .where(and(eq(saleItems.saleId, saleId), inArray(saleItems.id, input.saleItemIds)));
  if (items.length !== input.saleItemIds.length) throw refuse({ saleItemIds: "Escolha itens desta venda." });
  for (const { item, warrantyId } of items) {
    if (warrantyId !== null) {
      throw new WarrantyInputError({ saleItemIds: `“${item.description}” já tem a garantia nº ${warrantyId}.` }, 409);
    }
    if (item.returnedQuantity >= item.quantity) {
      throw new WarrantyInputError({ saleItemIds: `“${item.description}” foi devolvido: não há garantia a emitir.` }, 409);
    }
  }

  const venda: TermSale = { numero: sale.id, codigo: sale.code, data: sale.createdAt.toISOString() };
  const loja = await readShopDataInTx(tx);
  const ids: number[] = [];
  for (const { item, serial, productName } of items.sort((a, b) => a.item.position - b.item.position || a.item.id - b.item.id)) {
    const { warranty, garantia } = await insertWarrantyInTx(
      tx,
      actor,
      {
        saleId,
        saleItemId: item.id,
        unitId: item.unitId,
        customerId: sale.customerId,
        customerName,
        customerPhone: customer?.phone ?? "",
        // A unit's line names its IMEI too ("iPhone 12 · IMEI …"): the term prints the product, then the IMEI once.
        itemDescription: serial ? productName : item.description,
        imeiOrSerial: serial ?? "",
        startsOn: shopToday(sale.createdAt),
        contractualDays: input.contractualDays,
        coverage: input.coverage,
        exclusions: input.exclusions,
      },
      { venda },
    );
    await issueTermInTx(tx, actor, warranty.id, { loja, garantia });
    ids.push(warranty.id);
  }
  return { ids };
}

export function issueSaleWarranties(actor: Actor, saleId: number, input: unknown) {
  return inTransaction((tx) => issueSaleWarrantiesInTx(tx, actor, saleId, input));
}

/** How the claim's order names a device it only knows from a sale: an IMEI is a phone's. */
function deviceFromSale(warranty: typeof warranties.$inferSelect) {
  return {
    deviceType: /^\d{15}$/.test(warranty.imeiOrSerial) ? "phone" : "other",
    brand: "",
    model: warranty.itemDescription.slice(0, 120),
    imeiOrSerial: warranty.imeiOrSerial,
    color: "",
  };
}

/**
 * "Acionar garantia": a NEW service order for the same customer and device,
 * with no lines (no charge unless the staff quote one later), its notes
 * naming the original ("Garantia da OS nº 42"), linked by warranty_claims.
 * During the legal warranty after the contractual one it opens as well (the
 * law covers it); once both ended it is refused unless the staff tick it as
 * a courtesy, which the notes and the audit say.
 */
export async function openWarrantyClaimInTx(
  tx: Transaction,
  actor: Actor,
  warrantyId: number,
  rawInput: unknown,
  today = shopToday(),
) {
  assertStaffActor(actor);
  const input = parseInput(WarrantyClaimSchema, rawInput, refuse);
  const [warranty] = await tx.select().from(warranties).where(eq(warranties.id, warrantyId)).for("update");
  if (!warranty) throw new WarrantyNotFoundError(`garantia ${warrantyId} não encontrada`);
  const standing = warrantyStanding(warranty, today);
  if (standing.status === "expired" && !input.isCourtesy) {
    throw new WarrantyInputError(
      {
        isCourtesy: `A garantia venceu em ${formatDate(warranty.endsOn)} e a garantia legal em ${formatDate(standing.legalEndsOn)}. Para atender mesmo assim, marque “Atender como cortesia”.`,
      },
      409,
    );
  }
  if (warranty.customerId === null) {
    throw new WarrantyInputError(
      {
        form: `Esta garantia foi emitida para “${warranty.customerName}”, sem cadastro: cadastre o cliente e abra a OS pela tela de nova OS.`,
      },
      409,
    );
  }
  const device = warranty.serviceOrderId
    ? await tx
        .select({
          deviceType: serviceOrders.deviceType,
          brand: serviceOrders.brand,
          model: serviceOrders.model,
          imeiOrSerial: serviceOrders.imeiOrSerial,
          color: serviceOrders.color,
        })
        .from(serviceOrders)
        .where(eq(serviceOrders.id, warranty.serviceOrderId))
        .then((rows) => rows[0]!)
    : deviceFromSale(warranty);
  const basis =
    standing.status === "active"
      ? "garantia contratual"
      : standing.status === "legal-only"
        ? "garantia legal (CDC art. 26), depois da contratual"
        : "cortesia da loja: garantia vencida";
  const notes = [`${claimOrderNote({ ...warranty, warrantyId: warranty.id })} (${basis}).`, input.note]
    .filter(Boolean)
    .join("\n");
  const created = await createServiceOrderInTx(tx, actor, {
    customerId: String(warranty.customerId),
    ...device,
    reportedDefect: input.reportedDefect,
    notes,
    lines: [],
    conditionChecklist: [],
    idempotencyKey: input.idempotencyKey,
  });
  if (created.isReplay) {
    const [claim] = await tx
      .select({ id: warrantyClaims.id })
      .from(warrantyClaims)
      .where(eq(warrantyClaims.serviceOrderId, created.id));
    if (claim) return { claimId: claim.id, serviceOrderId: created.id, isReplay: true };
  }
  const [claim] = await tx
    .insert(warrantyClaims)
    .values({ warrantyId, serviceOrderId: created.id, reportedDefect: input.reportedDefect, createdByUserId: actor.userId })
    .returning({ id: warrantyClaims.id });
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "warranty.claim",
    entity: WARRANTY_ENTITY,
    entityId: String(warrantyId),
    details: {
      claimId: claim!.id,
      serviceOrderId: created.id,
      status: standing.status,
      isCourtesy: standing.status === "expired",
    },
  });
  return { claimId: claim!.id, serviceOrderId: created.id, isReplay: false };
}

export function openWarrantyClaim(actor: Actor, warrantyId: number, input: unknown, today = shopToday()) {
  return inTransaction((tx) => openWarrantyClaimInTx(tx, actor, warrantyId, input, today));
}

/**
 * The warranty's term for a paper, as issued. One that has none stored (a
 * warranty the migration or the demo created) is issued now from its row.
 * Null when no such warranty.
 */
export async function printWarrantyTerm(actor: Actor, warrantyId: number, paper: Paper) {
  assertStaffActor(actor);
  const db = await getDb();
  const [row] = await db
    .select({ warranty: warranties, subject: issuedDocumentSubject })
    .from(warranties)
    .where(eq(warranties.id, warrantyId));
  if (!row) return null;
  if (row.subject) {
    const issued = await findIssuedDocument(TERM_KIND, row.subject, paper);
    if (issued) return issued;
  }
  const subject = await inTransaction(async (tx) => {
    const [again] = await tx.select().from(warranties).where(eq(warranties.id, warrantyId)).for("update");
    if (!again) return null;
    if (again.issuedDocumentId === null) {
      // A demo warranty's term, issued on its first print, stays the demo's for good.
      await issueTermInTx(tx, actor, warrantyId, {
        loja: await readShopDataInTx(tx, again),
        garantia: await termDataInTx(tx, again),
      });
      return warrantySubject(warrantyId);
    }
    // Issued meanwhile by another request.
    const [document] = await tx
      .select({ subject: issuedDocuments.subject })
      .from(issuedDocuments)
      .where(eq(issuedDocuments.id, again.issuedDocumentId));
    return document?.subject ?? null;
  });
  return subject ? findIssuedDocument(TERM_KIND, subject, paper) : null;
}

const issuedDocumentSubject = sql<
  string | null
>`(select ${issuedDocuments.subject} from ${issuedDocuments} where ${issuedDocuments.id} = ${warranties.issuedDocumentId})`;

/** The term's `garantia` of a warranty from its row and its order or sale as they are now. */
async function termDataInTx(tx: Transaction, warranty: typeof warranties.$inferSelect) {
  const [customer] = warranty.customerId
    ? await tx.select({ phone: customers.phone }).from(customers).where(eq(customers.id, warranty.customerId))
    : [];
  const person = { nome: warranty.customerName, telefone: customer?.phone ?? "" };
  if (warranty.serviceOrderId !== null) {
    const order = await readServiceOrder(tx, warranty.serviceOrderId);
    if (!order) throw new Error(`OS ${warranty.serviceOrderId} da garantia ${warranty.id} sumiu`);
    return warrantyTermData(warranty, person, { os: orderWarrantySubject(order).termOrder });
  }
  const [sale] = await tx.select().from(sales).where(eq(sales.id, warranty.saleId!));
  if (!sale) throw new Error(`venda ${warranty.saleId} da garantia ${warranty.id} sumiu`);
  return warrantyTermData(warranty, person, {
    venda: { numero: sale.id, codigo: sale.code, data: sale.createdAt.toISOString() },
  });
}
