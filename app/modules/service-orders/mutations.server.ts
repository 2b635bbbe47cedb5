import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { inTransaction, type Transaction } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { customers } from "~/db/schema/customers";
import { serviceOrderLines, serviceOrderPayments, serviceOrderStatusEvents, serviceOrders } from "~/db/schema/service-orders";
import { suppliers } from "~/db/schema/suppliers";
import { atShopTime, shopToday } from "~/lib/dates";
import { parseInput } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import { formatCents } from "~/lib/money";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import {
  listNonOriginalPartsInTx,
  lockProductsInTx,
  quoteOrderPartsInTx,
  releaseOrderPartsInTx,
  reserveOrderPartsInTx,
  takeOrderPartsInTx,
  type LinePart,
  type StoredLinePart,
} from "~/modules/inventory/order-parts.server";
import { isDeactivatedSql } from "~/modules/accounts/person-name.server";
import { changedValues, recordAudit } from "~/modules/audit/record-audit.server";
import { recordRegisterEntryInTx } from "~/modules/finance/register-entries.server";
import { recordLoyaltyForOrderInTx, reverseLoyaltyForCancelledOrderInTx } from "~/modules/loyalty/ledger.server";
import { assertPixAvailable } from "~/modules/pix/pix-charge";
import { readShopSettingsInTx } from "~/modules/shop-settings/queries.server";
import { ServiceOrderInputError, ServiceOrderNotFoundError, ServiceOrderRuleError, ServiceOrderStatusMoveError } from "./errors";
import { isOrderNumber, SERVICE_ORDER_ENTITY } from "./order-number";
import { canMove, isDeliveryMove, isServiceOrderStatus, type ServiceOrderStatus } from "./status";
import { generateTrackingCode } from "./tracking-code";
import { decryptUnlockCode, encryptUnlockCode } from "./unlock-code.server";
import {
  linesTotalCents,
  MIN_WARRANTY_DAYS,
  NewServiceOrderKeySchema,
  NewServiceOrderSchema,
  normaliseUnlockCode,
  ServiceOrderDeliverySchema,
  ServiceOrderPaymentSchema,
  ServiceOrderSchema,
  type PaymentMethod,
  type ServiceOrderInput,
  type UnlockKind,
} from "./validation";
import { orderBalanceCents, orderDueCents } from "./order-money";
import { issueDeliveryDocumentsInTx } from "./print-documents.server";
import { loyaltyPartFor, MANUAL_ON_TOP_MESSAGE } from "./loyalty-discount.server";

type OrderRow = typeof serviceOrders.$inferSelect;
type OrderRef = Pick<OrderRow, "id" | "status">;

/** Statuses after which the order's content is history: no edit. */
const CLOSED_STATUSES: readonly string[] = ["delivered", "cancelled"];

/**
 * Moves an order to another status inside the caller's transaction: checks
 * the state machine, writes the timeline event and the audit entry. It does
 * not check who the actor is: staff pages call it through
 * changeServiceOrderStatus, /consultar with the public actor for the
 * customer's own quote decision. Delivery has its own function.
 */
export async function moveServiceOrderStatus(
  tx: Transaction,
  {
    order,
    to,
    actor,
    note = "",
    hasPartsConsent = false,
  }: {
    order: OrderRef;
    to: ServiceOrderStatus;
    actor: Actor;
    note?: string;
    /** The customer consented to the quote's parts that are not new original (CDC art. 21); needed to approve them. */
    hasPartsConsent?: boolean;
  },
) {
  if (isDeliveryMove(to)) {
    throw new ServiceOrderStatusMoveError(order.status, to, "A entrega é registrada pelo formulário de entrega.");
  }
  const consent = to === "approved" ? await partsConsentColumns(tx, order.id, actor, hasPartsConsent) : {};
  const move = await applyStatusMove(tx, { order, to, actor, note, extra: consent });
  const { short } = await moveOrderPartsInTx(tx, actor, order.id, to);
  if (to !== "approved" || short.length === 0) return move;
  // A shortage does not fail the customer's approval: the order waits for the part, and the timeline says which.
  await applyStatusMove(tx, {
    order: { id: order.id, status: "approved" },
    to: "awaiting_part",
    actor: actor.role === "public" ? STOCK_ACTOR : actor,
    note: `Peça em falta no estoque: ${short.map((part) => part.description).join(", ")}.`,
  });
  return { ...move, to: "awaiting_part" as const };
}

