import { eq, sql } from "drizzle-orm";
import { getDb, inTransaction, type Transaction } from "~/db/client.server";
import { readTogether } from "~/db/read-together.server";
import { registerEntries, sales } from "~/db/schema/cash-register";
import { cardFeeRates, cardReceivables } from "~/db/schema/finance";
import { serviceOrderPayments } from "~/db/schema/service-orders";
import { keptUntilWrite } from "~/db/kept-until-write.server";
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
  return feeRatesOf(await tx.select().from(cardFeeRates));
}

function feeRatesOf(
  rows: Pick<typeof cardFeeRates.$inferSelect, "method" | "instalments" | "feeBasisPoints" | "settlementDays">[],
) {
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
  const inPeriod = sql`r.expected_date >= ${query.from}::date and r.expected_date <= ${query.to}::date`;
  // One statement, one snapshot (it was a transaction of three queries: five round trips on PGlite's one thread).
  const rows = await readTogether(await getDb(), {
    receivables: sql`select r.id, r.instalment_number as "instalmentNumber", r.instalment_count as "instalmentCount",
          to_char(r.expected_date, 'YYYY-MM-DD') as "expectedDate", r.gross_cents as "grossCents", r.fee_cents as "feeCents",
          r.net_cents as "netCents", r.cancelled_at is not null as "isCancelled", e.method, e.kind, e.reason,
          to_char(e.business_date, 'YYYY-MM-DD') as "businessDate", e.sale_id as "saleId", s.code as "saleCode",
          p.order_id as "serviceOrderId"
        from ${cardReceivables} r
        join ${registerEntries} e on e.id = r.register_entry_id
        left join ${sales} s on s.id = e.sale_id
        left join ${serviceOrderPayments} p on p.id = e.service_order_payment_id
        where ${inPeriod}
        order by r.expected_date, r.id
        limit ${RECEIVABLES_PAGE_SIZE + 1} offset ${(query.page - 1) * RECEIVABLES_PAGE_SIZE}`,
    totals: sql`select count(*) as count, coalesce(sum(r.gross_cents), 0) as "grossCents",
          coalesce(sum(r.fee_cents), 0) as "feeCents", coalesce(sum(r.net_cents), 0) as "netCents",
          coalesce(sum(r.net_cents) filter (where r.expected_date <= ${query.today}::date), 0) as "settledNetCents"
        from ${cardReceivables} r
        where ${inPeriod} and r.cancelled_at is null`,
    rates: sql`select method, instalments, fee_basis_points as "feeBasisPoints", settlement_days as "settlementDays"
        from ${cardFeeRates}`,
  });
  const receivables = (rows.receivables as unknown as ReceivableRow[]).map((row) => ({
    id: Number(row.id),
    instalmentNumber: Number(row.instalmentNumber),
    instalmentCount: Number(row.instalmentCount),
    expectedDate: row.expectedDate,
    grossCents: Number(row.grossCents),
    feeCents: Number(row.feeCents),
    netCents: Number(row.netCents),
    isCancelled: row.isCancelled,
    method: row.method,
    kind: row.kind,
    reason: row.reason,
    businessDate: row.businessDate,
    saleId: row.saleId === null ? null : Number(row.saleId),
    saleCode: row.saleCode,
    serviceOrderId: row.serviceOrderId === null ? null : Number(row.serviceOrderId),
  }));
  const totals = rows.totals[0];
  return {
    rates: feeRatesOf(rows.rates as unknown as (typeof cardFeeRates.$inferSelect)[]),
    receivables: receivables.slice(0, RECEIVABLES_PAGE_SIZE).map((row) => ({
      ...row,
      status: row.isCancelled
        ? ("cancelled" as const)
        : row.expectedDate <= query.today
          ? ("settled" as const)
          : ("expected" as const),
    })),
    hasNextPage: receivables.length > RECEIVABLES_PAGE_SIZE,
    totals: {
      count: Number(totals?.count ?? 0),
      grossCents: Number(totals?.grossCents ?? 0),
      feeCents: Number(totals?.feeCents ?? 0),
      netCents: Number(totals?.netCents ?? 0),
      settledNetCents: Number(totals?.settledNetCents ?? 0),
    },
    canEdit: actor.role === "owner",
  };
}

type ReceivableRow = {
  id: number;
  instalmentNumber: number;
  instalmentCount: number;
  expectedDate: string;
  grossCents: number;
  feeCents: number;
  netCents: number;
  isCancelled: boolean;
  method: (typeof registerEntries.$inferSelect)["method"];
  kind: (typeof registerEntries.$inferSelect)["kind"];
  reason: string;
  businessDate: string;
  saleId: number | null;
  saleCode: string | null;
  serviceOrderId: number | null;
};

export type CardFeesPage = Awaited<ReturnType<typeof getCardFeesPage>>;

const keptCardFeesPages = keptUntilWrite();

/**
 * /financial-management/cartoes as its page shows it: getCardFeesPage, read
 * again only once a transaction that wrote something has committed or the
 * shop's day has changed (keptUntilWrite: on PGlite only), per period and
 * page. The role is checked on every call, before the kept reading is handed out.
 */
export async function getCardFeesForPage(actor: Actor, query: CardFeesQuery) {
  assertStaffActor(actor);
  // What the page offers depends on the role (canEdit): each role has its own reading.
  const key = `${actor.role} ${query.from} ${query.to} ${query.page} ${query.today}`;
  return keptCardFeesPages(key, () => getCardFeesPage(actor, query));
}

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
