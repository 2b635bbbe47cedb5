import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { readTogether } from "~/db/read-together.server";
import { keptUntilWrite } from "~/db/kept-until-write.server";
import {
  FINANCE_ACCOUNT_ROLES,
  financeAccountRoles,
  financeAccounts,
  financeTransfers,
  type FinanceAccountRole,
} from "~/db/schema/finance";
import { shopToday } from "~/lib/dates";
import { parseInput, readId } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import { formatCents } from "~/lib/money";
import { assertOwnerActor, assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { hasSqlState } from "~/db/sql-state";
import { accountBalancesInTx, accountBalancesQuery } from "./balances.server";
import { FinanceInputError, FinanceNotFoundError, FinanceStateError } from "./errors";
import { activeAccountInTx } from "./lookups.server";
import { AccountRolesSchema, AccountSchema, ACCOUNT_ROLE_LABELS, TransferSchema } from "./validation";

const ACCOUNT_ENTITY = "finance-account";
const OWNER_MESSAGE = "Apenas o proprietário muda as contas do financeiro.";
const refuse = (errors: Record<string, string>) => new FinanceInputError("invalid-input", errors);

function isUniqueViolation(error: unknown) {
  return hasSqlState(error, "23505");
}

const DUPLICATE_NAME = { name: "Já existe uma conta com este nome." };

/** A new account (a bank account, an acquirer, a safe) with its balance on the opening day. */
export async function createAccountInTx(tx: Transaction, actor: Actor, rawInput: unknown) {
  assertOwnerActor(actor, OWNER_MESSAGE);
  const input = parseInput(AccountSchema, rawInput, refuse);
  const [position] = await tx
    .select({ next: sql<number>`coalesce(max(${financeAccounts.position}), 0) + 1` })
    .from(financeAccounts);
  const [account] = await tx
    .insert(financeAccounts)
    .values({
      name: input.name,
      kind: input.kind,
      openingBalanceCents: input.openingBalance,
      openingDate: input.openingDate,
      position: Number(position?.next ?? 1),
    })
    .onConflictDoNothing()
    .returning({ id: financeAccounts.id });
  if (!account) throw refuse(DUPLICATE_NAME);
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "finance.account.create",
    entity: ACCOUNT_ENTITY,
    entityId: String(account.id),
    details: { name: input.name, kind: input.kind, openingBalanceCents: input.openingBalance, openingDate: input.openingDate },
  });
  return { accountId: account.id };
}

export function createAccount(actor: Actor, input: unknown) {
  return inTransaction((tx) => createAccountInTx(tx, actor, input));
}

async function lockAccountInTx(tx: Transaction, rawAccountId: unknown) {
  const accountId = typeof rawAccountId === "number" || typeof rawAccountId === "string" ? readId(rawAccountId) : null;
  if (accountId === null) throw new FinanceNotFoundError("conta não encontrada");
  const [account] = await tx.select().from(financeAccounts).where(eq(financeAccounts.id, accountId)).for("update");
  if (!account) throw new FinanceNotFoundError("conta não encontrada");
  return account;
}

/** Renames an account or corrects its opening balance (every balance after it moves with it). */
export async function updateAccountInTx(tx: Transaction, actor: Actor, rawAccountId: unknown, rawInput: unknown) {
  assertOwnerActor(actor, OWNER_MESSAGE);
  const input = parseInput(AccountSchema, rawInput, refuse);
  const account = await lockAccountInTx(tx, rawAccountId);
  const [clash] = await tx
    .select({ id: financeAccounts.id })
    .from(financeAccounts)
    .where(and(sql`lower(${financeAccounts.name}) = lower(${input.name})`, sql`${financeAccounts.id} <> ${account.id}`));
  if (clash) throw refuse(DUPLICATE_NAME);
  await tx
    .update(financeAccounts)
    .set({ name: input.name, kind: input.kind, openingBalanceCents: input.openingBalance, openingDate: input.openingDate })
    .where(eq(financeAccounts.id, account.id));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "finance.account.update",
    entity: ACCOUNT_ENTITY,
    entityId: String(account.id),
    details: {
      before: {
        name: account.name,
        kind: account.kind,
        openingBalanceCents: account.openingBalanceCents,
        openingDate: account.openingDate,
      },
      after: { name: input.name, kind: input.kind, openingBalanceCents: input.openingBalance, openingDate: input.openingDate },
    },
  });
  return { accountId: account.id };
}