/** Who moves an order to "awaiting part" when the customer's approval finds a part short: the shop, not the customer. */
const STOCK_ACTOR: Actor = { userId: null, label: "Loja (falta de peça no estoque)", role: "public" };

/** Consumer code art. 21: approving parts that are not new original records the customer's consent, or is refused. */
async function partsConsentColumns(tx: Transaction, orderId: number, actor: Actor, hasPartsConsent: boolean) {
  const parts = await listNonOriginalPartsInTx(tx, orderId);
  if (parts.length === 0) return {};
  if (!hasPartsConsent) {
    throw new ServiceOrderRuleError(
      `O orçamento tem peça que não é nova original (${parts.map((part) => part.description).join(", ")}): confirme que o cliente concordou com isso antes de aprovar.`,
      "partsConsent",
    );
  }
  return { partsConsentAt: new Date(), partsConsentBy: actor.label };
}

/**
 * What a status move does to the order's parts, in its transaction:
 * approval reserves them (a shortage is answered, not refused); the
 * repair takes them out of stock, and cannot start while one is short;
 * an order that ends without repair gives them back.
 */
async function moveOrderPartsInTx(tx: Transaction, actor: Actor, orderId: number, to: ServiceOrderStatus) {
  switch (to) {
    case "approved":
      return reserveOrderPartsInTx(tx, orderId);
    case "repairing": {
      const { short } = await reserveOrderPartsInTx(tx, orderId);
      if (short.length > 0) {
        throw new ServiceOrderRuleError(
          `Falta peça no estoque para iniciar o reparo: ${short.map((part) => part.description).join(", ")}. Dê entrada da peça no estoque ou altere o orçamento.`,
        );
      }
      await takeOrderPartsInTx(tx, actor, orderId);
      return { short };
    }
    case "cancelled":
    case "declined":
    case "not_repairable":
      await releaseOrderPartsInTx(tx, actor, orderId);
      return { short: [] };
    default:
      return { short: [] };
  }
}

/** The move itself; deliverServiceOrder reaches "delivered" through here with its own columns. */
async function applyStatusMove(
  tx: Transaction,
  {
    order,
    to,
    actor,
    note,
    extra = {},
  }: { order: OrderRef; to: ServiceOrderStatus; actor: Actor; note: string; extra?: Partial<typeof serviceOrders.$inferInsert> },
) {
  const from = order.status;
  if (!isServiceOrderStatus(from) || !canMove(from, to)) throw new ServiceOrderStatusMoveError(from, to);
  const now = new Date();
  const isQuoteDecision = to === "approved" || to === "declined";
  // Compare-and-set on the status: a concurrent move of the same order makes this one a refusal, not a double step.
  const updated = await tx
    .update(serviceOrders)
    .set({ ...extra, status: to, statusChangedAt: now, updatedAt: now, ...(isQuoteDecision ? { quoteDecidedAt: now } : {}) })
    .where(and(eq(serviceOrders.id, order.id), eq(serviceOrders.status, from)))
    .returning({ id: serviceOrders.id });
  if (updated.length === 0) throw new ServiceOrderStatusMoveError(from, to);
  // Loyalty: a cancelled order gives back what its payments earned; a delivery may complete a referral or the cycle's bonus.
  if (to === "cancelled") await reverseLoyaltyForCancelledOrderInTx(tx, actor, order.id, now);
  if (to === "delivered") await recordLoyaltyForOrderInTx(tx, actor, order.id, now);
  const cleanNote = note.trim().slice(0, 500);
  await tx.insert(serviceOrderStatusEvents).values({
    orderId: order.id,
    fromStatus: from,
    toStatus: to,
    actorUserId: actor.userId,
    actorLabel: actor.label,
    note: cleanNote,
    createdAt: now,
  });
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "service-order.status.change",
    entity: SERVICE_ORDER_ENTITY,
    entityId: String(order.id),
    details: { from, to, ...(cleanNote ? { note: cleanNote } : {}) },
  });
  return { from, to, at: now };
}

/** Staff moving an order from its page: only the state machine's moves, delivery excluded. */
export async function changeServiceOrderStatusInTx(
  tx: Transaction,
  actor: Actor,
  orderId: number,
  to: ServiceOrderStatus,
  note = "",
  { hasPartsConsent = false }: { hasPartsConsent?: boolean } = {},
) {
  assertStaffActor(actor);
  const order = await lockOrder(tx, orderId);
  return moveServiceOrderStatus(tx, { order, to, actor, note, hasPartsConsent });
}

