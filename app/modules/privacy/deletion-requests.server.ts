import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, inTransaction } from "~/db/client.server";
import { profiles } from "~/db/schema/accounts";
import { user } from "~/db/schema/auth";
import { customers } from "~/db/schema/customers";
import { dataDeletionRequests, type DataDeletionStatus } from "~/db/schema/privacy";
import { addDays, shopToday } from "~/lib/dates";
import { MAX_ID } from "~/lib/forms";
import { assertOwnerActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { customerIdsOfAccount } from "~/modules/customers/account-links.server";
import {
  accountsOfCustomersInTx,
  anonymisePersonInTx,
  customerIdsOfAccountInTx,
  type AnonymisationResult,
} from "./anonymise.server";
import { openClaimsOf } from "./claims.server";
import { PrivacyCustomerNotFoundError, PrivacyInputError } from "./errors";
import { DELETION_DEADLINE_DAYS } from "./redaction";

export type OwnDeletionRequest = {
  id: number;
  status: DataDeletionStatus;
  requestedAt: Date;
  dueOn: string;
};

function assertCustomerAccount(actor: Actor): string {
  if (actor.role !== "customer" || !actor.userId) {
    throw new PrivacyInputError("not-a-customer", {
      form: "Contas da equipe não são excluídas por aqui: o proprietário as desativa em Equipe.",
    });
  }
  return actor.userId;
}

/** The customer's latest request, and what the shop still claims (shown so they know why it may wait). */
export async function getOwnDeletionRequest(actor: Actor) {
  const userId = assertCustomerAccount(actor);
  const db = await getDb();
  const [request] = await db
    .select({
      id: dataDeletionRequests.id,
      status: dataDeletionRequests.status,
      requestedAt: dataDeletionRequests.requestedAt,
      dueOn: dataDeletionRequests.dueOn,
    })
    .from(dataDeletionRequests)
    .where(eq(dataDeletionRequests.userId, userId))
    .orderBy(desc(dataDeletionRequests.requestedAt))
    .limit(1);
  const claims = await openClaimsOf(db, await customerIdsOfAccount(userId));
  return { request: (request ?? null) as OwnDeletionRequest | null, claims };
}

/**
 * A customer asks for their account and data to be deleted (LGPD art. 18
 * VI): one pending request at a time (asking again shows the first), due in
 * 15 days (art. 19 II); audited. The owner carries it out.
 */
export async function requestAccountDeletion(actor: Actor, now = new Date()): Promise<OwnDeletionRequest & { isNew: boolean }> {
  const userId = assertCustomerAccount(actor);
  return inTransaction(async (tx) => {
    const [created] = await tx
      .insert(dataDeletionRequests)
      .values({ userId, requestedAt: now, dueOn: addDays(shopToday(now), DELETION_DEADLINE_DAYS) })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      const [pending] = await tx
        .select()
        .from(dataDeletionRequests)
        .where(and(eq(dataDeletionRequests.userId, userId), eq(dataDeletionRequests.status, "pending")));
      return { ...pending!, isNew: false };
    }
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "privacy.deletion-request",
      entity: "data_deletion_request",
      entityId: String(created.id),
      details: { dueOn: created.dueOn },
    });
    return { ...created, isNew: true };
  });
}

export type DeletionRequestRow = {
  id: number;
  status: DataDeletionStatus;
  /** The account's name and e-mail while pending; the anonymised label once carried out. */
  who: string;
  email: string;
  requestedAt: Date;
  dueOn: string;
  daysLeft: number;
  completedAt: Date | null;
  completedByLabel: string | null;
  customerIds: number[];
  claims: string[];
};

/** The owner's list: pending first by deadline, then the latest carried out (at most 200). */
export async function listDeletionRequests(actor: Actor, today = shopToday()): Promise<DeletionRequestRow[]> {
  assertOwnerActor(actor);
  const db = await getDb();
  const rows = await db
    .select({
      id: dataDeletionRequests.id,
      userId: dataDeletionRequests.userId,
      status: dataDeletionRequests.status,
      requestedAt: dataDeletionRequests.requestedAt,
      dueOn: dataDeletionRequests.dueOn,
      completedAt: dataDeletionRequests.completedAt,
      completedByLabel: dataDeletionRequests.completedByLabel,
      subjectLabel: dataDeletionRequests.subjectLabel,
      name: sql<string | null>`coalesce(nullif(${profiles.fullName}, ''), ${user.name})`,
      email: user.email,
    })
    .from(dataDeletionRequests)
    .leftJoin(user, eq(user.id, dataDeletionRequests.userId))
    .leftJoin(profiles, eq(profiles.userId, dataDeletionRequests.userId))
    .orderBy(
      sql`${dataDeletionRequests.status} = 'pending' desc`,
      sql`case when ${dataDeletionRequests.status} = 'pending' then ${dataDeletionRequests.dueOn} end asc`,
      desc(dataDeletionRequests.completedAt),
    )
    .limit(200);
  const result: DeletionRequestRow[] = [];
  for (const row of rows) {
    const customerIds = row.status === "pending" && row.userId ? await customerIdsOfAccount(row.userId) : [];
    result.push({
      id: row.id,
      status: row.status,
      who: row.subjectLabel ?? row.name ?? "Conta removida",
      email: row.email ?? "",
      requestedAt: row.requestedAt,
      dueOn: row.dueOn,
      daysLeft: Math.round((Date.parse(row.dueOn) - Date.parse(today)) / 86_400_000),
      completedAt: row.completedAt,
      completedByLabel: row.completedByLabel,
      customerIds,
      claims: row.status === "pending" ? await openClaimsOf(db, customerIds) : [],
    });
  }
  return result;
}

