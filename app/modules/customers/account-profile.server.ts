import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { profiles } from "~/db/schema/accounts";
import { user } from "~/db/schema/auth";
import { customerChangeRequests, customers, type CustomerChangeField } from "~/db/schema/customers";
import { InputError } from "~/lib/errors";
import { parseInput } from "~/lib/forms";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { customerIdsOfAccount } from "./account-links.server";
import { AccountProfileSchema } from "./account-profile-validation";
import { CustomerNotFoundError } from "./errors";

/** A change of name or phone asked on the account and waiting for the staff, as the customer sees it. */
export type PendingChange = { field: CustomerChangeField; value: string; requestedAt: string };

/** "Meu perfil": what the account holds, and what the shop's records still wait to apply. */
export type AccountProfile = {
  fullName: string;
  email: string;
  phone: string;
  marketingConsent: boolean;
  /** When the choice shown was made: on the site, or (never chosen there) when the shop recorded the consent. */
  marketingConsentAt: string | null;
  hasLinkedRecords: boolean;
  pendingChanges: PendingChange[];
};

type LinkedRecord = { id: number; name: string; phone: string; marketingConsent: boolean; marketingConsentAt: Date | null };

async function linkedRecordsOf(db: Transaction | Awaited<ReturnType<typeof getDb>>, customerIds: number[]) {
  if (customerIds.length === 0) return [] as LinkedRecord[];
  return db
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      marketingConsent: customers.marketingConsent,
      marketingConsentAt: customers.marketingConsentAt,
    })
    .from(customers)
    .where(inArray(customers.id, customerIds))
    .orderBy(asc(customers.id));
}

/**
 * The profile a form shows: the account's own values; while the customer
 * never set a phone or made a marketing choice on the site, what the shop's
 * records linked to the account say (so saving the form unchanged changes
 * nothing).
 */
function shownProfile(
  account: { name: string; email: string },
  profile: typeof profiles.$inferSelect | undefined,
  records: LinkedRecord[],
) {
  const consented = records.filter((record) => record.marketingConsent);
  const hasChosen = profile?.marketingConsentAt != null;
  const recordConsentAt = consented
    .map((record) => record.marketingConsentAt)
    .filter((at): at is Date => at !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    fullName: profile?.fullName.trim() || account.name,
    email: account.email,
    phone: profile?.phone || records.find((record) => record.phone !== "")?.phone || "",
    marketingConsent: hasChosen ? profile!.marketingConsent : consented.length > 0,
    marketingConsentAt: hasChosen ? profile!.marketingConsentAt : (recordConsentAt ?? null),
  };
}

async function readAccount(db: Transaction | Awaited<ReturnType<typeof getDb>>, userId: string) {
  const [row] = await db
    .select({ account: { name: user.name, email: user.email }, profile: profiles })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId));
  return row ?? null;
}

/** The signed-in customer's profile, keyed only by the session's user id; null for an account that is gone. */
export async function getAccountProfile(userId: string): Promise<AccountProfile | null> {
  const db = await getDb();
  const row = await readAccount(db, userId);
  if (!row) return null;
  const customerIds = await customerIdsOfAccount(userId);
  const records = await linkedRecordsOf(db, customerIds);
  const shown = shownProfile(row.account, row.profile ?? undefined, records);
  const open =
    customerIds.length === 0
      ? []
      : await db
          .selectDistinctOn([customerChangeRequests.field], {
            field: customerChangeRequests.field,
            value: customerChangeRequests.value,
            requestedAt: customerChangeRequests.requestedAt,
          })
          .from(customerChangeRequests)
          .where(
            and(
              eq(customerChangeRequests.userId, userId),
              inArray(customerChangeRequests.customerId, customerIds),
              isNull(customerChangeRequests.resolvedAt),
            ),
          )
          .orderBy(customerChangeRequests.field, sql`${customerChangeRequests.requestedAt} desc`);
  return {
    ...shown,
    marketingConsentAt: shown.marketingConsentAt?.toISOString() ?? null,
    hasLinkedRecords: records.length > 0,
    pendingChanges: open.map((change) => ({ ...change, requestedAt: change.requestedAt.toISOString() })),
  };
}

/** Opens (or keeps) the request that a linked record take this value; one the record already has closes the open one. */
async function requestChangeInTx(
  tx: Transaction,
  userId: string,
  record: LinkedRecord,
  field: CustomerChangeField,
  value: string,
  now: Date,
) {
  const open = and(
    eq(customerChangeRequests.customerId, record.id),
    eq(customerChangeRequests.userId, userId),
    eq(customerChangeRequests.field, field),
    isNull(customerChangeRequests.resolvedAt),
  );
  const [current] = await tx.select({ value: customerChangeRequests.value }).from(customerChangeRequests).where(open);
  if (current?.value === value) return false;
  await tx.update(customerChangeRequests).set({ resolvedAt: now, resolution: "superseded" }).where(open);
  if (record[field] === value) return false;
  await tx.insert(customerChangeRequests).values({ customerId: record.id, userId, field, value, requestedAt: now });
  return true;
}

/**
 * The customer changes their own profile. The account takes the new name
 * and phone at once; each customer record linked to it gets a request the
 * staff apply (the phone /consultar matches on stays the record's until
 * then). A changed marketing choice is the customer's own: it reaches the
 * linked records now, with its date (LGPD art. 8, § 5), audited on each.
 */