export function changeServiceOrderStatus(
  actor: Actor,
  orderId: number,
  to: ServiceOrderStatus,
  note = "",
  options: { hasPartsConsent?: boolean } = {},
) {
  return inTransaction((tx) => changeServiceOrderStatusInTx(tx, actor, orderId, to, note, options));
}

/** Reads the order's row for update, so two writes to one order (totals, status) run one after the other. */
async function lockOrder(tx: Transaction, orderId: number) {
  if (!isOrderNumber(orderId)) throw new ServiceOrderNotFoundError(orderId);
  const [order] = await tx.select().from(serviceOrders).where(eq(serviceOrders.id, orderId)).for("update");
  if (!order) throw new ServiceOrderNotFoundError(orderId);
  return order;
}

/** The schema's verdict on what a form posted, or ServiceOrderInputError with a message per field. */
function parseOrderInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  return parseInput(schema, input, (fieldErrors) => new ServiceOrderInputError("invalid-input", fieldErrors));
}

async function assertCustomerExists(tx: Transaction, customerId: number) {
  const [found] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  if (!found) throw new ServiceOrderRuleError("Cliente não encontrado: escolha outro ou cadastre um novo.", "customerId");
}

async function assertTechnician(tx: Transaction, userId: string) {
  if (userId === "") return;
  const [found] = await tx
    .select({ isDeactivated: isDeactivatedSql(user.id) })
    .from(user)
    .where(and(eq(user.id, userId), inArray(user.role, ["owner", "staff"])));
  if (!found) throw new ServiceOrderRuleError("Escolha um técnico da equipe.", "technicianUserId");
  if (found.isDeactivated) {
    throw new ServiceOrderRuleError(
      "Este técnico foi desativado pelo proprietário: escolha outro da equipe.",
      "technicianUserId",
    );
  }
}

function lineRows(orderId: number, input: ServiceOrderInput, parts: readonly LinePart[]) {
  return input.lines.map((line, position) => ({
    orderId,
    position,
    kind: line.kind,
    description: line.description,
    quantity: line.quantity,
    unitPriceCents: line.unitPrice,
    expectedArrivalDate: line.kind === "part" && line.expectedArrivalDate !== "" ? line.expectedArrivalDate : null,
    supplierId: line.kind === "part" ? line.supplierId : null,
    ...parts[position]!,
  }));
}

/**
 * The suppliers the part lines name, by id, each an existing record (a stale or forged form names
 * one that is not: refused on its line's field, before any write).
 */
async function lineSupplierNamesInTx(tx: Transaction, input: ServiceOrderInput) {
  const ids = [
    ...new Set(input.lines.flatMap((line) => (line.kind === "part" && line.supplierId !== null ? [line.supplierId] : []))),
  ];
  const found =
    ids.length === 0
      ? []
      : await tx.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(inArray(suppliers.id, ids));
  const names = new Map(found.map((row) => [row.id, row.name]));
  const missing = input.lines.findIndex(
    (line) => line.kind === "part" && line.supplierId !== null && !names.has(line.supplierId),
  );
  if (missing >= 0) throw new ServiceOrderRuleError("Escolha um fornecedor da lista.", `lines.${missing}.supplierId`);
  return names;
}

/** "Tela: Distribuidora Sul" per part line with a supplier: what the audit keeps of who the parts came from. */
function supplierLabels(
  lines: readonly { description: string; supplierId: number | null }[],
  names: ReadonlyMap<number, string>,
) {
  return lines.flatMap((line) =>
    line.supplierId === null ? [] : [`${line.description}: ${names.get(line.supplierId) ?? `fornecedor nº ${line.supplierId}`}`],
  );
}

const partSuppliersDetail = (lines: ServiceOrderInput["lines"], names: ReadonlyMap<number, string>) => {
  const labels = supplierLabels(lines, names);
  return labels.length > 0 ? { lineSuppliers: labels } : {};
};

/** changedValues' before/after with more fields added, each as [before, after]. */
function mergeChanges(
  values: { before: Record<string, unknown>; after: Record<string, unknown> },
  more: Record<string, [unknown, unknown]>,
) {
  const before = { ...values.before };
  const after = { ...values.after };
  for (const [field, [was, now]] of Object.entries(more)) {
    before[field] = was;
    after[field] = now;
  }
  return { before, after };
}

/** The quote's lines as the inventory's part rules read them. */
const quotedParts = (input: ServiceOrderInput) =>
  input.lines.map((line) => ({ quantity: line.quantity, productId: line.productId, productUnitId: line.productUnitId }));