/**
 * The owner carries out a request: the account's customer records are
 * anonymised and the account deleted (refused, with the reasons, while the
 * shop has a claim); the request is marked done with the anonymised label.
 */
export async function carryOutDeletionRequest(actor: Actor, requestId: number): Promise<AnonymisationResult> {
  assertOwnerActor(actor, "Só o proprietário pode atender um pedido de exclusão.");
  if (!Number.isSafeInteger(requestId) || requestId < 1 || requestId > MAX_ID) {
    throw new PrivacyInputError("request-not-found", { form: "Pedido de exclusão não encontrado." });
  }
  return inTransaction(async (tx) => {
    const [request] = await tx.select().from(dataDeletionRequests).where(eq(dataDeletionRequests.id, requestId)).for("update");
    if (!request) throw new PrivacyInputError("request-not-found", { form: "Pedido de exclusão não encontrado." });
    if (request.status !== "pending" || !request.userId) {
      throw new PrivacyInputError("request-done", { form: "Este pedido de exclusão já foi atendido." }, 409);
    }
    const customerIds = await customerIdsOfAccountInTx(tx, request.userId);
    const result = await anonymisePersonInTx(
      tx,
      actor,
      { customerIds, userIds: [request.userId] },
      { reason: "deletion-request" },
    );
    await completeRequests(tx, actor, [request.id], result);
    return result;
  });
}

async function completeRequests(
  tx: Parameters<Parameters<typeof inTransaction>[0]>[0],
  actor: Actor,
  requestIds: number[],
  result: AnonymisationResult,
) {
  if (requestIds.length === 0) return;
  await tx
    .update(dataDeletionRequests)
    .set({
      status: "completed",
      completedAt: new Date(),
      completedByLabel: actor.label,
      subjectLabel: result.label,
      customerCount: result.customerIds.length,
    })
    .where(inArray(dataDeletionRequests.id, requestIds));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "privacy.deletion-request.complete",
    entity: "data_deletion_request",
    entityId: requestIds.join(","),
    details: { customerIds: result.customerIds, removedAccounts: result.removedAccounts },
  });
}

/** What the owner's customer page shows before anonymising: the record's label and what the shop still claims. */
export async function getCustomerPrivacy(actor: Actor, customerId: number) {
  assertOwnerActor(actor);
  if (!Number.isSafeInteger(customerId) || customerId < 1 || customerId > MAX_ID)
    throw new PrivacyCustomerNotFoundError(customerId);
  const db = await getDb();
  const [customer] = await db
    .select({ id: customers.id, name: customers.name, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new PrivacyCustomerNotFoundError(customerId);
  return { customer, claims: await openClaimsOf(db, [customerId]) };
}

/**
 * The owner anonymises any customer (LGPD art. 18 IV), with the accounts
 * that see the record; refused for staff and while the shop has a claim.
 * Pending deletion requests of those accounts are marked done with it.
 */
export async function anonymiseCustomer(actor: Actor, customerId: number): Promise<AnonymisationResult> {
  assertOwnerActor(actor, "Só o proprietário pode anonimizar um cliente.");
  if (!Number.isSafeInteger(customerId) || customerId < 1 || customerId > MAX_ID)
    throw new PrivacyCustomerNotFoundError(customerId);
  return inTransaction(async (tx) => {
    const [found] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
    if (!found) throw new PrivacyCustomerNotFoundError(customerId);
    const userIds = await accountsOfCustomersInTx(tx, [customerId]);
    const pending = userIds.length
      ? await tx
          .select({ id: dataDeletionRequests.id })
          .from(dataDeletionRequests)
          .where(and(inArray(dataDeletionRequests.userId, userIds), eq(dataDeletionRequests.status, "pending")))
      : [];
    const result = await anonymisePersonInTx(tx, actor, { customerIds: [customerId], userIds }, { reason: "owner" });
    await completeRequests(
      tx,
      actor,
      pending.map(({ id }) => id),
      result,
    );
    return result;
  });
}
