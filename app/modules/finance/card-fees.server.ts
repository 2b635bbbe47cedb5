import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { inTransaction, type Transaction } from "~/db/client.server";
import { registerEntries, sales } from "~/db/schema/cash-register";
import { cardFeeRates, cardReceivables } from "~/db/schema/finance";
import { serviceOrderPayments } from "~/db/schema/service-orders";
import { addDays, formatDate } from "~/lib/dates";
import { InputError, NotFoundError } from "~/lib/errors";
import { parseInput, readId } from "~/lib/forms";
import { runOnce } from "~/lib/idempotency.server";
import { assertOwnerActor, assertStaffActor, type Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { CARD_FEE_ROWS, cardFeeRatesOf, CardFeeRatesSchema, ReceivableDateSchema, type CardFeeRate } from "./card-fees";

const OWNER_ONLY = "Só o proprietário altera as taxas e as datas dos recebíveis de cartão.";

/** A card fee or receivable change the server refuses, with a message per field. */
export class CardFeeInputError extends InputError {
  override name = "CardFeeInputError";
  constructor(fieldErrors: Record<string, string>, status: 400 | 409 = 400) {
    super("card-fees-refused", fieldErrors, status);
  }
}

export class CardReceivableNotFoundError extends NotFoundError {
  override name = "CardReceivableNotFoundError";
}

/** The fee table in its form's order; a row the database lacks shows the posting's defaults (0%, D+1 debit, D+30 credit). */
export async function readCardFeeRatesInTx(tx: Transaction): Promise<CardFeeRate[]> {
  const rows = await tx.select().from(cardFeeRates);
  return CARD_FEE_ROWS.map(({ method, instalments }) => {
    const row = rows.find((rate) => rate.method === method && rate.instalments === instalments);
    return {
      method,
      instalments,
      feeBasisPoints: row?.feeBasisPoints ?? 0,
      settlementDays: row?.settlementDays ?? (method === "debit" ? 1 : 30),
    };
  });
}

export type CardFeesQuery = { from: string; to: string; page: number; today: string };

/** 30: at 50 the page was 211 KB at the scale seed (issue 26: ≤ 200 KB). */
export const RECEIVABLES_PAGE_SIZE = 30;

/** The cards page: the fee table and the receivables expected in a period, with the period's totals. */
export async function getCardFeesPage(actor: Actor, query: CardFeesQuery) {
  assertStaffActor(actor);
  return inTransaction(async (tx) => {
    const inPeriod = and(gte(cardReceivables.expectedDate, query.from), lte(cardReceivables.expectedDate, query.to));
    const rows = await tx
      .select({
        id: cardReceivables.id,
        instalmentNumber: cardReceivables.instalmentNumber,
        instalmentCount: cardReceivables.instalmentCount,
        expectedDate: cardReceivables.expectedDate,
        grossCents: cardReceivables.grossCents,
        feeCents: cardReceivables.feeCents,
        netCents: cardReceivables.netCents,
        isCancelled: sql<boolean>`${cardReceivables.cancelledAt} is not null`,
        method: registerEntries.method,
        kind: registerEntries.kind,
        reason: registerEntries.reason,
        businessDate: registerEntries.businessDate,
        saleId: registerEntries.saleId,
        saleCode: sales.code,
        serviceOrderId: serviceOrderPayments.orderId,
      })
      .from(cardReceivables)
      .innerJoin(registerEntries, eq(registerEntries.id, cardReceivables.registerEntryId))
      .leftJoin(sales, eq(sales.id, registerEntries.saleId))
      .leftJoin(serviceOrderPayments, eq(serviceOrderPayments.id, registerEntries.serviceOrderPaymentId))
      .where(inPeriod)
      .orderBy(asc(cardReceivables.expectedDate), asc(cardReceivables.id))
      .limit(RECEIVABLES_PAGE_SIZE + 1)
      .offset((query.page - 1) * RECEIVABLES_PAGE_SIZE);
    const [totals] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        grossCents: sql<number>`coalesce(sum(${cardReceivables.grossCents}), 0)::bigint`,
        feeCents: sql<number>`coalesce(sum(${cardReceivables.feeCents}), 0)::bigint`,
        netCents: sql<number>`coalesce(sum(${cardReceivables.netCents}), 0)::bigint`,
        settledNetCents: sql<number>`coalesce(sum(${cardReceivables.netCents}) filter (where ${cardReceivables.expectedDate} <= ${query.today}), 0)::bigint`,
      })
      .from(cardReceivables)
      .where(and(inPeriod, sql`${cardReceivables.cancelledAt} is null`));
    return {
      rates: await readCardFeeRatesInTx(tx),
      receivables: rows.slice(0, RECEIVABLES_PAGE_SIZE).map((row) => ({
        ...row,
        status: row.isCancelled
          ? ("cancelled" as const)
          : row.expectedDate <= query.today
            ? ("settled" as const)
            : ("expected" as const),
      })),
      hasNextPage: rows.length > RECEIVABLES_PAGE_SIZE,
      totals: {
        count: Number(totals?.count ?? 0),
        grossCents: Number(totals?.grossCents ?? 0),
        feeCents: Number(totals?.feeCents ?? 0),
        netCents: Number(totals?.netCents ?? 0),
        settledNetCents: Number(totals?.settledNetCents ?? 0),
      },
      canEdit: actor.role === "owner",
    };
  });
}