/** An edit on an order whose parts are already held or taken holds (and, once the repair started, takes) the new ones too. */
async function settleEditedPartsInTx(tx: Transaction, actor: Actor, orderId: number, status: string) {
  if (status === "approved" || status === "awaiting_part") await reserveOrderPartsInTx(tx, orderId);
  if (status === "repairing" || status === "ready") {
    await reserveOrderPartsInTx(tx, orderId);
    await takeOrderPartsInTx(tx, actor, orderId);
  }
}

/** The columns the form sets directly, shared by create and update. */
function formColumns(input: ServiceOrderInput) {
  return {
    customerId: input.customerId,
    deviceType: input.deviceType,
    brand: input.brand,
    model: input.model,
    imeiOrSerial: input.imeiOrSerial,
    color: input.color,
    accessories: input.accessories,
    conditionChecklist: input.conditionChecklist,
    conditionNotes: input.conditionNotes,
    reportedDefect: input.reportedDefect,
    diagnosis: input.diagnosis,
    technicianUserId: input.technicianUserId === "" ? null : input.technicianUserId,
    linesTotalCents: linesTotalCents(input.lines),
    discountCents: input.discount,
    promisedDate: input.promisedDate === "" ? null : input.promisedDate,
    notes: input.notes,
  };
}

const MAX_TRACKING_CODE_ATTEMPTS = 5;

export type CreatedServiceOrder = { id: number; trackingCode: string; isReplay: boolean };

/**
 * A new order from the counter: the order, its quote, the deposit and the
 * first timeline entry, together. The form may take a deposit, so a repeated
 * submission (same idempotency key) returns the order already opened.
 */
export async function createServiceOrderInTx(tx: Transaction, actor: Actor, rawInput: unknown): Promise<CreatedServiceOrder> {
  assertStaffActor(actor);
  const input = parseOrderInput(NewServiceOrderSchema, rawInput);
  const { idempotencyKey } = parseOrderInput(NewServiceOrderKeySchema, rawInput);
  const key = { key: idempotencyKey, scope: "service-order.create", actorUserId: actor.userId, content: input };
  const { result, isReplay } = await runOnce(tx, key, () => insertServiceOrder(tx, actor, input));
  return { ...result, isReplay };
}

export function createServiceOrder(actor: Actor, input: unknown) {
  return inTransaction((tx) => createServiceOrderInTx(tx, actor, input));
}

async function insertServiceOrder(
  tx: Transaction,
  actor: Actor,
  input: ServiceOrderInput,
): Promise<{ id: number; trackingCode: string }> {
  const unlockCode = normaliseUnlockCode(input.unlockKind, input.unlockCode);
  const unlock = input.unlockKind === "" ? null : { kind: input.unlockKind, secret: encryptUnlockCode(unlockCode) };
  const settings = await readShopSettingsInTx(tx);
  const warrantyDays = input.warrantyDays ?? Math.max(settings.defaultWarrantyDays, MIN_WARRANTY_DAYS);
  await assertCustomerExists(tx, input.customerId);
  await assertTechnician(tx, input.technicianUserId);
  const supplierNames = await lineSupplierNamesInTx(tx, input);
  const { parts } = await quoteOrderPartsInTx(tx, quotedParts(input));
  const now = new Date();
  let created: { id: number; trackingCode: string } | undefined;
  for (let attempt = 0; !created && attempt < MAX_TRACKING_CODE_ATTEMPTS; attempt++) {
    // A taken code (about one in 10^11 per order) is skipped without aborting the transaction.
    [created] = await tx
      .insert(serviceOrders)
      .values({
        ...formColumns(input),
        trackingCode: generateTrackingCode(),
        status: "received",
        statusChangedAt: now,
        unlockKind: unlock?.kind ?? null,
        unlockSecret: unlock?.secret ?? null,
        paidCents: input.deposit,
        warrantyDays,
        createdByUserId: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: serviceOrders.trackingCode })
      .returning({ id: serviceOrders.id, trackingCode: serviceOrders.trackingCode });
  }
  if (!created) throw new Error("não foi possível gerar um código de acompanhamento único");
  if (input.lines.length > 0) await tx.insert(serviceOrderLines).values(lineRows(created.id, input, parts));
  if (input.deposit > 0 && input.depositMethod !== "") {
    const [deposit] = await tx
      .insert(serviceOrderPayments)
      .values({
        orderId: created.id,
        method: input.depositMethod,
        amountCents: input.deposit,
        isDeposit: true,
        paidAt: now,
        note: "Sinal na abertura da OS",
        receivedByUserId: actor.userId,
      })
      .returning({ id: serviceOrderPayments.id });
    await recordOrderPaymentInRegisterInTx(tx, actor, {
      paymentId: deposit!.id,
      method: input.depositMethod,
      amountCents: input.deposit,
      customerId: input.customerId,
      orderId: created.id,
      field: "depositMethod",
    });
  }
  await tx.insert(serviceOrderStatusEvents).values({
    orderId: created.id,
    fromStatus: null,
    toStatus: "received",
    actorUserId: actor.userId,
    actorLabel: actor.label,
    createdAt: now,
  });
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "service-order.create",
    entity: SERVICE_ORDER_ENTITY,
    entityId: String(created.id),
    details: {
      customerId: input.customerId,
      deviceType: input.deviceType,
      linesTotalCents: linesTotalCents(input.lines),
      discountCents: input.discount,
      depositCents: input.deposit,
      hasUnlockCode: unlock !== null,
      ...partSuppliersDetail(input.lines, supplierNames),
    },
  });
  return created;
}

