import { InputError, NotFoundError, type FieldErrors } from "~/lib/errors";
import { STATUS_LABELS, type ServiceOrderStatus } from "./status";

/** Typed refusals of the service-order functions; each carries a Portuguese message for the page. */
export class ServiceOrderNotFoundError extends NotFoundError {
  override name = "ServiceOrderNotFoundError";
  readonly code = "service-order-not-found";
  constructor(readonly orderId: number) {
    super(`Ordem de serviço nº ${orderId} não encontrada.`);
  }
}

/**
 * Input refused by the service-order functions, with a Portuguese message
 * per field for the form: values the schema refuses, or values the order's
 * current state refuses (a payment above the balance, a delivery with an
 * unsettled balance and no debt confirmation).
 */
export class ServiceOrderInputError extends InputError {
  override name = "ServiceOrderInputError";
  constructor(
    override readonly code: "invalid-input" | "refused-by-order-state" | "status-move-refused",
    fieldErrors: FieldErrors,
  ) {
    super(code, fieldErrors);
  }
}

/** Input the schemas accept but the order's current state refuses: one message, next to one field (or the form). */
export class ServiceOrderRuleError extends ServiceOrderInputError {
  override name = "ServiceOrderRuleError";
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super("refused-by-order-state", { [field ?? "form"]: message });
  }
}

/** A move the state machine does not allow (or that someone else made first): one message for the whole form. */
export class ServiceOrderStatusMoveError extends ServiceOrderInputError {
  override name = "ServiceOrderStatusMoveError";
  constructor(
    readonly from: string,
    readonly to: string,
    message?: string,
  ) {
    super("status-move-refused", { form: message ?? `Não é possível passar de "${labelOf(from)}" para "${labelOf(to)}".` });
  }
}

function labelOf(status: string) {
  return STATUS_LABELS[status as ServiceOrderStatus] ?? status;
}
