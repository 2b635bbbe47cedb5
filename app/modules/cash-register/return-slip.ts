/** How a refund went back, as the slip words it. */
export const REFUND_DESTINATION_LABELS: Record<string, string> = {
  cash: "Dinheiro devolvido",
  pix: "PIX devolvido",
  debit: "Estorno no cartão de débito",
  credit: "Estorno no cartão de crédito",
};

export type ReturnSlipRows = {
  saleReturn: { id: number; createdAt: Date; reason: string; actorLabel: string; amountCents: number };
  sale: { id: number; code: string; createdAt: Date };
  customer: { name: string; phone: string } | null;
  items: { description: string; quantity: number; unitPriceCents: number; amountCents: number }[];
  refunds: { method: string; amountCents: number }[];
  storeCreditCents: number;
  planId: number | null;
};

/**
 * A return as its slip reads it (the `devolucao` of sale-return-slip), in
 * Portuguese: what goes back per item is what the customer paid for it (its
 * share of the sale's discounts off, `desconto`), and the destinations add
 * up to the total: money back by its method, the store credit, and the
 * rest, set against the sale's crediário (decision 0025).
 */
export function returnSlipData(rows: ReturnSlipRows) {
  const refunded = new Map<string, number>();
  for (const refund of rows.refunds) refunded.set(refund.method, (refunded.get(refund.method) ?? 0) + -refund.amountCents);
  const backCents = [...refunded.values()].reduce((sum, cents) => sum + cents, 0) + rows.storeCreditCents;
  const planCents = rows.saleReturn.amountCents - backCents;
  const destinations = [
    ...(planCents > 0
      ? [{ forma: rows.planId ? `Abatido do crediário nº ${rows.planId}` : "Abatido do crediário", valor: planCents }]
      : []),
    ...[...refunded].map(([method, cents]) => ({
      forma: REFUND_DESTINATION_LABELS[method] ?? "Dinheiro devolvido",
      valor: cents,
    })),
    ...(rows.storeCreditCents > 0 ? [{ forma: "Crédito na loja", valor: rows.storeCreditCents }] : []),
  ];
  return {
    numero: rows.saleReturn.id,
    data: rows.saleReturn.createdAt.toISOString(),
    venda: { numero: rows.sale.id, codigo: rows.sale.code, data: rows.sale.createdAt.toISOString() },
    cliente: rows.customer ? { nome: rows.customer.name, telefone: rows.customer.phone } : null,
    motivo: rows.saleReturn.reason,
    feita_por: rows.saleReturn.actorLabel,
    itens: rows.items.map((item) => ({
      descricao: item.description,
      quantidade: item.quantity,
      unitario: item.unitPriceCents,
      desconto: item.quantity * item.unitPriceCents - item.amountCents,
      total: item.amountCents,
    })),
    total: rows.saleReturn.amountCents,
    destinos: destinations,
  };
}