/**
 * The edit form: device, defect, quote (lines replaced, totals recomputed).
 * The deposit fields are the new-order form's only; later money goes through
 * addServiceOrderPayment. A blank unlock code keeps the stored one, "no lock"
 * erases it.
 */
export async function updateServiceOrderInTx(
  tx: Transaction,
  actor: Actor,
  orderId: number,
  rawInput: unknown,
): Promise<{ id: number }> {
  assertStaffActor(actor);
  const input = parseOrderInput(ServiceOrderSchema, rawInput);
  const unlockCode = normaliseUnlockCode(input.unlockKind, input.unlockCode);
  const newSecret = input.unlockKind !== "" && unlockCode !== "" ? encryptUnlockCode(unlockCode) : null;
  const order = await lockOrder(tx, orderId);
  if (CLOSED_STATUSES.includes(order.status)) {
    throw new ServiceOrderRuleError("Uma OS entregue ou cancelada não pode mais ser alterada.");
  }
  if (order.customerId !== input.customerId) await assertCustomerExists(tx, input.customerId);
  if (order.technicianUserId !== (input.technicianUserId || null)) await assertTechnician(tx, input.technicianUserId);
  const supplierNames = await lineSupplierNamesInTx(tx, input);
  // A blank warranty keeps the one the order has; create falls back to the shop's default instead.
  const columns = { ...formColumns(input), warrantyDays: input.warrantyDays ?? order.warrantyDays };
  // The loyalty level's discount follows the quote at its percentage; the form's discount is what staff typed on top.
  // Another customer's order no longer carries the first customer's level: staff apply the new one's, if any.
  const keepsLoyalty = order.customerId === input.customerId;
  const loyaltyDiscountCents = keepsLoyalty ? loyaltyPartFor(order, columns.linesTotalCents) : 0;
  const loyaltyLevel = keepsLoyalty ? {} : { loyaltyLevelName: null, loyaltyDiscountBasisPoints: null };
  if (loyaltyDiscountCents > 0 && input.discount > order.discountCents - order.loyaltyDiscountCents && actor.role !== "owner") {
    throw new ServiceOrderRuleError(MANUAL_ON_TOP_MESSAGE, "discount");
  }
  columns.discountCents = input.discount + loyaltyDiscountCents;
  if (columns.discountCents > columns.linesTotalCents) {
    throw new ServiceOrderRuleError("O desconto não pode passar do total do orçamento.", "discount");
  }
  const dueCents = orderDueCents(columns);
  if (dueCents < order.paidCents) {
    throw new ServiceOrderRuleError(
      `O total com desconto (${formatCents(dueCents)}) não pode ficar abaixo do que já foi pago (${formatCents(order.paidCents)}).`,
      "discount",
    );
  }
  const unlock = nextUnlock(order, input.unlockKind, newSecret);
  const changed = [
    ...Object.entries(columns)
      .filter(([key, value]) => JSON.stringify(order[key as keyof typeof columns]) !== JSON.stringify(value))
      .map(([key]) => key),
    ...(unlock.unlockSecret !== order.unlockSecret ? ["unlockCode"] : []),
  ];
  await tx
    .update(serviceOrders)
    .set({ ...columns, loyaltyDiscountCents, ...loyaltyLevel, ...unlock, updatedAt: new Date() })
    .where(eq(serviceOrders.id, orderId));
  // Parts removed or changed go back to stock before their lines go; unchanged ones keep their state.
  const stored: StoredLinePart[] = await tx
    .select({
      id: serviceOrderLines.id,
      quantity: serviceOrderLines.quantity,
      productId: serviceOrderLines.productId,
      productUnitId: serviceOrderLines.productUnitId,
      stockState: serviceOrderLines.stockState,
      partOrigin: serviceOrderLines.partOrigin,
    })
    .from(serviceOrderLines)
    .where(eq(serviceOrderLines.orderId, orderId));
  const { parts, removed } = await quoteOrderPartsInTx(tx, quotedParts(input), stored);
  await lockProductsInTx(
    tx,
    [...removed, ...parts].map((part) => part.productId),
  );
  await releaseOrderPartsInTx(
    tx,
    actor,
    orderId,
    removed.map((line) => line.id),
  );
  const suppliersBefore = await tx
    .select({ description: serviceOrderLines.description, supplier: suppliers.name })
    .from(serviceOrderLines)
    .innerJoin(suppliers, eq(suppliers.id, serviceOrderLines.supplierId))
    .where(eq(serviceOrderLines.orderId, orderId))
    .orderBy(asc(serviceOrderLines.position), asc(serviceOrderLines.id));
  const lineSuppliersBefore = suppliersBefore.map((row) => `${row.description}: ${row.supplier}`);
  const lineSuppliersAfter = supplierLabels(input.lines, supplierNames);
  // Who a part came from is a change of the order like its fields: named in `changed`, its before → after kept.
  const suppliersChanged = JSON.stringify(lineSuppliersBefore) !== JSON.stringify(lineSuppliersAfter);
  if (suppliersChanged) changed.push("lineSuppliers");
  await tx.delete(serviceOrderLines).where(eq(serviceOrderLines.orderId, orderId));
  if (input.lines.length > 0) await tx.insert(serviceOrderLines).values(lineRows(orderId, input, parts));
  await settleEditedPartsInTx(tx, actor, orderId, order.status);
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "service-order.update",
    entity: SERVICE_ORDER_ENTITY,
    entityId: String(orderId),
    // Field names only: values may hold personal data, and never the unlock code. The price, none of those, as before → after.
    details: {
      changed,
      linesTotalCents: columns.linesTotalCents,
      discountCents: columns.discountCents,
      ...mergeChanges(
        changedValues(order, columns, ["linesTotalCents", "discountCents"]),
        suppliersChanged ? { lineSuppliers: [lineSuppliersBefore, lineSuppliersAfter] } : {},
      ),
    },
  });
  return { id: orderId };
}

