import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { getDb, type Transaction } from "~/db/client.server";
import { readTogether } from "~/db/read-together.server";
import { saleItems, sales, type RegisterEntryKind, type RegisterMethod } from "~/db/schema/cash-register";
import { products } from "~/db/schema/inventory";
import { financeAccounts, type FinanceAccountRole } from "~/db/schema/finance";
import { serviceOrderLines, serviceOrderPayments, serviceOrders } from "~/db/schema/service-orders";
import type { Actor } from "~/modules/accounts/roles";
import {
  accountOfMethodInTx,
  accountOfRoleInTx,
  isMoneyMethod,
  postEntryInTx,
  postReceiptInTx,
  postTransferInTx,
  REGISTER_ENTRY_ORIGIN,
} from "./ledger.server";
import { accountBalanceInTx, accountBalancesQuery } from "./balances.server";
import { revenuePartsOf, type ReceiptPart, type RevenueLine } from "./revenue-parts";

/** A register entry as just written, with what the caller knows of its meaning for the month result. */
export type PostedRegisterEntry = {
  entryId: number;
  kind: RegisterEntryKind;
  method: RegisterMethod;
  /** Signed, as the register keeps it: a sangria or a refund is negative. */
  amountCents: number;
  instalments: number | null;
  businessDate: string;
  customerId: number | null;
  description: string;
  /** The sale a "sale" entry is a payment of: its lines give the revenue by source. */
  saleId?: number | null;
  /** The order payment an "order-payment" entry records: the order's lines give the revenue by source. */
  serviceOrderPaymentId?: number | null;
  /** Given by callers whose split only they know (a crediário payment: principal by source, interest, charges). */
  parts?: readonly ReceiptPart[];
  /** A suprimento's origin or a sangria's destination (checked by cashCounterAccountInTx); null: the "withdrawal" role's account. */
  counterAccountId?: number | null;
};

/**
 * Called by the register for every entry it writes, in the same
 * transaction: the entry reaches finance by itself, under its own origin
 * (decision 0019). Crediário and store credit bring no money and post
 * nothing; suprimento and sangria move money between accounts (transfers,
 * neither revenue nor expense); a refund gives money back out of the
 * account it leaves.
 */
export async function postRegisterEntryInTx(tx: Transaction, actor: Actor, entry: PostedRegisterEntry) {
  if (!isMoneyMethod(entry.method) || entry.amountCents === 0) return;
  const origin = { kind: REGISTER_ENTRY_ORIGIN, id: entry.entryId };
  if (entry.kind === "supply" || entry.kind === "withdrawal") {
    await postCashMovementInTx(tx, actor, entry);
    return;
  }
  if (entry.amountCents < 0) {
    // Money given back (a refund): a deduction from revenue, out of the account the money leaves.
    await postEntryInTx(tx, actor, {
      origin,
      categoryKey: "returns",
      amountCents: -entry.amountCents,
      description: entry.description,
      paidDate: entry.businessDate,
      dueDate: entry.businessDate,
      accountId: await accountOfMethodInTx(tx, entry.method),
      method: entry.method,
      customerId: entry.customerId,
    });
    return;
  }
  await postReceiptInTx(tx, actor, {
    origin,
    method: entry.method,
    instalments: entry.instalments,
    date: entry.businessDate,
    description: entry.description,
    customerId: entry.customerId,
    registerEntryId: entry.entryId,
    parts: entry.parts ?? (await defaultPartsInTx(tx, entry)),
  });
}

/** What a payment is for the month result when the caller did not say: the lines of what it pays for, by source. */
async function defaultPartsInTx(tx: Transaction, entry: PostedRegisterEntry): Promise<ReceiptPart[]> {
  if (entry.kind === "sale" && entry.saleId) {
    const { lines, totalCents } = await saleLinesInTx(tx, entry.saleId);
    return revenuePartsOf(entry.amountCents, lines, totalCents);
  }
  if (entry.kind === "order-payment" && entry.serviceOrderPaymentId) {
    const { lines, totalCents } = await orderLinesOfPaymentInTx(tx, entry.serviceOrderPaymentId);
    return revenuePartsOf(entry.amountCents, lines, totalCents);
  }
  // A payment whose caller gave no split (none does today): money in all the same, so the account's balance is right.
  return [{ categoryKey: "other-income", amountCents: entry.amountCents }];
}