export type CardFeesPage = Awaited<ReturnType<typeof getCardFeesPage>>;

/**
 * The owner's fee table: each row's fee and settlement days, saved at
 * once. Later card payments use them; what was already posted keeps the
 * fee of its day (a receivable's date is changed one by one below).
 */
export async function updateCardFeeRatesInTx(tx: Transaction, actor: Actor, rawInput: unknown) {
  assertOwnerActor(actor, OWNER_ONLY);
  const parsed = parseInput(CardFeeRatesSchema, rawInput, (errors) => new CardFeeInputError(errors));
  const key = { key: parsed.idempotencyKey, scope: "finance.card-fees", actorUserId: actor.userId, content: parsed };
  const { result, isReplay } = await runOnce(tx, key, async () => {
    const before = await readCardFeeRatesInTx(tx);
    const rates = cardFeeRatesOf(parsed);
    const changed = rates.filter((rate) => {
      const old = before.find((row) => row.method === rate.method && row.instalments === rate.instalments);
      return old?.feeBasisPoints !== rate.feeBasisPoints || old?.settlementDays !== rate.settlementDays;
    });
    for (const rate of changed) {
      await tx
        .insert(cardFeeRates)
        .values(rate)
        .onConflictDoUpdate({
          target: [cardFeeRates.method, cardFeeRates.instalments],
          set: { feeBasisPoints: rate.feeBasisPoints, settlementDays: rate.settlementDays },
        });
    }
    if (changed.length > 0) {
      await recordAudit(tx, {
        actorUserId: actor.userId,
        actorLabel: actor.label,
        action: "finance.card-fees.update",
        entity: "card_fee_rates",
        details: {
          changed: changed.map((rate) => ({
            ...rate,
            before: before.find((row) => row.method === rate.method && row.instalments === rate.instalments),
          })),
        },
      });
    }
    return { changedCount: changed.length };
  });
  return { ...result, isReplay };
}

export function updateCardFeeRates(actor: Actor, input: unknown) {
  return inTransaction((tx) => updateCardFeeRatesInTx(tx, actor, input));
}

/** How far after the payment a receivable may be expected: two years covers 12 instalments of any acquirer. */
const MAX_RECEIVABLE_DAYS = 730;

/**
 * The date the acquirer will really pay an instalment (read on its
 * statement): balances move its net to the settlement account on that day.
 * Not before the payment itself, nor more than two years after it.
 */
export async function updateCardReceivableDateInTx(tx: Transaction, actor: Actor, rawId: unknown, rawInput: unknown) {
  assertOwnerActor(actor, OWNER_ONLY);
  const id = typeof rawId === "string" || typeof rawId === "number" ? readId(rawId) : null;
  if (id === null) throw new CardReceivableNotFoundError("Recebível não encontrado.");
  const input = parseInput(ReceivableDateSchema, rawInput, (errors) => new CardFeeInputError(errors));
  const key = { key: input.idempotencyKey, scope: `finance.card-receivable:${id}`, actorUserId: actor.userId, content: input };
  const { result, isReplay } = await runOnce(tx, key, async () => {
    const [receivable] = await tx
      .select({
        id: cardReceivables.id,
        expectedDate: cardReceivables.expectedDate,
        cancelledAt: cardReceivables.cancelledAt,
        businessDate: registerEntries.businessDate,
      })
      .from(cardReceivables)
      .innerJoin(registerEntries, eq(registerEntries.id, cardReceivables.registerEntryId))
      .where(eq(cardReceivables.id, id))
      .for("update", { of: cardReceivables });
    if (!receivable) throw new CardReceivableNotFoundError("Recebível não encontrado.");
    if (receivable.cancelledAt) {
      throw new CardFeeInputError({ expectedDate: "Este recebível foi cancelado com o seu pagamento." }, 409);
    }
    const latest = addDays(receivable.businessDate, MAX_RECEIVABLE_DAYS);
    if (input.expectedDate < receivable.businessDate || input.expectedDate > latest) {
      throw new CardFeeInputError({
        expectedDate: `Informe uma data entre ${formatDate(receivable.businessDate)} (o dia do pagamento) e ${formatDate(latest)}.`,
      });
    }
    if (input.expectedDate !== receivable.expectedDate) {
      await tx.update(cardReceivables).set({ expectedDate: input.expectedDate }).where(eq(cardReceivables.id, id));
      await recordAudit(tx, {
        actorUserId: actor.userId,
        actorLabel: actor.label,
        action: "finance.card-receivable.date",
        entity: "card_receivable",
        entityId: String(id),
        details: { from: receivable.expectedDate, to: input.expectedDate },
      });
    }
    return { id, expectedDate: input.expectedDate };
  });
  return { ...result, isReplay };
}

export function updateCardReceivableDate(actor: Actor, id: unknown, input: unknown) {
  return inTransaction((tx) => updateCardReceivableDateInTx(tx, actor, id, input));
}