export function updateServiceOrder(actor: Actor, orderId: number, input: unknown) {
  return inTransaction((tx) => updateServiceOrderInTx(tx, actor, orderId, input));
}

function nextUnlock(order: OrderRow, kind: UnlockKind | "", newSecret: string | null) {
  if (kind === "") return { unlockKind: null, unlockSecret: null };
  if (newSecret) return { unlockKind: kind, unlockSecret: newSecret };
  if (!order.unlockSecret)
    throw new ServiceOrderRuleError("Informe a senha ou o padrão, ou escolha “Sem bloqueio”.", "unlockCode");
  if (order.unlockKind !== kind)
    throw new ServiceOrderRuleError("Para mudar o tipo de bloqueio, informe a nova senha ou padrão.", "unlockCode");
  return { unlockKind: order.unlockKind, unlockSecret: order.unlockSecret };
}

export type AddedPayment = { paymentId: number; amountCents: number; isReplay: boolean };

/**
 * Money received against an order. A repeated submission of the same form
 * (same idempotency key) returns the payment already recorded: never twice.
 */
export async function addServiceOrderPaymentInTx(
  tx: Transaction,
  actor: Actor,
  orderId: number,
  rawInput: unknown,
): Promise<AddedPayment> {
  assertStaffActor(actor);
  const input = parseOrderInput(ServiceOrderPaymentSchema, rawInput);
  const key = { key: input.idempotencyKey, scope: `service-order.payment:${orderId}`, actorUserId: actor.userId, content: input };
  const { result, isReplay } = await runOnce(tx, key, async () => {
    const order = await lockOrder(tx, orderId);
    const balance = orderBalanceCents(order);
    if (balance <= 0) throw new ServiceOrderRuleError("Esta OS não tem saldo em aberto.", "amount");
    if (input.amount > balance) {
      throw new ServiceOrderRuleError(`O valor passa do saldo em aberto (${formatCents(balance)}).`, "amount");
    }
    const paidAt = input.paidAt === "" || input.paidAt === shopToday() ? new Date() : atShopTime(input.paidAt, "12:00");
    const [payment] = await tx
      .insert(serviceOrderPayments)
      .values({
        orderId,
        method: input.method,
        amountCents: input.amount,
        paidAt,
        note: input.note,
        receivedByUserId: actor.userId,
      })
      .returning({ id: serviceOrderPayments.id });
    await recordOrderPaymentInRegisterInTx(tx, actor, {
      paymentId: payment!.id,
      method: input.method,
      amountCents: input.amount,
      customerId: order.customerId,
      orderId,
      field: input.paidAt !== "" && input.paidAt < shopToday() ? "paidAt" : "method",
      // A payment dated earlier belongs to its day (decision 0024), not to today's register.
      paidOn: input.paidAt === "" ? null : input.paidAt,
    });
    await tx
      .update(serviceOrders)
      .set({ paidCents: order.paidCents + input.amount, updatedAt: new Date() })
      .where(eq(serviceOrders.id, orderId));
    await recordLoyaltyForOrderInTx(tx, actor, orderId);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "service-order.payment.add",
      entity: SERVICE_ORDER_ENTITY,
      entityId: String(orderId),
      details: { paymentId: payment!.id, method: input.method, amountCents: input.amount, paidAt: paidAt.toISOString() },
    });
    return { paymentId: payment!.id, amountCents: input.amount };
  });
  return { ...result, isReplay };
}

