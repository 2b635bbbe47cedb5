import { and, asc, count, eq, getTableColumns, inArray, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { getDb, inTransaction, type Database, type Transaction } from "~/db/client.server";
import { namedColumns, readTogether } from "~/db/read-together.server";
import { customers } from "~/db/schema/customers";
import { pickupContactAttempts, serviceOrders } from "~/db/schema/service-orders";
import { addDays, daysBetween, isInTheFuture, parseShopDateTimeInput, shopToday, startOfShopDay } from "~/lib/dates";
import { optionalText, parseInput } from "~/lib/forms";
import { personNameSql } from "~/modules/accounts/person-name.server";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { ServiceOrderInputError, ServiceOrderNotFoundError, ServiceOrderRuleError } from "./errors";
import { isOrderNumber, SERVICE_ORDER_ENTITY } from "./order-number";
import { AWAITING_PICKUP_STATUSES, isServiceOrderStatus, type ServiceOrderStatus } from "./status";
import { orderBalanceCents } from "./order-money";

/**
 * /pending-pickups: devices ready (or returned unrepaired) that nobody came
 * for. Brazilian law does not let the shop sell or discard an abandoned
 * device, so every attempt to reach the customer is logged: the log is the
 * shop's evidence, and it is printed on demand.
 */

export const PICKUP_CONTACT_CHANNELS = ["whatsapp", "phone", "email", "in-person", "letter"] as const;
export type PickupContactChannel = (typeof PICKUP_CONTACT_CHANNELS)[number];

export const PICKUP_CHANNEL_LABELS: Record<PickupContactChannel, string> = {
  whatsapp: "WhatsApp",
  phone: "Telefone",
  email: "E-mail",
  "in-person": "Presencial",
  letter: "Carta",
};

/**
 * Each card carries its WhatsApp reminder and its contact form (~7 KB of
 * HTML and data): 10 keep a page within issue 26's 200 KB with the staff shell.
 */
export const PENDING_PICKUPS_PAGE_SIZE = 10;

export type PendingPickup = {
  orderId: number;
  trackingCode: string;
  status: ServiceOrderStatus;
  /** Since when the device waits (the move to its current status). */
  waitingSince: string;
  /** Calendar days at the shop, so "yesterday 18:00" is 1 day however late it is now. */
  daysWaiting: number;
  balanceCents: number;
  customerName: string;
  customerPhone: string;
  device: { type: string; brand: string; model: string };
  attemptCount: number;
  lastAttemptAt: string | null;
};

export type PickupContactAttempt = {
  id: number;
  orderId: number;
  attemptedAt: string;
  channel: PickupContactChannel;
  note: string;
  actorLabel: string;
};

/**
 * Written out as constants, not parameters, so the planner proves it matches
 * the partial index service_orders_awaiting_pickup_idx (page and count read
 * only the orders waiting, in order, whatever the plan cache does).
 */
const awaitingPickup = sql`${serviceOrders.status} in (${sql.raw(AWAITING_PICKUP_STATUSES.map((status) => `'${status}'`).join(", "))}) and ${serviceOrders.deliveredAt} is null`;

/**
 * The instant before which a device moved to its status has waited at least
 * `days` calendar days on `today` (daysWaiting below): it became ready on
 * `today − days` or earlier.
 */
export function waitingSinceBefore(today: string, days: number) {
  return startOfShopDay(addDays(today, 1 - days));
}

/** The devices waiting; with `minDaysWaiting`, only those waiting at least that many days on `today` (the abandonment clock). */
export function pendingPickupsWhere(today: string, minDaysWaiting: number | null = null): SQL {
  if (minDaysWaiting === null) return awaitingPickup;
  return and(awaitingPickup, lt(serviceOrders.statusChangedAt, waitingSinceBefore(today, minDaysWaiting)))!;
}

/** How many devices wait (the list's count): read on the partial index alone. */
export function pendingPickupsCountQuery(reader: Database | Transaction, where: SQL = awaitingPickup) {
  // Named, for a read through readTogether too (its rows come back as JSON objects under these names).
  return reader
    .select({ total: count().as("total") })
    .from(serviceOrders)
    .where(where);
}

const PAGE_COLUMNS = {
  orderId: serviceOrders.id,
  trackingCode: serviceOrders.trackingCode,
  status: serviceOrders.status,
  statusChangedAt: serviceOrders.statusChangedAt,
  linesTotalCents: serviceOrders.linesTotalCents,
  discountCents: serviceOrders.discountCents,
  paidCents: serviceOrders.paidCents,
  deviceType: serviceOrders.deviceType,
  brand: serviceOrders.brand,
  model: serviceOrders.model,
  customerName: customers.name,
  customerPhone: customers.phone,
  attemptCount: sql<number>`(select count(*)::int from ${pickupContactAttempts} where ${pickupContactAttempts.orderId} = ${serviceOrders.id})`,
  lastAttemptAt: sql<
    string | null
  >`(select max(${pickupContactAttempts.attemptedAt}) from ${pickupContactAttempts} where ${pickupContactAttempts.orderId} = ${serviceOrders.id})`,
};

/** One page of the list, oldest first, in the partial index's order (no sort of every waiting order). */
export function pendingPickupsPageQuery(reader: Database | Transaction, page: number, where: SQL = awaitingPickup) {
  return pageSelect(reader, PAGE_COLUMNS, page, where);
}

function pageSelect<T extends Record<string, unknown>>(reader: Database | Transaction, columns: T, page: number, where: SQL) {
  return reader
    .select(columns as never as typeof PAGE_COLUMNS)
    .from(serviceOrders)
    .innerJoin(customers, eq(customers.id, serviceOrders.customerId))
    .where(where)
    .orderBy(asc(serviceOrders.statusChangedAt), asc(serviceOrders.id))
    .limit(PENDING_PICKUPS_PAGE_SIZE)
    .offset((page - 1) * PENDING_PICKUPS_PAGE_SIZE);
}

type PendingPickupsOptions = { page?: number; now?: Date; minDaysWaiting?: number | null };

/** Oldest first: the device waiting longest is the one to chase; `minDaysWaiting` keeps those waiting at least that long. */
export async function listPendingPickups(actor: Actor, options: PendingPickupsOptions = {}) {
  const { attempts: _attempts, ...list } = await listPendingPickupsWithAttempts(actor, options);
  return list;
}

type PageRow = Omit<Awaited<ReturnType<typeof pendingPickupsPageQuery>>[number], "statusChangedAt"> & {
  statusChangedAt: string | Date;
};

/**
 * listPendingPickups with the contact log of the page's orders, as
 * listPickupContactAttempts gives it, and the count, in one statement (on
 * PGlite each statement costs the server's one thread): the page asked for
 * is read with the count; only a page past the last (an old link) is read
 * again, as the last.
 */
export async function listPendingPickupsWithAttempts(
  actor: Actor,
  { page = 1, now = new Date(), minDaysWaiting = null }: PendingPickupsOptions = {},
) {
  assertStaffActor(actor);
  const db = await getDb();
  const today = shopToday(now);
  const where = pendingPickupsWhere(today, minDaysWaiting);
  const read = (pageNumber: number) => {
    const pageRows = pageSelect(db, namedColumns(PAGE_COLUMNS), pageNumber, where);
    return readTogether(db, {
      count: pendingPickupsCountQuery(db, where),
      rows: pageRows,
      attempts: db
        .select(namedColumns(ATTEMPT_COLUMNS))
        .from(pickupContactAttempts)
        .where(inArray(pickupContactAttempts.orderId, sql`(select page_rows."orderId" from (${pageRows}) as page_rows)`))
        .orderBy(asc(pickupContactAttempts.orderId), asc(pickupContactAttempts.attemptedAt), asc(pickupContactAttempts.id)),
    });
  };
  const asked = Math.max(1, Math.trunc(page) || 1);
  let result = await read(asked);
  const total = Number((result.count[0] as { total: number | string } | undefined)?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / PENDING_PICKUPS_PAGE_SIZE));
  const currentPage = Math.min(asked, pageCount);
  if (currentPage !== asked) result = await read(currentPage);
  const rows = result.rows as unknown as PageRow[];
  const attempts = (result.attempts as unknown as (typeof pickupContactAttempts.$inferSelect)[]).map(toAttempt);

  const pickups: PendingPickup[] = rows.flatMap((row) => {
    if (!isServiceOrderStatus(row.status)) return [];
    const waitingSince = new Date(row.statusChangedAt);
    return [
      {
        orderId: row.orderId,
        trackingCode: row.trackingCode,
        status: row.status,
        waitingSince: waitingSince.toISOString(),
        daysWaiting: Math.max(0, daysBetween(shopToday(waitingSince), today)),
        balanceCents: Math.max(0, orderBalanceCents(row)),
        customerName: row.customerName,
        customerPhone: row.customerPhone,
        device: { type: row.deviceType, brand: row.brand, model: row.model },
        attemptCount: Number(row.attemptCount),
        lastAttemptAt: row.lastAttemptAt ? new Date(row.lastAttemptAt).toISOString() : null,
      },
    ];
  });
  return { pickups, total, page: currentPage, pageCount, pageSize: PENDING_PICKUPS_PAGE_SIZE, attempts };
}

