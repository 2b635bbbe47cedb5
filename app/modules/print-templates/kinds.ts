/**
 * Every kind of document the shop prints, with the title its print page
 * carries. `isIssued`: a document with legal weight, stored as issued
 * (issued-documents.server.ts) so a reprint shows what was signed.
 */
export const PRINT_KINDS = {
  "service-order-entry": { title: "Comprovante de entrada", isIssued: false },
  "service-order-delivery": { title: "Comprovante de entrega", isIssued: true },
  "pickup-contact-log": { title: "Registro de contatos", isIssued: false },
  "warranty-term": { title: "Termo de garantia", isIssued: true },
  "sale-receipt": { title: "Recibo de venda", isIssued: false },
  "sale-return-slip": { title: "Comprovante de devolução", isIssued: true },
  "cash-movement-slip": { title: "Comprovante de suprimento ou sangria", isIssued: false },
  "cash-register-closing": { title: "Relatório de fechamento de caixa", isIssued: false },
  "credit-contract": { title: "Contrato de crediário", isIssued: true },
  "credit-payment-receipt": { title: "Recibo de pagamento do crediário", isIssued: false },
  "device-label": { title: "Etiqueta do aparelho", isIssued: false },
  "debt-reminder-letter": { title: "Carta de cobrança", isIssued: false },
} as const satisfies Record<string, { title: string; isIssued: boolean }>;

export type PrintKind = keyof typeof PRINT_KINDS;
