import { and, asc, eq, gte, inArray, isNull, or } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { cashRegisters, registerEntries } from "~/db/schema/cash-register";
import { shopToday } from "~/lib/dates";
import { parseInput, readId } from "~/lib/forms";
import { formatCents } from "~/lib/money";
import { runOnce } from "~/lib/idempotency.server";
import { assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { lockOpenRegisterForUpdateInTx } from "~/modules/finance/register-entries.server";
import { postRegisterClosingInTx } from "~/modules/finance/register-postings.server";
import { denominationsTotalCents } from "./denominations";
import { CashRegisterInputError, CashRegisterNotFoundError, CashRegisterStateError } from "./errors";
import { closingTotalsOf, entriesFingerprint } from "./register-rules";
import { CASH_REGISTER_ENTITY } from "./sessions.server";
import { CloseCashRegisterSchema, type CloseCashRegisterInput } from "./validation";

/**
 * Records left without a register (PIX and cards while none was open) from
 * `fromDay` on. They belong to their business day (decision 0024): a
 * closing takes those of the days its register was open, never an older pile.
 */
export function unassignedFromDayWhere(fromDay: string) {
  return and(isNull(registerEntries.registerId), gte(registerEntries.businessDate, fromDay));
}

/** The register's own entries and the records without a register of the days it has been open (from its opening day). */
export function entriesOfRegisterOrUnassignedWhere(registerId: number, openedDay: string) {
  return or(eq(registerEntries.registerId, registerId), unassignedFromDayWhere(openedDay));
}

/** The counted cash: the notes and coins added up, or the total typed. */
function countedCashOf(input: CloseCashRegisterInput) {
  if (input.countMode === "total") return { countedCashCents: input.countedCash, denominations: null };
  const counts = Object.fromEntries(Object.entries(input.denominations).filter(([, count]) => count > 0));
  return { countedCashCents: denominationsTotalCents(counts), denominations: counts };
}

/** "Há 2 PIX aguardando confirmação (R$ 40,00 — Venda V-12; …)": the closing page lists each with its link. */
function pendingPixMessage(pending: readonly { amountCents: number; reason: string }[]) {
  const listed = pending
    .slice(0, 5)
    .map((entry) => `${formatCents(entry.amountCents)}${entry.reason ? ` — ${entry.reason}` : ""}`)
    .join("; ");
  const more = pending.length > 5 ? `; e mais ${pending.length - 5}` : "";
  const count = pending.length === 1 ? "Há 1 PIX aguardando confirmação" : `Há ${pending.length} PIX aguardando confirmação`;
  return `${count} (${listed}${more}). Marque “PIX recebido” ou cancele cada um antes de fechar: depois do fechamento o caixa não muda mais.`;
}

export type ClosedRegister = { registerId: number; differenceCents: number; isReplay: boolean };

/**
 * Closes the open register: locks it FOR UPDATE (entries being written hold
 * it FOR SHARE, so the closing waits for them and later ones find it
 * closed), takes the day's records left without a register, and keeps the
 * expected and counted amounts per method as the closing report shows
 * them. A closed register no longer changes.
 */
export async function closeCashRegisterInTx(
  tx: Transaction,
  actor: Actor,
  rawRegisterId: unknown,
  rawInput: unknown,
): Promise<ClosedRegister> {
  assertStaffActor(actor);
  const registerId = typeof rawRegisterId === "number" || typeof rawRegisterId === "string" ? readId(rawRegisterId) : null;
  if (registerId === null) throw new CashRegisterNotFoundError("caixa não encontrado");
  const input = parseInput(CloseCashRegisterSchema, rawInput, (errors) => new CashRegisterInputError("invalid-input", errors));
  const key = {
    key: input.idempotencyKey,
    scope: `cash-register.close:${registerId}`,
    actorUserId: actor.userId,
    content: input,
  };
  const { result, isReplay } = await runOnce(tx, key, async () => {
    const register = await lockOpenRegisterForUpdateInTx(tx, registerId);
    if (!register) {
      const [exists] = await tx.select({ id: cashRegisters.id }).from(cashRegisters).where(eq(cashRegisters.id, registerId));
      if (!exists) throw new CashRegisterNotFoundError("caixa não encontrado");
      throw new CashRegisterStateError("register-already-closed", `O caixa nº ${registerId} já foi fechado.`);
    }
    const now = new Date();
    const entries = await tx
      .select({
        id: registerEntries.id,
        registerId: registerEntries.registerId,
        method: registerEntries.method,
        amountCents: registerEntries.amountCents,
        cancelledAt: registerEntries.cancelledAt,
        pixPending: registerEntries.pixPending,
        reason: registerEntries.reason,
      })
      .from(registerEntries)
      .where(entriesOfRegisterOrUnassignedWhere(registerId, shopToday(register.openedAt)))
      .orderBy(asc(registerEntries.id))
      .for("update");
    const forTotals = entries.map((entry) => ({ ...entry, isCancelled: entry.cancelledAt !== null }));
    if (input.seen !== entriesFingerprint(forTotals)) {
      throw new CashRegisterStateError(
        "register-changed",
        "Houve lançamentos novos ou cancelados desde que esta página abriu: confira os valores e feche de novo.",
      );
    }
    // A closed register never changes: a PIX still waiting then could never be confirmed nor cancelled.
    const pendingPix = entries.filter((entry) => entry.pixPending && entry.cancelledAt === null);
    if (pendingPix.length > 0) throw new CashRegisterStateError("pix-pending", pendingPixMessage(pendingPix), "pendingPix");
    // Exactly the day's records counted above (locked), none that arrived since.
    const unassignedIds = entries.filter((entry) => entry.registerId === null).map((entry) => entry.id);
    const taken =
      unassignedIds.length === 0
        ? []
        : await tx
            .update(registerEntries)
            .set({ registerId })
            .where(and(isNull(registerEntries.registerId), inArray(registerEntries.id, unassignedIds)))
            .returning({ id: registerEntries.id });
    const { countedCashCents, denominations } = countedCashOf(input);
    const totals = closingTotalsOf(register.openingFloatCents, forTotals, countedCashCents, input.checked);
    const differenceCents = Object.values(totals).reduce(
      (sum, { expectedCents, countedCents }) => sum + countedCents - expectedCents,
      0,
    );
    await tx
      .update(cashRegisters)
      .set({
        isOpen: false,
        closedAt: now,
        closedByUserId: actor.userId,
        closedByLabel: actor.label,
        countedCashCents,
        countedDenominations: denominations,
        closingTotals: totals,
        closingNote: input.note,
      })
      .where(eq(cashRegisters.id, registerId));
    // Finance already has every entry; the closing adds only what was counted (or checked) more or less than expected.
    await postRegisterClosingInTx(tx, actor, {
      registerId,
      differences: Object.fromEntries(
        Object.entries(totals).map(([method, { expectedCents, countedCents }]) => [method, countedCents - expectedCents]),
      ),
      date: shopToday(now),
    });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: "cash-register.close",
      entity: CASH_REGISTER_ENTITY,
      entityId: String(registerId),
      details: { totals, differenceCents, countMode: input.countMode, takenEntries: taken.length, note: input.note },
    });
    return { registerId, differenceCents };
  });
  return { ...result, isReplay };
}

export function closeCashRegister(actor: Actor, registerId: unknown, input: unknown) {
  return inTransaction((tx) => closeCashRegisterInTx(tx, actor, registerId, input));
}
