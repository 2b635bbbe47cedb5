import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import {
  cardFeeRates,
  cardReceivables,
  financeAccountRoles,
  financeCategories,
  financeEntries,
  financeTransfers,
  type FinanceAccountRole,
  type FinanceDirection,
} from "~/db/schema/finance";
import { registerEntries } from "~/db/schema/cash-register";
import { addDays } from "~/lib/dates";
import { percentOfCents, splitCents } from "~/lib/money";
import type { Actor } from "~/modules/accounts/roles";
import type { ReceiptPart, SystemCategoryKey } from "./revenue-parts";

/**
 * The one way other modules' money reaches finance (decision 0019): in the
 * caller's transaction, named by its origin ("register-entry", 42), so the
 * unique indexes on origin refuse a second posting of the same thing.
 */
export type FinanceOrigin = { kind: string; id: number };

/** Card payments arrive through the acquirer, net of its fee, per instalment. */
const ACCOUNT_ROLE_OF_METHOD: Record<string, FinanceAccountRole> = {
  cash: "cash-drawer",
  pix: "pix",
  debit: "card",
  credit: "card",
};

/** Methods that bring no money now: crediário is owed (its plan's payments bring it), store credit was given before. */
export function isMoneyMethod(method: string): boolean {
  return Object.hasOwn(ACCOUNT_ROLE_OF_METHOD, method);
}

export async function categoryOfKeyInTx(tx: Transaction, key: SystemCategoryKey) {
  const [category] = await tx
    .select({ id: financeCategories.id, direction: financeCategories.direction })
    .from(financeCategories)
    .where(eq(financeCategories.systemKey, key));
  if (!category) throw new Error(`categoria financeira ausente: ${key} (migração 0017)`);
  return category;
}

export async function accountOfRoleInTx(tx: Transaction, role: FinanceAccountRole): Promise<number> {
  const [row] = await tx
    .select({ accountId: financeAccountRoles.accountId })
    .from(financeAccountRoles)
    .where(eq(financeAccountRoles.role, role));
  if (!row) throw new Error(`conta financeira ausente para ${role} (migração 0017)`);
  return row.accountId;
}

/** The account a payment by `method` lands in. */
export function accountOfMethodInTx(tx: Transaction, method: string): Promise<number> {
  const role = ACCOUNT_ROLE_OF_METHOD[method];
  if (!role) throw new Error(`forma de pagamento sem conta: ${method}`);
  return accountOfRoleInTx(tx, role);
}

export type PostedEntryInput = {
  origin: FinanceOrigin;
  categoryKey: SystemCategoryKey;
  amountCents: number;
  description: string;
  /** The shop's calendar day it was paid; null leaves it open (a payable), due on `dueDate`. */
  paidDate: string | null;
  dueDate: string;
  accountId: number | null;
  method?: string | null;
  counterparty?: string;
  customerId?: number | null;
  supplierId?: number | null;
  /** One of several entries the same origin owes ("2 de 3"): each its own row under the origin. */
  instalment?: { group: string; number: number; count: number } | null;
};

/**
 * One automatic entry, paid or open; its direction is its category's. A
 * second posting of the same origin and category writes nothing and
 * answers null.
 */
export async function postEntryInTx(tx: Transaction, actor: Actor, input: PostedEntryInput) {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new Error(`valor de lançamento financeiro inválido: ${input.amountCents}`);
  }
  const category = await categoryOfKeyInTx(tx, input.categoryKey);
  const [entry] = await tx
    .insert(financeEntries)
    .values({
      direction: category.direction as FinanceDirection,
      description: input.description,
      categoryId: category.id,
      amountCents: input.amountCents,
      dueDate: input.dueDate,
      paidDate: input.paidDate,
      method: input.method ?? null,
      accountId: input.accountId,
      counterparty: input.counterparty ?? "",
      customerId: input.customerId ?? null,
      supplierId: input.supplierId ?? null,
      instalmentGroup: input.instalment?.group ?? null,
      instalmentNumber: input.instalment?.number ?? null,
      instalmentCount: input.instalment?.count ?? null,
      originKind: input.origin.kind,
      originId: input.origin.id,
      createdByUserId: actor.userId,
      createdByLabel: actor.label,
    })
    .onConflictDoNothing()
    .returning({ id: financeEntries.id });
  return entry?.id ?? null;
}

