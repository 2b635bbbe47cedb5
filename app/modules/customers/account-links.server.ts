import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { customerAccountLinks, customers, type CustomerAccountLinkState } from "~/db/schema/customers";
import { parseInput } from "~/lib/forms";
import { personNameSql } from "~/modules/accounts/person-name.server";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { CustomerInputError, CustomerNotFoundError } from "./errors";

/** A record matches an account by e-mail only once the account has verified it (phones are never verified). */
const SAME_VERIFIED_EMAIL = and(
  eq(user.emailVerified, true),
  sql`${customers.email} <> '' and lower(${customers.email}) = lower(${user.email})`,
);

/**
 * The staff's decisions applied over what the e-mail gives: the e-mail
 * matches they did not unlink, then the accounts or records they linked,
 * each once. `keyOf` names the other side (a record's id, an account's id).
 */
function withStaffDecisions<Row>(
  byEmail: Row[],
  decided: (Row & { state: CustomerAccountLinkState })[],
  keyOf: (row: Row) => string | number,
) {
  const decidedKeys = new Set(decided.map(keyOf));
  return [
    ...byEmail.filter((row) => !decidedKeys.has(keyOf(row))).map((row) => ({ row, isLinkedByStaff: false })),
    ...decided.filter(({ state }) => state === "linked").map((row) => ({ row, isLinkedByStaff: true })),
  ];
}

/**
 * Which customer records a sign-in account sees as its own ("Minha conta"):
 * those whose e-mail is the account's verified e-mail, plus those the staff
 * linked to it, minus those the staff unlinked from it. Nothing the account
 * sends chooses them.
 */
export async function customerIdsOfAccount(userId: string): Promise<number[]> {
  const db = await getDb();
  const [byEmail, decided] = await Promise.all([
    db.select({ id: customers.id }).from(customers).innerJoin(user, eq(user.id, userId)).where(SAME_VERIFIED_EMAIL),
    db
      .select({ id: customerAccountLinks.customerId, state: customerAccountLinks.state })
      .from(customerAccountLinks)
      .where(eq(customerAccountLinks.userId, userId)),
  ]);
  return withStaffDecisions(byEmail, decided, ({ id }) => id).map(({ row }) => row.id);
}

export type CustomerAccount = { userId: string; name: string; email: string; isLinkedByStaff: boolean };

/** The sign-in accounts that see this customer's record, for its page. */
export async function listCustomerAccounts(actor: Actor, customerId: number): Promise<CustomerAccount[]> {
  assertStaffActor(actor);
  const db = await getDb();
  const account = { userId: user.id, name: personNameSql(user.id, sql`''`), email: user.email };
  const [byEmail, decided] = await Promise.all([
    db.select(account).from(user).innerJoin(customers, eq(customers.id, customerId)).where(SAME_VERIFIED_EMAIL),
    db
      .select({ ...account, state: customerAccountLinks.state })
      .from(customerAccountLinks)
      .innerJoin(user, eq(user.id, customerAccountLinks.userId))
      .where(eq(customerAccountLinks.customerId, customerId)),
  ]);
  return withStaffDecisions(byEmail, decided, ({ userId }) => userId).map(
    ({ row: { userId, name, email }, isLinkedByStaff }) => ({
      userId,
      name,
      email,
      isLinkedByStaff,
    }),
  );
}

const LinkAccountSchema = z.object({
  accountEmail: z
    .string({ error: "Informe o e-mail da conta." })
    .trim()
    .max(254, "E-mail longo demais.")
    .pipe(z.email("Informe um e-mail válido, como maria@exemplo.com.")),
});

async function assertCustomerExists(tx: Transaction, customerId: number) {
  const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new CustomerNotFoundError(customerId);
}

async function decide(tx: Transaction, actor: Actor, customerId: number, userId: string, state: CustomerAccountLinkState) {
  const changed = { state, changedByUserId: actor.userId, changedAt: new Date() };
  await tx
    .insert(customerAccountLinks)
    .values({ customerId, userId, ...changed })
    .onConflictDoUpdate({ target: [customerAccountLinks.customerId, customerAccountLinks.userId], set: changed });
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: state === "linked" ? "customer.account-link" : "customer.account-unlink",
    entity: "customer",
    entityId: String(customerId),
    details: { userId },
  });
}

/** Staff tie a customer's sign-in account to their record kept under another e-mail (a customer account only). */
export async function linkCustomerAccountInTx(tx: Transaction, actor: Actor, customerId: number, rawInput: unknown) {
  assertStaffActor(actor);
  const { accountEmail: email } = parseInput(
    LinkAccountSchema,
    rawInput,
    (fieldErrors) => new CustomerInputError("invalid-input", fieldErrors),
  );
  await assertCustomerExists(tx, customerId);
  const [account] = await tx
    .select({ id: user.id, role: user.role, emailVerified: user.emailVerified })
    .from(user)
    .where(sql`lower(${user.email}) = lower(${email})`);
  if (!account) throw new CustomerInputError("invalid-account", { accountEmail: "Nenhuma conta usa este e-mail no site." });
  if (account.role !== "customer") {
    throw new CustomerInputError("invalid-account", { accountEmail: "Esta conta é da equipe da loja, não de um cliente." });
  }
  if (!account.emailVerified) {
    throw new CustomerInputError("invalid-account", { accountEmail: "Esta conta ainda não confirmou o e-mail." });
  }
  await decide(tx, actor, customerId, account.id, "linked");
}

export function linkCustomerAccount(actor: Actor, customerId: number, input: unknown) {
  return inTransaction((tx) => linkCustomerAccountInTx(tx, actor, customerId, input));
}

/** Staff cut an account from a record: kept, so the matching e-mail does not bring the orders back. */
export async function unlinkCustomerAccountInTx(tx: Transaction, actor: Actor, customerId: number, userId: string) {
  assertStaffActor(actor);
  await assertCustomerExists(tx, customerId);
  const [account] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!account) throw new CustomerInputError("invalid-account", { form: "Esta conta não existe mais." });
  await decide(tx, actor, customerId, userId, "unlinked");
}

export function unlinkCustomerAccount(actor: Actor, customerId: number, userId: string) {
  return inTransaction((tx) => unlinkCustomerAccountInTx(tx, actor, customerId, userId));
}
