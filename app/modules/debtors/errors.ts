import { InputError, NotFoundError, type FieldErrors } from "~/lib/errors";

/** A debtors form refused: a Portuguese message per field, nothing written. */
export class DebtorsInputError extends InputError {
  override name = "DebtorsInputError";
  constructor(fieldErrors: FieldErrors, code = "invalid-input", status: 400 | 409 = 400) {
    super(code, fieldErrors, status);
  }
}

export class DebtorNotFoundError extends NotFoundError {
  override name = "DebtorNotFoundError";
  constructor(customerId: unknown) {
    super(`Cliente não encontrado: ${String(customerId)}`);
  }
}
