/**
 * The shop's payment methods and their names, one list for every page and
 * document (the register, sales, service orders, the crediário, finance).
 * Runs in the browser too.
 */
export const PAYMENT_METHOD_LABELS = {
  cash: "Dinheiro",
  pix: "PIX",
  debit: "Cartão de débito",
  credit: "Cartão de crédito",
  crediario: "Crediário",
  "store-credit": "Crédito na loja",
  transfer: "Transferência",
  boleto: "Boleto",
  other: "Outra",
} as const;

export type PaymentMethodKey = keyof typeof PAYMENT_METHOD_LABELS;

/** Money that arrives now, at the counter: what a down payment, an instalment or an order is paid with. */
export const MONEY_NOW_METHODS = {
  cash: PAYMENT_METHOD_LABELS.cash,
  pix: PAYMENT_METHOD_LABELS.pix,
  debit: PAYMENT_METHOD_LABELS.debit,
  credit: PAYMENT_METHOD_LABELS.credit,
} as const;

/** A method's name, or the stored value itself when it is not one of the shop's (an old row). */
export function paymentMethodLabel(method: string): string {
  return (PAYMENT_METHOD_LABELS as Record<string, string>)[method] ?? method;
}
