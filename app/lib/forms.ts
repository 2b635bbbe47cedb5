import { z } from "zod";
import { parseMoneyToCents } from "./money";
import { isIsoDate } from "./dates";
import { InputError, type FieldErrors } from "./errors";
import { hasNoNul, NUL_MESSAGE, withoutNul } from "./text-input";

/**
 * The one way a form is checked: field schemas shared by the form and the
 * server action, the first message of each field, and reading a posted
 * form. Runs in the browser too (no I/O).
 */

/** The first message of each field; an issue about the whole object goes to "form". */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The schema's verdict on what a form posted, or InputError (or the module's own subclass) with a message per field. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
  refuse: (fieldErrors: FieldErrors) => InputError = (fieldErrors) => new InputError("invalid-input", fieldErrors),
): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw refuse(fieldErrorsOf(parsed.error));
  return parsed.data;
}

/**
 * A posted field as text: absent or a file is "". The server refuses a form
 * with a NUL before any route reads it (formCarriesNul, app/server); dropped
 * here too, since a value read here may go straight to a query (an id, an
 * intent).
 */
export function formText(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" ? withoutNul(value) : "";
}

/** Every value of a repeated field (checkboxes, rows), files left out, without NUL (as formText). */
export function formTexts(form: FormData, name: string) {
  return form
    .getAll(name)
    .filter((value): value is string => typeof value === "string")
    .map(withoutNul);
}

export const tooLongMessage = (max: number) => `Use no máximo ${max} caracteres.`;
const NOT_TEXT_MESSAGE = "Use apenas texto neste campo.";

/** An optional text field: absent means empty. */
export function optionalText(max: number) {
  return z.string({ error: NOT_TEXT_MESSAGE }).trim().max(max, tooLongMessage(max)).refine(hasNoNul, NUL_MESSAGE).default("");
}

/**
 * A required text field: "Informe {what}." when empty. The issues do not
 * abort, so a form's cross-field rules still run (only the first message of
 * each field is shown).
 */
export function requiredText(what: string, { min = 1, max }: { min?: number; max: number }) {
  return z
    .string({ error: `Informe ${what}.` })
    .trim()
    .min(1, `Informe ${what}.`)
    .min(min, `Escreva pelo menos ${min} caracteres.`)
    .max(max, tooLongMessage(max))
    .refine(hasNoNul, NUL_MESSAGE);
}

const MONEY_MESSAGE = "Informe um valor, como 150,00.";

/**
 * Money as a person types it in Brazil ("1.234,56", "R$ 10", "10,5") →
 * integer centavos; "" is zero. `max` keeps every total inside a PostgreSQL
 * integer.
 */
export function moneyField({ max }: { max: number }) {
  return z
    .string({ error: MONEY_MESSAGE })
    .trim()
    .max(20, MONEY_MESSAGE)
    .default("")
    .transform((text, context) => {
      if (text === "") return 0;
      const cents = parseMoneyToCents(text);
      if (cents === null) {
        context.addIssue({ code: "custom", message: MONEY_MESSAGE });
        return z.NEVER;
      }
      if (cents > max) {
        context.addIssue({ code: "custom", message: "Valor acima do limite permitido." });
        return z.NEVER;
      }
      return cents;
    });
}

/** An optional date field ("2026-11-22", as `<input type="date">` sends it); "" when left blank. */
export function isoDateField(message = "Informe uma data válida.") {
  return z
    .string({ error: message })
    .trim()
    .default("")
    .refine((text) => text === "" || isIsoDate(text), message);
}

/** The largest id a PostgreSQL `serial` holds. */
export const MAX_ID = 2_147_483_647;

/** "123" or 123 → 123 when it can be a row's id; null otherwise. */
export function readId(value: string | number): number | null {
  const id = typeof value === "number" ? value : /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}

/** A row's id as a form posts it ("123"), or as a number; `message` says what to choose. */
export function idField(message: string) {
  return optionalIdField(message)
    .refine((id) => id !== null, message)
    .transform((id) => id!);
}

/** Same as idField, but blank (or absent) means none. */
export function optionalIdField(message: string) {
  return z
    .union([z.string(), z.number(), z.null()], { error: message })
    .default(null)
    .transform((value, context) => {
      if (value === null || (typeof value === "string" && value.trim() === "")) return null;
      const id = readId(value);
      if (id === null) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return id;
    });
}

export const IDEMPOTENCY_KEY_MESSAGE = "Recarregue a página e tente de novo.";

/**
 * The key a money-moving form is rendered with (`newIdempotencyKey()` in its
 * loader, a hidden field): a repeated submission is recognised by it and
 * recorded once (app/lib/idempotency.server.ts).
 */
export function idempotencyKeyField() {
  return z
    .string({ error: IDEMPOTENCY_KEY_MESSAGE })
    .trim()
    .regex(/^[\w-]{8,100}$/, IDEMPOTENCY_KEY_MESSAGE);
}
