import { InputError, type FieldErrors } from "~/lib/errors";

/**
 * Input refused by the inventory functions, a Portuguese message per field;
 * nothing is written. (A refusal by the stock itself is the ledger's
 * StockRefusedError; an unknown product its ProductNotFoundError.)
 */
export class InventoryInputError extends InputError {
  override name = "InventoryInputError";
  constructor(fieldErrors: FieldErrors, status: 400 | 409 = 400) {
    super("invalid-inventory-input", fieldErrors, status);
  }
}

export const DUPLICATE_SKU_MESSAGE = "Já existe um item com este SKU.";
export const DUPLICATE_BARCODE_MESSAGE = "Já existe um item com este código de barras.";

/** Which unique index a write hit, when two clerks saved the same code at once (the pre-check missed it). */
export function uniqueViolationOf(error: unknown): string | null {
  for (let cause = error; cause instanceof Error || (cause && typeof cause === "object");) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}