export function addServiceOrderPayment(actor: Actor, orderId: number, input: unknown) {
  return inTransaction((tx) => addServiceOrderPaymentInTx(tx, actor, orderId, input));
}

/**
 * The part of an order's balance a crediário plan finances (modules/credit,
 * in the plan's transaction): a payment of method "crediario", so the
 * order's balance is covered and what is owed lives in the plan's
 * instalments. No money arrives: the register entry names the customer and
 * finance posts nothing for it.
 */
export async function addServiceOrderCreditPaymentInTx(
  tx: Transaction,
  actor: Actor,
  orderId: number,
  { amountCents, note }: { amountCents: number; note: string },
) {
  assertStaffActor(actor);
  const order = await lockOrder(tx, orderId);
  const balance = orderBalanceCents(order);
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > balance) {
    throw new ServiceOrderRuleError(`O crediário passa do saldo em aberto da OS (${formatCents(Math.max(0, balance))}).`);
  }
  const [payment] = await tx
    .insert(serviceOrderPayments)
    .values({ orderId, method: "crediario", amountCents, note, receivedByUserId: actor.userId })
    .returning({ id: serviceOrderPayments.id });
  await recordRegisterEntryInTx(tx, actor, {
    kind: "order-payment",
    method: "crediario",
    amountCents,
    serviceOrderPaymentId: payment!.id,
    customerId: order.customerId,
    reason: `OS nº ${orderId} · ${note}`,
  });
  await tx
    .update(serviceOrders)
    .set({ paidCents: order.paidCents + amountCents, updatedAt: new Date() })
    .where(eq(serviceOrders.id, orderId));
  await recordLoyaltyForOrderInTx(tx, actor, orderId);
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "service-order.payment.add",
    entity: SERVICE_ORDER_ENTITY,
    entityId: String(orderId),
    details: { paymentId: payment!.id, method: "crediario", amountCents, note },
  });
  return { paymentId: payment!.id };
}

/**
 * Money received for an order lands in the register in the same
 * transaction: cash in the open register (none open refuses the payment,
 * next to `field`), PIX and cards in it or, with none open, in the day's
 * records for the next closing.
 */
async function recordOrderPaymentInRegisterInTx(
  tx: Transaction,
  actor: Actor,
  payment: {
    paymentId: number;
    method: PaymentMethod;
    amountCents: number;
    customerId: number;
    orderId: number;
    field: string;
    paidOn?: string | null;
  },
) {
  // The order's page shows a PIX code to the shop's key, as the register's does: refused while there is none (or only the demo's).
  if (payment.method === "pix") assertPixAvailable(await readShopSettingsInTx(tx));
  await recordRegisterEntryInTx(tx, actor, {
    kind: "order-payment",
    method: payment.method,
    amountCents: payment.amountCents,
    serviceOrderPaymentId: payment.paymentId,
    customerId: payment.customerId,
    reason: `OS nº ${payment.orderId}`,
    field: payment.field,
    paidOn: payment.paidOn ?? null,
  });
}

