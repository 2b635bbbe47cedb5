import { InputError, NotFoundError, type FieldErrors } from "~/lib/errors";

/** What finance refuses, with a Portuguese message per form field. */
export class FinanceInputError extends InputError {
  override name = "FinanceInputError";
  constructor(code: string, fieldErrors: FieldErrors, status: 400 | 409 = 400) {
    super(code, fieldErrors, status);
  }
}

/** A refusal the record's current state gives (paid, cancelled, automatic): 409. */
export class FinanceStateError extends FinanceInputError {
  override name = "FinanceStateError";
  constructor(code: string, message: string, field = "form") {
    super(code, { [field]: message }, 409);
  }
}

export class FinanceNotFoundError extends NotFoundError {
  override name = "FinanceNotFoundError";
}
