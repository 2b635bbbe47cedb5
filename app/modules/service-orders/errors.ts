import { STATUS_LABELS, type ServiceOrderStatus } from "./status";

/** Typed refusals of the service-order functions; each carries a Portuguese message for the page. */
export class ServiceOrderNotFoundError extends Error {
  override name = "ServiceOrderNotFoundError";
  readonly code = "service-order-not-found";
  constructor(readonly orderId: number) {
    super(`Ordem de serviço nº ${orderId} não encontrada.`);
  }
}

/** A move the state machine does not allow (or that someone else made first). */
export class ServiceOrderStatusMoveError extends Error {
  override name = "ServiceOrderStatusMoveError";
  readonly code = "status-move-refused";
  constructor(
    readonly from: string,
    readonly to: string,
    message?: string,
  ) {
    super(message ?? `Não é possível passar de "${labelOf(from)}" para "${labelOf(to)}".`);
  }
}

/** The first message of each form field, keyed "field" or "lines.0.description"; "form" for the whole form. */
export type ServiceOrderFieldErrors = Record<string, string>;

/**
 * Input refused by the service-order functions, with a Portuguese message
 * per field for the form: values the schema refuses, or values the order's
 * current state refuses (a payment above the balance, a delivery with an
 * unsettled balance and no debt confirmation).
 */
export class ServiceOrderInputError extends Error {
  override name = "ServiceOrderInputError";
  constructor(
    readonly code: "invalid-input" | "refused-by-order-state",
    readonly fieldErrors: ServiceOrderFieldErrors,
  ) {
    super(Object.values(fieldErrors).join(" "));
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

function labelOf(status: string) {
  return STATUS_LABELS[status as ServiceOrderStatus] ?? status;
}