export async function updateAccount(actor: Actor, accountId: unknown, input: unknown) {
  try {
    return await inTransaction((tx) => updateAccountInTx(tx, actor, accountId, input));
  } catch (error) {
    // Two renames to the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw refuse(DUPLICATE_NAME);
    throw error;
  }
}

/**
 * Archives an account that holds nothing and that no role points at: the
 * other modules' money must keep landing somewhere, and a balance must not
 * disappear from the list of where the money is.
 */
export async function archiveAccountInTx(tx: Transaction, actor: Actor, rawAccountId: unknown, today = shopToday()) {
  assertOwnerActor(actor, OWNER_MESSAGE);
  const account = await lockAccountInTx(tx, rawAccountId);
  if (account.archivedAt) return { accountId: account.id, wasArchived: true };
  const roles = await tx
    .select({ role: financeAccountRoles.role })
    .from(financeAccountRoles)
    .where(eq(financeAccountRoles.accountId, account.id));
  if (roles.length > 0) {
    throw new FinanceStateError(
      "account-has-role",
      `Esta conta é usada para: ${roles.map((row) => ACCOUNT_ROLE_LABELS[row.role]).join(", ")}. Escolha outra conta para isso antes de arquivar.`,
    );
  }
  const balance = (await accountBalancesInTx(tx, today)).find((row) => row.accountId === account.id);
  if (balance && balance.balanceCents !== 0) {
    throw new FinanceStateError(
      "account-has-balance",
      `Esta conta tem saldo de ${formatCents(balance.balanceCents)}: transfira o saldo para outra conta antes de arquivar.`,
    );
  }
  await tx.update(financeAccounts).set({ archivedAt: new Date() }).where(eq(financeAccounts.id, account.id));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "finance.account.archive",
    entity: ACCOUNT_ENTITY,
    entityId: String(account.id),
    details: { name: account.name },
  });
  return { accountId: account.id, wasArchived: false };
}

export function archiveAccount(actor: Actor, accountId: unknown) {
  return inTransaction((tx) => archiveAccountInTx(tx, actor, accountId));
}

/** Money moved between two of the shop's accounts by hand (a deposit, paying the card bill from the bank). */
export async function recordTransferInTx(tx: Transaction, actor: Actor, rawInput: unknown, today = shopToday()) {
  assertStaffActor(actor);
  const input = parseInput(TransferSchema, rawInput, refuse);
  if (input.transferDate > today) throw refuse({ transferDate: "A data da transferência não pode ser depois de hoje." });
  const scope = "finance.transfer";
  const { result, isReplay } = await runOnce(
    tx,
    { key: input.idempotencyKey, scope, actorUserId: actor.userId, content: input },
    async () => {
      const from = await activeAccountInTx(tx, input.fromAccountId, "fromAccountId");
      const to = await activeAccountInTx(tx, input.toAccountId, "toAccountId");
      const [transfer] = await tx
        .insert(financeTransfers)
        .values({
          fromAccountId: from.id,
          toAccountId: to.id,
          amountCents: input.amount,
          transferDate: input.transferDate,
          description: input.description || `Transferência de ${from.name} para ${to.name}`,
          createdByLabel: actor.label,
        })
        .returning({ id: financeTransfers.id });
      await recordAudit(tx, {
        actorUserId: actor.userId,
        actorLabel: actor.label,
        action: "finance.transfer",
        entity: "finance-transfer",
        entityId: String(transfer!.id),
        details: { fromAccountId: from.id, toAccountId: to.id, amountCents: input.amount, transferDate: input.transferDate },
      });
      return { transferId: transfer!.id };
    },
  );
  return { ...result, isReplay };
}

