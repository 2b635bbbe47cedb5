import { InputError, NotFoundError, type FieldErrors } from "~/lib/errors";

export const DUPLICATE_DOCUMENT_MESSAGE = "Já existe um cliente com este CPF/CNPJ.";

/**
 * Input refused by the customer functions, with a Portuguese message per
 * field for the form: invalid values, a CPF/CNPJ another customer already
 * has, a referral that cannot be, or a sign-in account that cannot be linked.
 */
export class CustomerInputError extends InputError {
  override name = "CustomerInputError";
  constructor(
    override readonly code: "invalid-input" | "duplicate-document" | "invalid-referral" | "invalid-account",
    fieldErrors: FieldErrors,
  ) {
    super(code, fieldErrors);
  }
}

export class CustomerNotFoundError extends NotFoundError {
  override name = "CustomerNotFoundError";
  readonly code = "customer-not-found";
  constructor(readonly customerId: unknown) {
    super(`Cliente ${String(customerId)} não encontrado.`);
  }
}
