import type { CustomerFieldErrors } from "./validation";

export const DUPLICATE_DOCUMENT_MESSAGE = "Já existe um cliente com este CPF/CNPJ.";

/**
 * Input refused by the customer functions, with a Portuguese message per
 * field for the form: invalid values, a CPF/CNPJ another customer already
 * has, or a referral that cannot be.
 */
export class CustomerInputError extends Error {
  override name = "CustomerInputError";
  constructor(
    readonly code: "invalid-input" | "duplicate-document" | "invalid-referral",
    readonly fieldErrors: CustomerFieldErrors,
  ) {
    super(Object.values(fieldErrors).join(" "));
  }
}

export class CustomerNotFoundError extends Error {
  override name = "CustomerNotFoundError";
  readonly code = "customer-not-found";
  constructor(readonly customerId: unknown) {
    super(`Cliente ${String(customerId)} não encontrado.`);
  }
}