/** A sale's lines at their gross price (quantity × unit price) and its total after every discount. */
async function saleLinesInTx(tx: Transaction, saleId: number): Promise<{ lines: RevenueLine[]; totalCents: number }> {
  const [sale] = await tx.select({ totalCents: sales.totalCents }).from(sales).where(eq(sales.id, saleId));
  const items = await tx
    .select({ source: saleItems.revenueSource, quantity: saleItems.quantity, unitPriceCents: saleItems.unitPriceCents })
    .from(saleItems)
    .where(eq(saleItems.saleId, saleId))
    .orderBy(asc(saleItems.position), asc(saleItems.id));
  return {
    lines: items.map((item) => ({ source: item.source, grossCents: item.quantity * item.unitPriceCents })),
    totalCents: sale?.totalCents ?? 0,
  };
}

/**
 * An order's lines for the payment's split: a line with a product earns
 * that product's source (a part is "products"; a printing service item
 * "printing-design"), a free line is labour ("services"). The total is the
 * lines' gross less the order's discount.
 */
async function orderLinesOfPaymentInTx(
  tx: Transaction,
  paymentId: number,
): Promise<{ lines: RevenueLine[]; totalCents: number }> {
  const [payment] = await tx
    .select({ orderId: serviceOrderPayments.orderId, discountCents: serviceOrders.discountCents })
    .from(serviceOrderPayments)
    .innerJoin(serviceOrders, eq(serviceOrders.id, serviceOrderPayments.orderId))
    .where(eq(serviceOrderPayments.id, paymentId));
  if (!payment) return { lines: [], totalCents: 0 };
  const rows = await tx
    .select({
      source: sql<RevenueLine["source"]>`coalesce(${products.revenueSource}, 'services')`,
      quantity: serviceOrderLines.quantity,
      unitPriceCents: serviceOrderLines.unitPriceCents,
    })
    .from(serviceOrderLines)
    .leftJoin(products, eq(products.id, serviceOrderLines.productId))
    .where(eq(serviceOrderLines.orderId, payment.orderId))
    .orderBy(asc(serviceOrderLines.position), asc(serviceOrderLines.id));
  const lines = rows.map((row) => ({ source: row.source, grossCents: row.quantity * row.unitPriceCents }));
  const grossCents = lines.reduce((sum, line) => sum + line.grossCents, 0);
  return { lines, totalCents: grossCents - payment.discountCents };
}

/** Suprimento: cash from the account the form named (or the "withdrawal" role's) into the drawer; sangria: the reverse. */
async function postCashMovementInTx(tx: Transaction, actor: Actor, entry: PostedRegisterEntry) {
  const drawer = await accountOfRoleInTx(tx, "cash-drawer");
  const elsewhere = entry.counterAccountId ?? (await accountOfRoleInTx(tx, "withdrawal"));
  const isSupply = entry.kind === "supply";
  await postTransferInTx(tx, actor, {
    origin: { kind: REGISTER_ENTRY_ORIGIN, id: entry.entryId },
    fromAccountId: isSupply ? elsewhere : drawer,
    toAccountId: isSupply ? drawer : elsewhere,
    amountCents: Math.abs(entry.amountCents),
    date: entry.businessDate,
    description: `${isSupply ? "Suprimento" : "Sangria"}${entry.description ? `: ${entry.description}` : ""}`,
  });
}

/** The account of a role, as a subquery (finance_account_roles, migration 0017). */
const roleAccountSql = (role: FinanceAccountRole) => sql`(select account_id from finance_account_roles where role = ${role})`;

export type CashCounterAccount = { id: number; name: string };

/**
 * The accounts cash can come from or go to besides the drawer (the safe, a
 * bank, the owner's pocket; never a card acquirer): what the opening, the sangria and the
 * suprimento forms offer, with the "withdrawal" role's account first as the
 * default, and the drawer account's balance on `balanceOn` (null: not read;
 * only the opening form shows it).
 */
export async function cashCounterAccounts(balanceOn: string | null) {
  // One statement (it was a transaction of five): the two roles' accounts, the others, the drawer's balance.
  const drawer = roleAccountSql("cash-drawer");
  const rows = await readTogether(await getDb(), {
    roles: sql`select ${drawer} as drawer, ${roleAccountSql("withdrawal")} as withdrawal`,
    accounts: sql`select a.id, a.name from finance_accounts a
      where a.archived_at is null and a.id is distinct from ${drawer} and a.kind <> 'card-acquirer'
      order by a.position, a.id`,
    drawerBalance: balanceOn === null ? sql`select null where false` : accountBalancesQuery(balanceOn, drawer),
  });
  const roles = rows.roles[0] ?? {};
  if (roles.drawer === null || roles.drawer === undefined)
    throw new Error("conta financeira ausente para cash-drawer (migração 0017)");
  if (roles.withdrawal === null || roles.withdrawal === undefined)
    throw new Error("conta financeira ausente para withdrawal (migração 0017)");
  const defaultId = Number(roles.withdrawal);
  const found = rows.accounts.map((row) => ({ id: Number(row.id), name: String(row.name) }));
  const accounts: CashCounterAccount[] = [
    ...found.filter((row) => row.id === defaultId),
    ...found.filter((row) => row.id !== defaultId),
  ];
  return {
    accounts,
    defaultId,
    drawerBalanceCents: balanceOn === null ? null : Number(rows.drawerBalance[0]?.balance_cents ?? 0),
  };
}

