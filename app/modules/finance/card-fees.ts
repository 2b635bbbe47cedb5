import { z } from "zod";
import { isIsoDate } from "~/lib/dates";
import { formText, idempotencyKeyField } from "~/lib/forms";
import { percentToBasisPoints } from "~/lib/money";

/**
 * The card fee table as the owner edits it on /financial-management/cartoes:
 * one row per card method and number of instalments (debit at sight, credit
 * 1× to 12×, as migration 0017 seeds them), each with the acquirer's fee and
 * the days until the first instalment's money arrives. Pure: shared by the
 * form and the server.
 */

export type CardMethod = "debit" | "credit";

/** The machine's usual range of credit instalments (the sale screen offers the same). */
export const MAX_CARD_FEE_INSTALMENTS = 12;

export const CARD_FEE_ROWS: readonly { method: CardMethod; instalments: number }[] = [
  { method: "debit", instalments: 1 },
  ...Array.from({ length: MAX_CARD_FEE_INSTALMENTS }, (_, index) => ({ method: "credit" as const, instalments: index + 1 })),
];

export const CARD_METHOD_LABELS: Record<CardMethod, string> = { debit: "Débito", credit: "Crédito" };

/** "Crédito 3×", "Débito". */
export function cardRowLabel(method: CardMethod, instalments: number) {
  return method === "debit" ? CARD_METHOD_LABELS.debit : `${CARD_METHOD_LABELS.credit} ${instalments}×`;
}

/** A fee above 30% is a typing mistake (acquirers charge a few percent); the table allows up to 100%. */
export const MAX_CARD_FEE_BASIS_POINTS = 3_000;
/** A year: no acquirer takes longer for the first instalment. */
export const MAX_SETTLEMENT_DAYS = 365;

/** The form's field names for a row: "fee-credit-3", "days-credit-3". */
export const feeFieldName = (method: CardMethod, instalments: number) => `fee-${method}-${instalments}`;
export const daysFieldName = (method: CardMethod, instalments: number) => `days-${method}-${instalments}`;

const FEE_MESSAGE = "Informe a taxa de 0 a 30%, com até duas casas decimais, como 3,49.";
const DAYS_MESSAGE = `Informe os dias de 0 a ${MAX_SETTLEMENT_DAYS}, como 30.`;

/** What the owner types ("3,49", "3.49", "3,49%", "2") → basis points (349), read digit by digit. */
const feeField = z
  .string({ error: FEE_MESSAGE })
  .max(12, FEE_MESSAGE)
  .transform((typed, context) => {
    const basisPoints = percentToBasisPoints(typed);
    if (basisPoints === null || basisPoints > MAX_CARD_FEE_BASIS_POINTS) {
      context.addIssue({ code: "custom", message: FEE_MESSAGE });
      return z.NEVER;
    }
    return basisPoints;
  });

const daysField = z
  .string({ error: DAYS_MESSAGE })
  .trim()
  .regex(/^\d{1,3}$/, DAYS_MESSAGE)
  .transform(Number)
  .refine((days) => days <= MAX_SETTLEMENT_DAYS, DAYS_MESSAGE);

export const CardFeeRatesSchema = z.object({
  idempotencyKey: idempotencyKeyField(),
  ...Object.fromEntries(
    CARD_FEE_ROWS.flatMap(({ method, instalments }) => [
      [feeFieldName(method, instalments), feeField],
      [daysFieldName(method, instalments), daysField],
    ]),
  ),
}) as unknown as z.ZodType<{ idempotencyKey: string; [field: string]: number | string }>;

export type CardFeeRate = { method: CardMethod; instalments: number; feeBasisPoints: number; settlementDays: number };

/** The rows of a parsed form, in the table's order. */
export function cardFeeRatesOf(parsed: Record<string, number | string>): CardFeeRate[] {
  return CARD_FEE_ROWS.map(({ method, instalments }) => ({
    method,
    instalments,
    feeBasisPoints: Number(parsed[feeFieldName(method, instalments)]),
    settlementDays: Number(parsed[daysFieldName(method, instalments)]),
  }));
}

/** The posted form as the schema reads it: every row's two fields, absent ones as "". */
export function cardFeeFormToInput(form: FormData): Record<string, string> {
  return Object.fromEntries(
    [
      "idempotencyKey",
      ...CARD_FEE_ROWS.flatMap(({ method, instalments }) => [
        feeFieldName(method, instalments),
        daysFieldName(method, instalments),
      ]),
    ].map((name) => [name, formText(form, name)]),
  );
}

export const ReceivableDateSchema = z.object({
  idempotencyKey: idempotencyKeyField(),
  expectedDate: z.string({ error: "Informe a data prevista." }).trim().refine(isIsoDate, "Informe a data prevista."),
});