export type ReceiptInput = {
  origin: FinanceOrigin;
  /** cash, pix, debit or credit (crediário and store credit post nothing: see isMoneyMethod). */
  method: string;
  /** Credit card instalments (1 for everything else). */
  instalments?: number | null;
  /** The shop's calendar day the money was taken. */
  date: string;
  description: string;
  customerId?: number | null;
  /** Needed for cards: the acquirer's receivables hang on the register entry. */
  registerEntryId?: number | null;
  parts: readonly ReceiptPart[];
};

/**
 * Money received, as the month result reads it: each part an entry paid
 * into the method's account (revenue by source, interest, the discount given
 * as an "out"). A card payment also posts the acquirer's fee (an expense)
 * and its receivables: the net, per instalment, leaving the acquirer's
 * account for the settlement account on each expected date.
 */
export async function postReceiptInTx(tx: Transaction, actor: Actor, input: ReceiptInput) {
  if (!isMoneyMethod(input.method)) return;
  const accountId = await accountOfMethodInTx(tx, input.method);
  let netCents = 0;
  for (const part of input.parts) {
    if (part.amountCents === 0) continue;
    const category = await categoryOfKeyInTx(tx, part.categoryKey);
    netCents += category.direction === "in" ? part.amountCents : -part.amountCents;
    await postEntryInTx(tx, actor, {
      origin: input.origin,
      categoryKey: part.categoryKey,
      amountCents: part.amountCents,
      description: input.description,
      paidDate: input.date,
      dueDate: input.date,
      accountId,
      method: input.method,
      customerId: input.customerId,
    });
  }
  if ((input.method === "debit" || input.method === "credit") && netCents > 0) {
    await postCardReceivablesInTx(tx, actor, { ...input, method: input.method, accountId, netCents });
  }
}

async function postCardReceivablesInTx(
  tx: Transaction,
  actor: Actor,
  input: ReceiptInput & { method: "debit" | "credit"; accountId: number; netCents: number },
) {
  if (!input.registerEntryId) throw new Error("pagamento com cartão sem lançamento no caixa");
  const instalments = input.method === "debit" ? 1 : Math.max(1, input.instalments ?? 1);
  const [rate] = await tx
    .select()
    .from(cardFeeRates)
    .where(and(eq(cardFeeRates.method, input.method), eq(cardFeeRates.instalments, instalments)));
  const feeBasisPoints = rate?.feeBasisPoints ?? 0;
  const settlementDays = rate?.settlementDays ?? (input.method === "debit" ? 1 : 30);
  const feeCents = percentOfCents(input.netCents, feeBasisPoints);
  if (feeCents > 0) {
    await postEntryInTx(tx, actor, {
      origin: input.origin,
      categoryKey: "card-fees",
      amountCents: feeCents,
      description: `Taxa do cartão: ${input.description}`,
      paidDate: input.date,
      dueDate: input.date,
      accountId: input.accountId,
      method: input.method,
    });
  }
  const settlementAccountId = await accountOfRoleInTx(tx, "card-settlement");
  const grosses = splitCents(input.netCents, instalments);
  const fees = splitCents(feeCents, instalments);
  await tx
    .insert(cardReceivables)
    .values(
      grosses.map((grossCents, index) => ({
        registerEntryId: input.registerEntryId!,
        instalmentNumber: index + 1,
        instalmentCount: instalments,
        expectedDate: addDays(input.date, settlementDays + 30 * index),
        grossCents,
        feeCents: fees[index]!,
        netCents: grossCents - fees[index]!,
        acquirerAccountId: input.accountId,
        settlementAccountId,
      })),
    )
    .onConflictDoNothing();
}

/** A transfer between two of the shop's accounts, posted by another module (a suprimento, a sangria). */
export async function postTransferInTx(
  tx: Transaction,
  actor: Actor,
  input: {
    origin: FinanceOrigin;
    fromAccountId: number;
    toAccountId: number;
    amountCents: number;
    date: string;
    description: string;
  },
) {
  if (input.fromAccountId === input.toAccountId) return null;
  const [transfer] = await tx
    .insert(financeTransfers)
    .values({
      fromAccountId: input.fromAccountId,
      toAccountId: input.toAccountId,
      amountCents: input.amountCents,
      transferDate: input.date,
      description: input.description,
      originKind: input.origin.kind,
      originId: input.origin.id,
      createdByLabel: actor.label,
    })
    .onConflictDoNothing()
    .returning({ id: financeTransfers.id });
  return transfer?.id ?? null;
}