export function recordTransfer(actor: Actor, input: unknown) {
  return inTransaction((tx) => recordTransferInTx(tx, actor, input));
}

/** Which account each role uses (where cash sales, PIX, cards, card settlements and sangrias land). */
export async function setAccountRolesInTx(tx: Transaction, actor: Actor, rawInput: unknown) {
  assertOwnerActor(actor, OWNER_MESSAGE);
  const input = parseInput(AccountRolesSchema, rawInput, refuse);
  const before = await tx.select().from(financeAccountRoles);
  for (const role of FINANCE_ACCOUNT_ROLES) await activeAccountInTx(tx, input[role], role);
  for (const role of FINANCE_ACCOUNT_ROLES) {
    await tx
      .insert(financeAccountRoles)
      .values({ role, accountId: input[role] })
      .onConflictDoUpdate({ target: financeAccountRoles.role, set: { accountId: input[role] } });
  }
  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "finance.account.roles",
    entity: ACCOUNT_ENTITY,
    entityId: "roles",
    details: { before: Object.fromEntries(before.map((row) => [row.role, row.accountId])), after: input },
  });
}

export function setAccountRoles(actor: Actor, input: unknown) {
  return inTransaction((tx) => setAccountRolesInTx(tx, actor, input));
}

export type AccountRow = {
  id: number;
  name: string;
  kind: (typeof financeAccounts.$inferSelect)["kind"];
  openingBalanceCents: number;
  openingDate: string;
  archivedAt: Date | null;
};

/**
 * Every account, active first, with its balance at the end of `today`, and
 * which account each role uses: the accounts' page, in one statement (three
 * before), the balances by accountBalancesQuery.
 */
export async function listAccounts(today: string): Promise<{
  accounts: (AccountRow & { balanceCents: number })[];
  roles: Partial<Record<FinanceAccountRole, number>>;
}> {
  const rows = await readTogether(await getDb(), {
    accounts: sql`select a.id, a.name, a.kind, a.opening_balance_cents as "openingBalanceCents",
        to_char(a.opening_date, 'YYYY-MM-DD') as "openingDate", a.archived_at as "archivedAt"
      from ${financeAccounts} a
      order by a.archived_at is not null, a.position, a.id`,
    roles: sql`select role, account_id as "accountId" from ${financeAccountRoles}`,
    balances: accountBalancesQuery(today),
  });
  const balanceOf = new Map(rows.balances.map((row) => [Number(row.id), Number(row.balance_cents)]));
  return {
    accounts: rows.accounts.map((row) => ({
      id: Number(row.id),
      name: String(row.name),
      kind: row.kind as AccountRow["kind"],
      openingBalanceCents: Number(row.openingBalanceCents),
      openingDate: String(row.openingDate),
      archivedAt: row.archivedAt === null ? null : new Date(String(row.archivedAt)),
      balanceCents: balanceOf.get(Number(row.id)) ?? 0,
    })),
    roles: Object.fromEntries(rows.roles.map((row) => [String(row.role), Number(row.accountId)])),
  };
}

const keptAccountLists = keptUntilWrite();

/**
 * /financial-management/contas as its page shows it: listAccounts, read
 * again only once a transaction that wrote something has committed or the
 * shop's day has changed (keptUntilWrite: on PGlite only). The balances sum
 * every paid day, transfer and card receivable since the shop opened, which
 * PGlite does row by row in the one Node thread.
 */
export function listAccountsForPage(today: string) {
  return keptAccountLists(today, () => listAccounts(today));
}

/** The active accounts, for a form's choice. */
export async function activeAccountOptions() {
  const db = await getDb();
  return db
    .select({ id: financeAccounts.id, name: financeAccounts.name })
    .from(financeAccounts)
    .where(isNull(financeAccounts.archivedAt))
    .orderBy(asc(financeAccounts.position), asc(financeAccounts.id));
}
