import { InputError, NotFoundError } from "~/lib/errors";

/**
 * The anonymiser refused: the shop still has a claim on the customer (an
 * open crediário or fiado, a device still in the shop), each named in
 * `reasons`. LGPD art. 16 I and II let the shop keep the data it needs to
 * collect or give back what it holds; the refusal is answered with 409.
 */
export class AnonymisationRefusedError extends InputError {
  override name = "AnonymisationRefusedError";
  constructor(readonly reasons: readonly string[]) {
    super("claim-open", { form: `Não é possível anonimizar agora: ${reasons.join("; ")}. Resolva isso e tente de novo.` }, 409);
  }
}

export class PrivacyInputError extends InputError {
  override name = "PrivacyInputError";
}

export class PrivacyCustomerNotFoundError extends NotFoundError {
  override name = "PrivacyCustomerNotFoundError";
  constructor(readonly customerId: unknown) {
    super(`Cliente ${String(customerId)} não encontrado.`);
  }
}