/**
 * Undoes what an origin posted (its register entry was cancelled): entries
 * and transfers are marked cancelled, kept; card receivables too.
 */
export async function cancelPostingsInTx(tx: Transaction, actor: Actor, origin: FinanceOrigin, reason: string) {
  const now = new Date();
  await tx
    .update(financeEntries)
    .set({ cancelledAt: now, cancelledByLabel: actor.label, cancelReason: reason })
    .where(
      and(eq(financeEntries.originKind, origin.kind), eq(financeEntries.originId, origin.id), isNull(financeEntries.cancelledAt)),
    );
  await tx
    .update(financeTransfers)
    .set({ cancelledAt: now })
    .where(
      and(
        eq(financeTransfers.originKind, origin.kind),
        eq(financeTransfers.originId, origin.id),
        isNull(financeTransfers.cancelledAt),
      ),
    );
  if (origin.kind === REGISTER_ENTRY_ORIGIN) {
    await tx
      .update(cardReceivables)
      .set({ cancelledAt: now })
      .where(and(eq(cardReceivables.registerEntryId, origin.id), isNull(cardReceivables.cancelledAt)));
  }
}

/** Everything that passes through the register is posted under its entry. */
export const REGISTER_ENTRY_ORIGIN = "register-entry";

/** What of a sale's payments by `method` (debit or credit) the acquirer still owes: a card refund can give back at most this. */
export async function cardRefundableCentsOfSaleInTx(tx: Transaction, saleId: number, method: "debit" | "credit") {
  const [row] = await tx
    .select({ grossCents: sql<number>`coalesce(sum(${cardReceivables.grossCents}), 0)::int` })
    .from(cardReceivables)
    .innerJoin(registerEntries, eq(registerEntries.id, cardReceivables.registerEntryId))
    .where(
      and(
        eq(registerEntries.saleId, saleId),
        eq(registerEntries.method, method),
        isNull(registerEntries.cancelledAt),
        isNull(cardReceivables.cancelledAt),
      ),
    );
  return Number(row?.grossCents ?? 0);
}

/**
 * A refund through the card a sale was paid with (an estorno): the acquirer
 * pays that much less, so the sale's receivables of that method lose it,
 * the last instalment first, each with its share of the fee (the acquirer
 * gives back the fee of what it no longer pays); a receivable left with
 * nothing is cancelled, and the fee posted with the payment goes down by
 * what came back (cancelled when nothing is left). The caller has checked
 * the amount against cardRefundableCentsOfSaleInTx.
 */
export async function refundCardReceivablesOfSaleInTx(
  tx: Transaction,
  actor: Actor,
  input: { saleId: number; method: "debit" | "credit"; amountCents: number; reason: string },
) {
  const receivables = await tx
    .select({
      id: cardReceivables.id,
      registerEntryId: cardReceivables.registerEntryId,
      grossCents: cardReceivables.grossCents,
      feeCents: cardReceivables.feeCents,
    })
    .from(cardReceivables)
    .innerJoin(registerEntries, eq(registerEntries.id, cardReceivables.registerEntryId))
    .where(
      and(
        eq(registerEntries.saleId, input.saleId),
        eq(registerEntries.method, input.method),
        isNull(registerEntries.cancelledAt),
        isNull(cardReceivables.cancelledAt),
        gt(cardReceivables.grossCents, 0),
      ),
    )
    .orderBy(desc(cardReceivables.expectedDate), desc(cardReceivables.instalmentNumber), desc(cardReceivables.id))
    .for("update", { of: cardReceivables });
  let remaining = input.amountCents;
  const feeBackByEntry = new Map<number, number>();
  const now = new Date();
  for (const receivable of receivables) {
    if (remaining <= 0) break;
    const take = Math.min(remaining, receivable.grossCents);
    remaining -= take;
    const feeBack =
      take === receivable.grossCents ? receivable.feeCents : Math.round((receivable.feeCents * take) / receivable.grossCents);
    feeBackByEntry.set(receivable.registerEntryId, (feeBackByEntry.get(receivable.registerEntryId) ?? 0) + feeBack);
    if (take === receivable.grossCents) {
      await tx.update(cardReceivables).set({ cancelledAt: now }).where(eq(cardReceivables.id, receivable.id));
    } else {
      const grossCents = receivable.grossCents - take;
      const feeCents = receivable.feeCents - feeBack;
      await tx
        .update(cardReceivables)
        .set({ grossCents, feeCents, netCents: grossCents - feeCents })
        .where(eq(cardReceivables.id, receivable.id));
    }
  }
  if (remaining > 0) throw new Error(`estorno no cartão maior que o recebível da venda ${input.saleId}: faltam ${remaining}`);
  const feeCategory = await categoryOfKeyInTx(tx, "card-fees");
  for (const [entryId, feeBack] of feeBackByEntry) {
    if (feeBack === 0) continue;
    const [fee] = await tx
      .select({ id: financeEntries.id, amountCents: financeEntries.amountCents })
      .from(financeEntries)
      .where(
        and(
          eq(financeEntries.originKind, REGISTER_ENTRY_ORIGIN),
          eq(financeEntries.originId, entryId),
          eq(financeEntries.categoryId, feeCategory.id),
          isNull(financeEntries.cancelledAt),
        ),
      )
      .for("update");
    if (!fee) continue;
    const left = fee.amountCents - feeBack;
    await tx
      .update(financeEntries)
      .set(
        left <= 0
          ? { cancelledAt: now, cancelledByLabel: actor.label, cancelReason: input.reason || "Estorno no cartão" }
          : { amountCents: left },
      )
      .where(eq(financeEntries.id, fee.id));
  }
}

