import { eq } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { cashRegisters, registerEntries, type RegisterEntryKind, type RegisterMethod } from "~/db/schema/cash-register";
import { shopToday } from "~/lib/dates";
import { InputError } from "~/lib/errors";
import type { Actor } from "~/modules/accounts/roles";

/** Cash needs an open register: the page offers to open one. */
export class RegisterClosedError extends InputError {
  override name = "RegisterClosedError";
  constructor(field = "form") {
    super("register-closed", { [field]: "Não há caixa aberto. Abra o caixa para receber em dinheiro." }, 409);
  }
}

/** The register open now, locked until the caller's transaction ends (a closing waits for entries being written, and the reverse). */
export async function lockOpenRegisterInTx(tx: Transaction): Promise<{ id: number } | null> {
  const [open] = await tx.select({ id: cashRegisters.id }).from(cashRegisters).where(eq(cashRegisters.isOpen, true)).for("share");
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
};

/**
 * Money through the register, in the caller's transaction: into the open
 * register, or, for PIX and cards with none open, into the day's records
 * that the next closing takes. A PIX entry waits for "PIX recebido".
 */
export async function recordRegisterEntryInTx(
  tx: Transaction,
  actor: Actor,
  input: RegisterEntryInput,
): Promise<{ entryId: number; registerId: number | null }> {
  const open = await lockOpenRegisterInTx(tx);
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
      businessDate: shopToday(),
      actorUserId: actor.userId,
      actorLabel: actor.label,
    })
    .returning({ id: registerEntries.id });
  return { entryId: entry!.id, registerId: open?.id ?? null };
}