/** An attempt as read: who made it by their current name (the stored label when the account is gone). */
const ATTEMPT_COLUMNS = {
  ...getTableColumns(pickupContactAttempts),
  actorLabel: personNameSql(pickupContactAttempts.actorUserId, pickupContactAttempts.actorLabel),
};

function toAttempt(row: typeof pickupContactAttempts.$inferSelect): PickupContactAttempt {
  const channel = (PICKUP_CONTACT_CHANNELS as readonly string[]).includes(row.channel)
    ? (row.channel as PickupContactChannel)
    : "phone";
  return {
    id: row.id,
    orderId: row.orderId,
    attemptedAt: new Date(row.attemptedAt).toISOString(),
    channel,
    note: row.note,
    actorLabel: row.actorLabel,
  };
}

/** The contact log of some orders (a page of the list), oldest attempt first. */
export async function listPickupContactAttempts(actor: Actor, orderIds: readonly number[]) {
  assertStaffActor(actor);
  const ids = orderIds.filter(isOrderNumber);
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select(ATTEMPT_COLUMNS)
    .from(pickupContactAttempts)
    .where(inArray(pickupContactAttempts.orderId, ids))
    .orderBy(asc(pickupContactAttempts.orderId), asc(pickupContactAttempts.attemptedAt), asc(pickupContactAttempts.id));
  return rows.map(toAttempt);
}

