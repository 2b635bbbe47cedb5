import { InputError, NotFoundError } from "~/lib/errors";

/** A payment the plan, debt or customer's state refuses (nothing owed, more than owed, a stale quote), next to `field`. */
export class CreditPaymentRuleError extends InputError {
  override name = "CreditPaymentRuleError";
  constructor(message: string, field = "form") {
    super("credit-payment-rule", { [field]: message }, 409);
  }
}

/** The one "no such plan" refusal of credit (payments and plans alike). */
export class CreditPlanNotFoundError extends NotFoundError {
  override name = "CreditPlanNotFoundError";
  constructor(message = "Crediário não encontrado.") {
    super(message);
  }
}

export class CreditPaymentNotFoundError extends NotFoundError {
  override name = "CreditPaymentNotFoundError";
  constructor() {
    super("Pagamento não encontrado.");
  }
}

export class DebtNotFoundError extends NotFoundError {
  override name = "DebtNotFoundError";
  constructor() {
    super("Débito não encontrado.");
  }
}
