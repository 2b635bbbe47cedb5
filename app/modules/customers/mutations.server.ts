import { and, eq, ne } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { customers } from "~/db/schema/customers";
import { MAX_ID, parseInput } from "~/lib/forms";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { changedValues, recordAudit } from "~/modules/audit/record-audit.server";
import { maskDocument } from "./document";
import { CustomerInputError, CustomerNotFoundError, DUPLICATE_DOCUMENT_MESSAGE } from "./errors";
import type { CustomerSummary } from "./summary";
import { CustomerSchema, type CustomerField, type CustomerInput } from "./validation";

const DOCUMENT_INDEX = "customers_document_idx";
/** Deeper than any real chain of referrals; stops the walk on data that is already wrong. */
const MAX_REFERRAL_CHAIN = 50;

function parseCustomerInput(input: unknown): CustomerInput {
  return parseInput(CustomerSchema, input, (fieldErrors) => new CustomerInputError("invalid-input", fieldErrors));
}

/** Two clerks saving the same CPF at once: the unique index refuses the second, which the pre-check missed. */
function isDuplicateDocument(error: unknown) {
  for (let cause = error; cause instanceof Error || (cause && typeof cause === "object");) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === "23505" && (constraint === undefined || constraint === DOCUMENT_INDEX)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

async function assertDocumentFree(tx: Transaction, document: string | null, exceptId?: number) {
  if (!document) return;
  const condition = exceptId
    ? and(eq(customers.document, document), ne(customers.id, exceptId))
    : eq(customers.document, document);
  const [taken] = await tx.select({ id: customers.id }).from(customers).where(condition).limit(1);
  if (taken) throw new CustomerInputError("duplicate-document", { document: DUPLICATE_DOCUMENT_MESSAGE });
}

/** The referrer must exist, and following "who referred whom" upwards must never come back to this customer. */
async function assertReferralAllowed(tx: Transaction, referredById: number | null, customerId?: number) {
  if (referredById === null) return;
  if (referredById === customerId) {
    throw new CustomerInputError("invalid-referral", { referredByCustomerId: "Um cliente não pode indicar a si mesmo." });
  }
  let current: number | null = referredById;
  for (let step = 0; current !== null && step < MAX_REFERRAL_CHAIN; step++) {
    const [row] = await tx
      .select({ referredBy: customers.referredByCustomerId })
      .from(customers)
      .where(eq(customers.id, current));
    if (!row) {
      if (step === 0) {
        throw new CustomerInputError("invalid-referral", {
          referredByCustomerId: "O cliente que indicou não foi encontrado: escolha outro na lista.",
        });
      }
      return;
    }
    if (customerId !== undefined && row.referredBy === customerId) {
      throw new CustomerInputError("invalid-referral", {
        referredByCustomerId: "Indicação circular: quem indicou foi indicado (direta ou indiretamente) por este cliente.",
      });
    }
    current = row.referredBy;
  }
}

/** Throws the typed refusal for a duplicate the index caught; anything else goes up as it is. */
function rethrowDuplicate(error: unknown): never {
  if (isDuplicateDocument(error)) throw new CustomerInputError("duplicate-document", { document: DUPLICATE_DOCUMENT_MESSAGE });
  throw error;
}

/**
 * Registers a customer. `input` is what the form sent (validated here);
 * refusals are CustomerInputError (field messages) or ForbiddenError, and
 * nothing is written.
 */
export async function createCustomerInTx(tx: Transaction, actor: Actor, input: unknown): Promise<CustomerSummary> {
  assertStaffActor(actor);
  const values = parseCustomerInput(input);
  await assertDocumentFree(tx, values.document);
  await assertReferralAllowed(tx, values.referredByCustomerId);
  const [created] = await tx
    .insert(customers)
    .values({ ...values, marketingConsentAt: values.marketingConsent ? new Date() : null })
    .returning({ id: customers.id, name: customers.name, phone: customers.phone });
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "customer.create",
    entity: "customer",
    entityId: String(created!.id),
    // Field names only: the values (CPF, phone, address) are personal data the audit log does not need.
    details: { fields: filledFields(values), marketingConsent: values.marketingConsent },
  });
  return created!;
}

/**
 * Its own transaction: the unique index refuses the second of two clerks
 * saving the same CPF at once only when the transaction commits.
 */
export async function createCustomer(actor: Actor, input: unknown): Promise<CustomerSummary> {
  try {
    return await inTransaction((tx) => createCustomerInTx(tx, actor, input));
  } catch (error) {
    rethrowDuplicate(error);
  }
}

/**
 * Changes a customer's record: same checks as createCustomerInTx, plus
 * CustomerNotFoundError for an unknown id. Consent keeps its original date
 * while it stays on, and loses it when withdrawn.
 */
export async function updateCustomerInTx(tx: Transaction, actor: Actor, id: number, input: unknown): Promise<CustomerSummary> {
  assertStaffActor(actor);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw new CustomerNotFoundError(id);
  const values = parseCustomerInput(input);
  const [current] = await tx.select().from(customers).where(eq(customers.id, id)).for("update");
  if (!current) throw new CustomerNotFoundError(id);
  await assertDocumentFree(tx, values.document, id);
  await assertReferralAllowed(tx, values.referredByCustomerId, id);

  const changed = (Object.keys(values) as CustomerField[]).filter((field) => values[field] !== current[field]);
  if (changed.length === 0) return { id, name: current.name, phone: current.phone };

  const isConsentKept = values.marketingConsent && current.marketingConsent && current.marketingConsentAt;
  const marketingConsentAt = isConsentKept ? current.marketingConsentAt : values.marketingConsent ? new Date() : null;
  await tx
    .update(customers)
    .set({ ...values, marketingConsentAt, updatedAt: new Date() })
    .where(eq(customers.id, id));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "customer.update",
    entity: "customer",
    entityId: String(id),
    // The CPF/CNPJ masked, as the pages show it: the log is read by the owner and kept for years.
    details: changedValues(withMaskedDocument(current), withMaskedDocument(values), changed),
  });
  return { id, name: values.name, phone: values.phone };
}

export async function updateCustomer(actor: Actor, id: number, input: unknown): Promise<CustomerSummary> {
  try {
    return await inTransaction((tx) => updateCustomerInTx(tx, actor, id, input));
  } catch (error) {
    rethrowDuplicate(error);
  }
}

function withMaskedDocument<T extends { document: string | null }>(values: T): T {
  return { ...values, document: values.document ? maskDocument(values.document) : null };
}

function filledFields(values: CustomerInput) {
  return (Object.keys(values) as CustomerField[]).filter((field) => {
    const value = values[field];
    return value !== "" && value !== null && value !== false;
  });
}