/** One order's log as printed for the shop's records: the order, who to reach, and every attempt. */
export async function getPickupContactLog(actor: Actor, orderId: number) {
  assertStaffActor(actor);
  if (!isOrderNumber(orderId)) return null;
  const db = await getDb();
  const [order] = await db
    .select({
      orderId: serviceOrders.id,
      trackingCode: serviceOrders.trackingCode,
      status: serviceOrders.status,
      statusChangedAt: serviceOrders.statusChangedAt,
      createdAt: serviceOrders.createdAt,
      deliveredAt: serviceOrders.deliveredAt,
      deviceType: serviceOrders.deviceType,
      brand: serviceOrders.brand,
      model: serviceOrders.model,
      customerName: customers.name,
      customerPhone: customers.phone,
      customerEmail: customers.email,
      isDemo: serviceOrders.isDemo,
    })
    .from(serviceOrders)
    .innerJoin(customers, eq(customers.id, serviceOrders.customerId))
    .where(eq(serviceOrders.id, orderId));
  if (!order || !isServiceOrderStatus(order.status)) return null;
  const attempts = await db
    .select(ATTEMPT_COLUMNS)
    .from(pickupContactAttempts)
    .where(eq(pickupContactAttempts.orderId, orderId))
    .orderBy(asc(pickupContactAttempts.attemptedAt), asc(pickupContactAttempts.id));
  return {
    order: {
      ...order,
      status: order.status,
      statusChangedAt: new Date(order.statusChangedAt).toISOString(),
      createdAt: new Date(order.createdAt).toISOString(),
      deliveredAt: order.deliveredAt ? new Date(order.deliveredAt).toISOString() : null,
    },
    attempts: attempts.map(toAttempt),
  };
}

