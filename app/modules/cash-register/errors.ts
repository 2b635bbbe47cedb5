import { InputError, NotFoundError, type FieldErrors } from "~/lib/errors";

/** What the register refuses, with a Portuguese message per form field. */
export class CashRegisterInputError extends InputError {
  override name = "CashRegisterInputError";
  constructor(code: string, fieldErrors: FieldErrors, status: 400 | 409 = 400) {
    super(code, fieldErrors, status);
  }
}

/** A refusal the register's state gives (someone else opened, closed or cancelled first): 409. */
export class CashRegisterStateError extends CashRegisterInputError {
  override name = "CashRegisterStateError";
  constructor(code: string, message: string, field = "form") {
    super(code, { [field]: message }, 409);
  }
}

export class CashRegisterNotFoundError extends NotFoundError {
  override name = "CashRegisterNotFoundError";
}
