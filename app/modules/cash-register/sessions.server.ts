import { eq } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { cashRegisters, registerIsOpen } from "~/db/schema/cash-register";
import { formatDateTime, shopToday } from "~/lib/dates";
import { parseInput } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import { formatCents } from "~/lib/money";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { cashCounterAccountInTx, postRegisterOpeningInTx } from "~/modules/finance/register-postings.server";
import { hasSqlState } from "~/db/sql-state";
import { CashRegisterInputError, CashRegisterStateError } from "./errors";
import { OpenCashRegisterSchema } from "./validation";

export const CASH_REGISTER_ENTITY = "cash-register";

export type OpenedRegister = { registerId: number; isReplay: boolean };

const alreadyOpen = (register: { id: number; openedByLabel: string; openedAt: Date }) =>
  new CashRegisterStateError(
    "register-already-open",
    `O caixa nº ${register.id} já está aberto (por ${register.openedByLabel}, em ${formatDateTime(register.openedAt)}): feche-o antes de abrir outro.`,
  );

/**
 * Opens the register with its float. At most one is open: the partial
 * unique index decides when two openings arrive at once, and the one that
 * loses gets the same refusal as one that came later (ON CONFLICT DO
 * NOTHING waits for the winner to commit, then inserts nothing, so this
 * transaction is never aborted by the unique violation).
 */
export async function openCashRegisterInTx(tx: Transaction, actor: Actor, rawInput: unknown): Promise<OpenedRegister> {
  assertStaffActor(actor);
  const input = parseInput(OpenCashRegisterSchema, rawInput, (errors) => new CashRegisterInputError("invalid-input", errors));
  const key = { key: input.idempotencyKey, scope: "cash-register.open", actorUserId: actor.userId, content: input };
  const { result, isReplay } = await runOnce(tx, key, async () => {
    if (input.floatAccount !== null && !(await cashCounterAccountInTx(tx, input.floatAccount))) {
      throw new CashRegisterInputError("invalid-input", { floatAccount: "Escolha uma das contas da lista." });
    }
    const [opened] = await tx
      .insert(cashRegisters)
      .values({ openingFloatCents: input.openingFloat, openedByUserId: actor.userId, openedByLabel: actor.label })
      .onConflictDoNothing({ target: cashRegisters.isOpen, where: eq(cashRegisters.isOpen, true) })
      .returning({ id: cashRegisters.id });
    if (!opened) {
      const [current] = await tx
        .select({ id: cashRegisters.id, openedByLabel: cashRegisters.openedByLabel, openedAt: cashRegisters.openedAt })
        .from(cashRegisters)
        .where(registerIsOpen);
      throw current
        ? alreadyOpen(current)
        : new CashRegisterStateError("register-already-open", "Outro caixa acabou de ser aberto: recarregue a página.");
    }
    // Finance's drawer holds the float from now on: what it lacks comes from (what it holds more goes to) the account named.
    const movedCents = await postRegisterOpeningInTx(tx, actor, {
      registerId: opened.id,
      floatCents: input.openingFloat,
      accountId: input.floatAccount,
      date: shopToday(),
    });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "cash-register.open",
      entity: CASH_REGISTER_ENTITY,
      entityId: String(opened.id),
      details: {
        openingFloatCents: input.openingFloat,
        openingFloat: formatCents(input.openingFloat),
        floatAccountId: input.floatAccount,
        movedToDrawerCents: movedCents,
      },
    });
    return { registerId: opened.id };
  });
  return { ...result, isReplay };
}

/** Opens the register in its own transaction; a unique violation that slipped past ON CONFLICT is the same clean refusal. */
export async function openCashRegister(actor: Actor, input: unknown): Promise<OpenedRegister> {
  try {
    return await inTransaction((tx) => openCashRegisterInTx(tx, actor, input));
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new CashRegisterStateError("register-already-open", "Outro caixa acabou de ser aberto: recarregue a página.");
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, "23505");
}