export async function updateAccountProfile(actor: Actor, input: unknown) {
  const userId = actor.userId;
  if (!userId) throw new CustomerNotFoundError("conta");
  const values = parseInput(AccountProfileSchema, input);
  const customerIds = await customerIdsOfAccount(userId);
  return inTransaction(async (tx) => {
    const row = await readAccount(tx, userId);
    if (!row) throw new CustomerNotFoundError("conta");
    const records = await linkedRecordsOf(tx, customerIds);
    const before = shownProfile(row.account, row.profile ?? undefined, records);
    const now = new Date();
    const isConsentChanged = values.marketingConsent !== before.marketingConsent;
    const changed = [
      ...(values.fullName !== before.fullName ? ["fullName"] : []),
      ...(values.phone !== before.phone ? ["phone"] : []),
      ...(isConsentChanged ? ["marketingConsent"] : []),
    ];
    if (changed.length === 0) return { changed, requested: 0 };

    await tx.insert(profiles).values({ userId, email: row.account.email, fullName: values.fullName }).onConflictDoNothing();
    await tx
      .update(profiles)
      .set({
        fullName: values.fullName,
        phone: values.phone,
        ...(isConsentChanged ? { marketingConsent: values.marketingConsent, marketingConsentAt: now } : {}),
      })
      .where(eq(profiles.userId, userId));
    if (values.fullName !== before.fullName) await tx.update(user).set({ name: values.fullName }).where(eq(user.id, userId));

    let requested = 0;
    for (const record of records) {
      if (values.fullName !== before.fullName && (await requestChangeInTx(tx, userId, record, "name", values.fullName, now)))
        requested += 1;
      if (
        values.phone !== before.phone &&
        values.phone !== "" &&
        (await requestChangeInTx(tx, userId, record, "phone", values.phone, now))
      )
        requested += 1;
      if (isConsentChanged && record.marketingConsent !== values.marketingConsent) {
        await tx
          .update(customers)
          .set({
            marketingConsent: values.marketingConsent,
            marketingConsentAt: values.marketingConsent ? now : null,
            updatedAt: now,
          })
          .where(eq(customers.id, record.id));
        await recordAudit(tx, {
          actorUserId: userId,
          actorLabel: actor.label,
          action: "customer.consent-by-customer",
          entity: "customer",
          entityId: String(record.id),
          details: { marketingConsent: values.marketingConsent, at: now.toISOString() },
        });
      }
    }
    await recordAudit(tx, {
      actorUserId: userId,
      actorLabel: actor.label,
      action: "account.profile-update",
      entity: "user",
      entityId: userId,
      details: { fields: changed, changeRequests: requested },
    });
    return { changed, requested };
  });
}

/** A change a customer asked for on their account, for this record's page. */
export type CustomerChangeRequest = {
  id: number;
  field: CustomerChangeField;
  value: string;
  currentValue: string;
  accountEmail: string;
  requestedAt: string;
};

/** The open requests for a customer record, oldest first: staff only. */
export async function listCustomerChangeRequests(actor: Actor, customerId: number): Promise<CustomerChangeRequest[]> {
  assertStaffActor(actor);
  const db = await getDb();
  const rows = await db
    .select({
      id: customerChangeRequests.id,
      field: customerChangeRequests.field,
      value: customerChangeRequests.value,
      name: customers.name,
      phone: customers.phone,
      accountEmail: user.email,
      requestedAt: customerChangeRequests.requestedAt,
    })
    .from(customerChangeRequests)
    .innerJoin(customers, eq(customers.id, customerChangeRequests.customerId))
    .innerJoin(user, eq(user.id, customerChangeRequests.userId))
    .where(and(eq(customerChangeRequests.customerId, customerId), isNull(customerChangeRequests.resolvedAt)))
    .orderBy(asc(customerChangeRequests.requestedAt), asc(customerChangeRequests.id))
    .limit(20);
  return rows.map((row) => ({
    id: row.id,
    field: row.field,
    value: row.value,
    currentValue: row.field === "name" ? row.name : row.phone,
    accountEmail: row.accountEmail,
    requestedAt: row.requestedAt.toISOString(),
  }));
}

export const CHANGE_REQUEST_GONE_MESSAGE = "Este pedido já foi resolvido ou substituído por outro mais recente.";

/** What staff do with a customer's requested change: apply it to the record, or set it aside (a typo, a number that is not theirs). */
export type ChangeRequestDecision = "apply" | "dismiss";

/**
 * Staff resolve a customer's requested change with one click: applied, it
 * changes the record (audited as a change of the record); dismissed, the
 * record keeps its value and the request leaves the list (audited too).
 */
export async function resolveCustomerChangeRequest(
  actor: Actor,
  customerId: number,
  requestId: number,
  decision: ChangeRequestDecision,
) {
  assertStaffActor(actor);
  return inTransaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(customerChangeRequests)
      .where(
        and(
          eq(customerChangeRequests.id, requestId),
          eq(customerChangeRequests.customerId, customerId),
          isNull(customerChangeRequests.resolvedAt),
        ),
      )
      .for("update");
    if (!request) throw new InputError("change-request-gone", { form: CHANGE_REQUEST_GONE_MESSAGE }, 409);
    const now = new Date();
    if (decision === "apply") {
      await tx
        .update(customers)
        .set(request.field === "name" ? { name: request.value, updatedAt: now } : { phone: request.value, updatedAt: now })
        .where(eq(customers.id, customerId));
    }
    await tx
      .update(customerChangeRequests)
      .set({ resolvedAt: now, resolution: decision === "apply" ? "applied" : "dismissed", resolvedByUserId: actor.userId })
      .where(eq(customerChangeRequests.id, request.id));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: decision === "apply" ? "customer.update" : "customer.change-request-dismissed",
      entity: "customer",
      entityId: String(customerId),
      details: { fields: [request.field], changeRequestId: request.id, requestedByUserId: request.userId },
    });
    return { field: request.field, value: request.value, decision };
  });
}