/** The account a form named for cash to come from or go to, if it may (it exists, is not archived, is neither the drawer nor a card acquirer). */
export async function cashCounterAccountInTx(tx: Transaction, accountId: number): Promise<boolean> {
  const drawer = await accountOfRoleInTx(tx, "cash-drawer");
  if (accountId === drawer) return false;
  const [row] = await tx
    .select({ id: financeAccounts.id })
    .from(financeAccounts)
    .where(and(eq(financeAccounts.id, accountId), isNull(financeAccounts.archivedAt), ne(financeAccounts.kind, "card-acquirer")));
  return row !== undefined;
}

/** How a register's opening is named as an origin: the transfer that makes the drawer's account hold the float. */
export const REGISTER_OPENING_ORIGIN = "register-opening";

/**
 * The opening float reaches finance: the drawer's account should hold
 * exactly the float counted, so what it holds more or less (cash taken out
 * after the last closing, a float brought from the safe or the bank) moves
 * between it and the account the form named, as a transfer on the day the
 * register opened. Answers the amount moved into the drawer (negative: out).
 */
export async function postRegisterOpeningInTx(
  tx: Transaction,
  actor: Actor,
  opening: { registerId: number; floatCents: number; accountId: number | null; date: string },
) {
  const drawer = await accountOfRoleInTx(tx, "cash-drawer");
  const held = await accountBalanceInTx(tx, drawer, opening.date);
  const movedCents = opening.floatCents - held;
  if (movedCents === 0) return 0;
  const elsewhere = opening.accountId ?? (await accountOfRoleInTx(tx, "withdrawal"));
  await postTransferInTx(tx, actor, {
    origin: { kind: REGISTER_OPENING_ORIGIN, id: opening.registerId },
    fromAccountId: movedCents > 0 ? elsewhere : drawer,
    toAccountId: movedCents > 0 ? drawer : elsewhere,
    amountCents: Math.abs(movedCents),
    date: opening.date,
    description:
      movedCents > 0
        ? `Fundo de troco do caixa nº ${opening.registerId}`
        : `Dinheiro que não ficou na gaveta na abertura do caixa nº ${opening.registerId}`,
  });
  return movedCents;
}

/** How a register's closing is named as an origin: its cash difference; PIX and cards have their own origin kinds (one entry per method). */
export const REGISTER_CLOSING_ORIGIN = "register-closing";

/** The origin kind of a closing's difference in `method`: cash keeps "register-closing", the others "register-closing-pix"… */
export function closingOriginKindOf(method: string) {
  return method === "cash" ? REGISTER_CLOSING_ORIGIN : `${REGISTER_CLOSING_ORIGIN}-${method}`;
}

const CLOSING_METHOD_NAMES: Record<string, string> = {
  cash: "",
  pix: " de PIX",
  debit: " de cartão de débito",
  credit: " de cartão de crédito",
};

/**
 * A closing posts only its differences: every sale, payment and movement
 * already reached finance through its own entry, so what was counted (the
 * drawer) or checked (the bank statement for PIX, the card machine for
 * cards) less what was expected is a surplus (other income) or a shortage
 * (other expense) in that method's account, on the day of the closing.
 * Crediário and store credit bring no money and are never posted.
 */
export async function postRegisterClosingInTx(
  tx: Transaction,
  actor: Actor,
  closing: { registerId: number; differences: Record<string, number>; date: string },
) {
  for (const [method, differenceCents] of Object.entries(closing.differences)) {
    if (!isMoneyMethod(method) || !Number.isSafeInteger(differenceCents) || differenceCents === 0) continue;
    const isSurplus = differenceCents > 0;
    await postEntryInTx(tx, actor, {
      origin: { kind: closingOriginKindOf(method), id: closing.registerId },
      categoryKey: isSurplus ? "cash-surplus" : "cash-shortage",
      amountCents: Math.abs(differenceCents),
      description: `${isSurplus ? "Sobra" : "Falta"}${CLOSING_METHOD_NAMES[method] ?? ""} no fechamento do caixa nº ${closing.registerId}`,
      paidDate: closing.date,
      dueDate: closing.date,
      accountId: await accountOfMethodInTx(tx, method),
      method,
    });
  }
}