/** What an origin posted and is still in force, by category (its own direction), and the account and method it landed in. */
export async function postedPartsOfOriginInTx(tx: Transaction, origin: FinanceOrigin) {
  const rows = await tx
    .select({
      categoryKey: financeCategories.systemKey,
      amountCents: financeEntries.amountCents,
      accountId: financeEntries.accountId,
      method: financeEntries.method,
    })
    .from(financeEntries)
    .innerJoin(financeCategories, eq(financeCategories.id, financeEntries.categoryId))
    .where(
      and(eq(financeEntries.originKind, origin.kind), eq(financeEntries.originId, origin.id), isNull(financeEntries.cancelledAt)),
    );
  return rows.map((row) => ({ ...row, categoryKey: row.categoryKey as SystemCategoryKey | null }));
}

export type Reclassification = {
  origin: FinanceOrigin;
  accountId: number;
  method: string | null;
  /** The shop's calendar day the correction is made (the past stays as it was posted). */
  date: string;
  description: string;
  customerId?: number | null;
  /** What each category gains (positive, in its own direction) or loses (negative); together they leave the account as it was. */
  moves: readonly { categoryKey: SystemCategoryKey; deltaCents: number }[];
};

/**
 * Money already received, moved between categories of the month result on
 * the day of the correction (decision 0027): a category that gains gets an
 * entry in its own direction, one that loses an entry the other way, all
 * paid in the same account, so its balance does not move. Refused when the
 * moves do not add up to nothing. One entry per origin and category.
 */
export async function postReclassificationInTx(tx: Transaction, actor: Actor, input: Reclassification) {
  const entries = [];
  let netCents = 0;
  for (const move of input.moves) {
    if (!Number.isSafeInteger(move.deltaCents)) throw new Error(`valor de reclassificação inválido: ${move.deltaCents}`);
    if (move.deltaCents === 0) continue;
    const category = await categoryOfKeyInTx(tx, move.categoryKey);
    const own = category.direction as FinanceDirection;
    const direction: FinanceDirection = move.deltaCents > 0 ? own : own === "in" ? "out" : "in";
    const amountCents = Math.abs(move.deltaCents);
    netCents += direction === "in" ? amountCents : -amountCents;
    entries.push({ categoryId: category.id, direction, amountCents });
  }
  if (netCents !== 0) throw new Error(`reclassificação que mexe no saldo da conta: ${netCents}`);
  for (const entry of entries) {
    await tx
      .insert(financeEntries)
      .values({
        ...entry,
        description: input.description,
        dueDate: input.date,
        paidDate: input.date,
        method: input.method,
        accountId: input.accountId,
        customerId: input.customerId ?? null,
        originKind: input.origin.kind,
        originId: input.origin.id,
        createdByUserId: actor.userId,
        createdByLabel: actor.label,
      })
      .onConflictDoNothing();
  }
  return entries.length;
}