/** The contact form; messages in Portuguese appear next to each field. */
export const PickupContactAttemptSchema = z.object({
  orderId: z
    .string({ error: "Ordem de serviço inválida." })
    .trim()
    .regex(/^\d{1,10}$/, "Ordem de serviço inválida.")
    .transform(Number)
    .refine(isOrderNumber, "Ordem de serviço inválida."),
  channel: z.enum(PICKUP_CONTACT_CHANNELS, { error: "Escolha o meio de contato." }),
  // Required: the log is the shop's evidence that it warned the customer, so its time is one a person
  // saw and confirmed (the form comes prefilled with the current time), never one the server guessed.
  attemptedAt: z
    .string({ error: "Informe a data e a hora do contato." })
    .trim()
    .min(1, { error: "Informe a data e a hora do contato.", abort: true })
    .max(40)
    .transform((value, context) => {
      const instant = parseShopDateTimeInput(value);
      if (!instant) {
        context.addIssue({ code: "custom", message: "Informe data e hora válidas, como 22/11/2026 14:05." });
        return z.NEVER;
      }
      return instant;
    }),
  note: optionalText(500),
});

/**
 * Logs one attempt to reach the customer (with who logged it, in the audit
 * log too). Bad input is a ServiceOrderInputError with field messages, and
 * writes nothing.
 */
export async function recordPickupContactAttemptInTx(
  tx: Transaction,
  actor: Actor,
  input: unknown,
  now = new Date(),
): Promise<PickupContactAttempt> {
  assertStaffActor(actor);
  const parsed = parseInput(
    PickupContactAttemptSchema,
    input,
    (fieldErrors) => new ServiceOrderInputError("invalid-input", fieldErrors),
  );
  const { orderId, channel, note, attemptedAt } = parsed;
  if (isInTheFuture(attemptedAt, now)) {
    throw new ServiceOrderRuleError("A data do contato não pode estar no futuro.", "attemptedAt");
  }
  const [order] = await tx
    .select({
      id: serviceOrders.id,
      status: serviceOrders.status,
      createdAt: serviceOrders.createdAt,
      deliveredAt: serviceOrders.deliveredAt,
    })
    .from(serviceOrders)
    .where(eq(serviceOrders.id, orderId))
    .for("update");
  // The form names the order: an unknown one is a message on the form, not a missing page.
  if (!order) throw new ServiceOrderRuleError(new ServiceOrderNotFoundError(orderId).message);
  const isAwaitingPickup = (AWAITING_PICKUP_STATUSES as readonly string[]).includes(order.status) && !order.deliveredAt;
  if (!isAwaitingPickup) throw new ServiceOrderRuleError("Esta ordem de serviço não está aguardando retirada.");
  // The form's clock has minutes only: a call logged in the minute the order was opened is not "before" it.
  const openedAtMinute = Math.floor(new Date(order.createdAt).getTime() / 60_000) * 60_000;
  if (attemptedAt.getTime() < openedAtMinute) {
    throw new ServiceOrderRuleError("A data do contato é anterior à abertura da ordem de serviço.", "attemptedAt");
  }
  const [created] = await tx
    .insert(pickupContactAttempts)
    .values({ orderId, attemptedAt, channel, note, actorUserId: actor.userId, actorLabel: actor.label })
    .returning();
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "service-order.pickup-contact.create",
    entity: SERVICE_ORDER_ENTITY,
    entityId: String(orderId),
    details: { channel, attemptedAt: attemptedAt.toISOString(), ...(note ? { note } : {}) },
  });
  return toAttempt(created!);
}

export function recordPickupContactAttempt(actor: Actor, input: unknown, now = new Date()) {
  return inTransaction((tx) => recordPickupContactAttemptInTx(tx, actor, input, now));
}
