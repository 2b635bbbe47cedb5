import { and, eq, isNull } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import {
  cashRegisters,
  registerEntries,
  type RegisterEntryKind,
  registerIsOpen,
  type RegisterMethod,
} from "~/db/schema/cash-register";
import { shopToday } from "~/lib/dates";
import { InputError } from "~/lib/errors";
import type { Actor } from "~/modules/accounts/roles";
import { recordLoyaltyForRegisterEntryInTx, reverseLoyaltyForRegisterEntriesInTx } from "~/modules/loyalty/ledger.server";
import { cancelPostingsInTx, REGISTER_ENTRY_ORIGIN } from "./ledger.server";
import { postRegisterEntryInTx } from "./register-postings.server";
import type { ReceiptPart } from "./revenue-parts";

/** The register's page, where a closed register is opened: named in every "open the register" refusal. */
export const CASH_REGISTER_PATH = "/cash-register";

/** Cash needs an open register: the page offers to open one (a link to /cash-register, `registerClosedLink`). */
export class RegisterClosedError extends InputError {
  override name = "RegisterClosedError";
  constructor(field = "form") {
    super("register-closed", { [field]: "Não há caixa aberto. Abra o caixa para receber em dinheiro." }, 409);
  }
}

/** Whether a refusal is "no register open", so a page can show the link that opens one. */
export function isRegisterClosedError(error: unknown): error is RegisterClosedError {
  return error instanceof RegisterClosedError;
}

/**
 * The register open now, locked until the caller's transaction ends: FOR
 * SHARE, so entries written at once do not wait for each other, while a
 * closing (FOR UPDATE) waits for them and they for it. After a closing
 * commits, a waiting entry finds no open register.
 */
export async function lockOpenRegisterInTx(tx: Transaction): Promise<{ id: number } | null> {
  const [open] = await tx.select({ id: cashRegisters.id }).from(cashRegisters).where(registerIsOpen).for("share");
  return open ?? null;
}

/** The open register locked against every other writer (a closing, a sangria that checks the cash in the drawer). */
export async function lockOpenRegisterForUpdateInTx(tx: Transaction, registerId?: number) {
  const [open] = await tx
    .select()
    .from(cashRegisters)
    .where(and(registerIsOpen, registerId === undefined ? undefined : eq(cashRegisters.id, registerId)))
    .for("update");
  return open ?? null;
}

export type RegisterEntryInput = {
  kind: RegisterEntryKind;
  method: RegisterMethod;
  /** Signed centavos: a sangria or a refund is negative. */
  amountCents: number;
  tenderedCents?: number | null;
  instalments?: number | null;
  saleId?: number | null;
  serviceOrderPaymentId?: number | null;
  saleReturnId?: number | null;
  customerId?: number | null;
  reason?: string;
  /** The form field a refusal belongs next to. */
  field?: string;
  /** What the money is for the month result, when only the caller knows (a crediário payment); otherwise finance works it out from the kind. */
  financeParts?: readonly ReceiptPart[];
  /** A suprimento's origin or a sangria's destination account (the caller checked it). */
  counterAccountId?: number | null;
  /**
   * The shop day the money was taken, when typed for an earlier day (an
   * order's payment recorded late): it belongs to that day (decision 0024),
   * never to the register open today. Cash of an earlier day is refused:
   * it is in no drawer that can still be counted.
   */
  paidOn?: string | null;
};

/** Cash typed for an earlier day: today's drawer never held it and that day's closing is done. */
export class PastCashPaymentError extends InputError {
  override name = "PastCashPaymentError";
  constructor(field = "form") {
    super(
      "past-cash-payment",
      {
        [field]:
          "Dinheiro entra no caixa aberto hoje: registre-o com a data de hoje (o que sobrou ou faltou naquele dia ficou no fechamento dele).",
      },
      400,
    );
  }
}

/**
 * Money through the register, in the caller's transaction: into the open
 * register, or, for PIX and cards with none open, into the day's records
 * that the next closing takes. A PIX entry waits for "PIX recebido".
 * The caller has checked the amount; a zero or fractional one is a bug.
 */