/**
 * A payment cancelled from the register (a PIX that never arrived, a
 * payment typed twice): the order's paid amount goes back down, in the
 * register's transaction. On a delivered order the amount becomes owed,
 * so it shows on /devedores. The payment row stays; its register entry
 * says it was cancelled, by whom and why.
 */
export async function reverseServiceOrderPaymentInTx(tx: Transaction, actor: Actor, paymentId: number, reason: string) {
  assertStaffActor(actor);
  const [payment] = await tx
    .select({ orderId: serviceOrderPayments.orderId, amountCents: serviceOrderPayments.amountCents })
    .from(serviceOrderPayments)
    .where(eq(serviceOrderPayments.id, paymentId));
  if (!payment) return null;
  const order = await lockOrder(tx, payment.orderId);
  const isDelivered = order.status === "delivered";
  await tx
    .update(serviceOrders)
    .set({
      paidCents: order.paidCents - payment.amountCents,
      ...(isDelivered ? { owedAtDeliveryCents: order.owedAtDeliveryCents + payment.amountCents } : {}),
      updatedAt: new Date(),
    })
    .where(eq(serviceOrders.id, order.id));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "service-order.payment.reverse",
    entity: SERVICE_ORDER_ENTITY,
    entityId: String(order.id),
    details: { paymentId, amountCents: payment.amountCents, reason, ...(isDelivered ? { becameOwed: true } : {}) },
  });
  return { orderId: order.id };
}

/**
 * The device leaves the shop: who collected it, the balance settled or
 * recorded as owed (listed on /devedores), and the unlock code erased.
 */
export async function deliverServiceOrderInTx(
  tx: Transaction,
  actor: Actor,
  orderId: number,
  rawInput: unknown,
): Promise<{ id: number; owedCents: number }> {
  assertStaffActor(actor);
  const input = parseOrderInput(ServiceOrderDeliverySchema, rawInput);
  const order = await lockOrder(tx, orderId);
  if (!isServiceOrderStatus(order.status) || !canMove(order.status, "delivered")) {
    throw new ServiceOrderStatusMoveError(order.status, "delivered");
  }
  const balance = Math.max(0, orderBalanceCents(order));
  if (balance > 0 && !input.registerDebt) {
    throw new ServiceOrderRuleError(
      `Há um saldo de ${formatCents(balance)} em aberto: registre o pagamento antes, ou marque “Registrar saldo como dívida”.`,
      "registerDebt",
    );
  }
  const now = new Date();
  await applyStatusMove(tx, {
    order,
    to: "delivered",
    actor,
    note: input.note,
    extra: {
      deliveredAt: now,
      deliveredTo: input.deliveredTo,
      owedAtDeliveryCents: balance,
      unlockKind: null,
      unlockSecret: null,
    },
  });
  await issueDeliveryDocumentsInTx(tx, actor, orderId);
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "service-order.deliver",
    entity: SERVICE_ORDER_ENTITY,
    entityId: String(orderId),
    details: { deliveredTo: input.deliveredTo, owedCents: balance, unlockCodeErased: order.unlockSecret !== null },
  });
  return { id: orderId, owedCents: balance };
}

export function deliverServiceOrder(actor: Actor, orderId: number, input: unknown) {
  return inTransaction((tx) => deliverServiceOrderInTx(tx, actor, orderId, input));
}

/**
 * The one way to read an order's unlock code: staff only, and every reading
 * is recorded in the audit log. Null when the order has none (or it was
 * erased at delivery).
 */
export async function revealUnlockCodeInTx(
  tx: Transaction,
  actor: Actor,
  orderId: number,
): Promise<{ kind: string; code: string } | null> {
  assertStaffActor(actor);
  if (!isOrderNumber(orderId)) throw new ServiceOrderNotFoundError(orderId);
  const [order] = await tx
    .select({ unlockKind: serviceOrders.unlockKind, unlockSecret: serviceOrders.unlockSecret })
    .from(serviceOrders)
    .where(eq(serviceOrders.id, orderId));
  if (!order) throw new ServiceOrderNotFoundError(orderId);
  if (!order.unlockSecret || !order.unlockKind) return null;
  const code = decryptUnlockCode(order.unlockSecret);
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "service-order.unlock-code.view",
    entity: SERVICE_ORDER_ENTITY,
    entityId: String(orderId),
    details: { kind: order.unlockKind },
  });
  return { kind: order.unlockKind, code };
}

export function revealUnlockCode(actor: Actor, orderId: number) {
  return inTransaction((tx) => revealUnlockCodeInTx(tx, actor, orderId));
}
