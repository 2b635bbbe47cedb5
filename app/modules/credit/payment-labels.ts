import { paymentMethodLabel } from "~/lib/payment-methods";

/** Words the crediário's pages show for its states and methods (the browser needs them too). */
export type InstalmentStatus = "paid" | "overdue" | "open";

export const INSTALMENT_STATUS_LABELS: Record<InstalmentStatus, string> = {
  paid: "Paga",
  overdue: "Vencida",
  open: "Em aberto",
};

export const PLAN_STATUS_LABELS = { active: "Ativo", paid: "Quitado", cancelled: "Cancelado" } as const;

/** A plan's debt reduced by goods returned (no money moved): the method of that payment row. */
export const RETURN_CREDIT_METHOD = "return";

export function methodLabel(method: string) {
  if (method === RETURN_CREDIT_METHOD) return "Devolução de mercadoria";
  return paymentMethodLabel(method);
}

/** The PIX txid of a plan's payment: "CDC12P3" names plan 12, instalment 3 (letters and digits, as the BR Code asks). */
export function creditPixTxid(planId: number, instalmentNumber: number) {
  return `CDC${planId}P${instalmentNumber}`;
}