export async function recordRegisterEntryInTx(
  tx: Transaction,
  actor: Actor,
  input: RegisterEntryInput,
  today = shopToday(),
): Promise<{ entryId: number; registerId: number | null }> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents === 0) {
    throw new Error(`valor de lançamento inválido no caixa: ${input.amountCents}`);
  }
  const isEarlierDay = input.paidOn != null && input.paidOn < today;
  if (isEarlierDay && input.method === "cash") throw new PastCashPaymentError(input.field);
  const open = isEarlierDay ? null : await lockOpenRegisterInTx(tx);
  if (!open && input.method === "cash") throw new RegisterClosedError(input.field);
  const [entry] = await tx
    .insert(registerEntries)
    .values({
      registerId: open?.id ?? null,
      kind: input.kind,
      method: input.method,
      amountCents: input.amountCents,
      tenderedCents: input.tenderedCents ?? null,
      instalments: input.instalments ?? null,
      saleId: input.saleId ?? null,
      serviceOrderPaymentId: input.serviceOrderPaymentId ?? null,
      saleReturnId: input.saleReturnId ?? null,
      customerId: input.customerId ?? null,
      reason: input.reason ?? "",
      pixPending: input.method === "pix" && input.amountCents > 0,
      businessDate: isEarlierDay ? input.paidOn! : today,
      actorUserId: actor.userId,
      actorLabel: actor.label,
    })
    .returning({ id: registerEntries.id, businessDate: registerEntries.businessDate });
  await postRegisterEntryInTx(tx, actor, {
    entryId: entry!.id,
    kind: input.kind,
    method: input.method,
    amountCents: input.amountCents,
    instalments: input.instalments ?? null,
    businessDate: entry!.businessDate,
    customerId: input.customerId ?? null,
    description: input.reason ?? "",
    saleId: input.saleId ?? null,
    serviceOrderPaymentId: input.serviceOrderPaymentId ?? null,
    parts: input.financeParts,
    counterAccountId: input.counterAccountId ?? null,
  });
  // Paid money earns loyalty points, and a refund takes back what it had earned, in this same transaction.
  await recordLoyaltyForRegisterEntryInTx(tx, actor, {
    entryId: entry!.id,
    kind: input.kind,
    method: input.method,
    amountCents: input.amountCents,
    customerId: input.customerId ?? null,
    saleId: input.saleId ?? null,
    serviceOrderPaymentId: input.serviceOrderPaymentId ?? null,
    isCreditFee: (input.financeParts?.length ?? 0) > 0 && input.financeParts!.every((part) => part.categoryKey === "credit-fee"),
    description: input.reason ?? "",
  });
  return { entryId: entry!.id, registerId: open?.id ?? null };
}

/**
 * An entry cancelled, with who and why, and what it posted to finance
 * (revenue, a card's fee and receivables, a sangria's transfer) undone with
 * it; an entry already cancelled is left as it was. The caller has checked
 * that it may be (its register open, its sale or payment being undone).
 */
export async function markRegisterEntryCancelledInTx(
  tx: Transaction,
  actor: Actor,
  entryId: number,
  reason: string,
  now = new Date(),
) {
  const [cancelled] = await tx
    .update(registerEntries)
    .set({ cancelledAt: now, cancelledByLabel: actor.label, cancelReason: reason })
    .where(and(eq(registerEntries.id, entryId), isNull(registerEntries.cancelledAt)))
    .returning({ id: registerEntries.id });
  if (cancelled) {
    await cancelPostingsInTx(tx, actor, { kind: REGISTER_ENTRY_ORIGIN, id: entryId }, reason);
    await reverseLoyaltyForRegisterEntriesInTx(tx, actor, [entryId], reason, now);
  }
}

/**
 * The number of the closed register an entry belongs to, or null while it
 * is open (or the entry had none), with the entry locked until the caller's
 * transaction ends: a closed register's entries never change, so a caller
 * undoing a payment refuses in its own words.
 */
export async function closedRegisterOfEntryInTx(tx: Transaction, entryId: number): Promise<number | null> {
  const [entry] = await tx
    .select({ registerId: registerEntries.registerId, isOpen: cashRegisters.isOpen })
    .from(registerEntries)
    .leftJoin(cashRegisters, eq(cashRegisters.id, registerEntries.registerId))
    .where(eq(registerEntries.id, entryId))
    .for("update", { of: registerEntries });
  return entry?.registerId != null && entry.isOpen === false ? entry.registerId : null;
}
