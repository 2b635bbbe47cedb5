import { CONTRACT_FIELDS, CREDIT_PAYMENT_FIELDS, SAMPLE_CONTRACT, SAMPLE_CREDIT_PAYMENT } from "./fields/credit";
import { fieldsOf, type CatalogueField } from "./fields/field";
import {
  CLOSING_FIELDS,
  MOVEMENT_FIELDS,
  RETURN_FIELDS,
  SALE_FIELDS,
  SAMPLE_CLOSING,
  SAMPLE_MOVEMENT,
  SAMPLE_RETURN,
  SAMPLE_SALE,
} from "./fields/money-documents";
import { CONTACT_LOG_FIELDS, ORDER_FIELDS, SAMPLE_CONTACT_LOG, SAMPLE_ORDER } from "./fields/service-order";
import { PAPER_FIELDS, SAMPLE_SHOP, SHOP_FIELDS } from "./fields/shop";
import {
  DEBT_LETTER_FIELD_PAIRS,
  DEBT_LETTER_SAMPLE,
  DEVICE_LABEL_FIELD_PAIRS,
  DEVICE_LABEL_SAMPLE,
} from "./defaults/new-kinds-fields";
import { SAMPLE_WARRANTY, WARRANTY_FIELDS } from "./fields/warranty";
import type { PrintKind } from "./kinds";

export type { CatalogueField };

/** What a kind's templates can print, with descriptions, and realistic data the editor's preview and check render with. */
export type KindCatalogue = { fields: CatalogueField[]; sample: Record<string, unknown> };

const EMITTED_AT = "2026-11-24T21:10:00.000Z";

/**
 * The field catalogue of every kind: the shop's fields, then the
 * document's own. The sample data has every field filled (a test holds
 * both to every default template), so a preview shows each part of the
 * document.
 */
export const FIELD_CATALOGUE: Record<PrintKind, KindCatalogue> = {
  "service-order-entry": { fields: [...ORDER_FIELDS, ...SHOP_FIELDS], sample: { loja: SAMPLE_SHOP, os: SAMPLE_ORDER } },
  "service-order-delivery": { fields: [...ORDER_FIELDS, ...SHOP_FIELDS], sample: { loja: SAMPLE_SHOP, os: SAMPLE_ORDER } },
  "warranty-term": { fields: [...WARRANTY_FIELDS, ...SHOP_FIELDS], sample: { loja: SAMPLE_SHOP, garantia: SAMPLE_WARRANTY } },
  "pickup-contact-log": { fields: [...CONTACT_LOG_FIELDS, ...SHOP_FIELDS], sample: { loja: SAMPLE_SHOP, ...SAMPLE_CONTACT_LOG } },
  "sale-receipt": { fields: [...SALE_FIELDS, ...SHOP_FIELDS], sample: { loja: SAMPLE_SHOP, venda: SAMPLE_SALE } },
  "sale-return-slip": {
    fields: [...RETURN_FIELDS, ...SHOP_FIELDS],
    sample: { loja: SAMPLE_SHOP, devolucao: SAMPLE_RETURN },
  },
  "cash-movement-slip": {
    fields: [...MOVEMENT_FIELDS, ...SHOP_FIELDS],
    sample: { loja: SAMPLE_SHOP, movimento: SAMPLE_MOVEMENT, emitido_em: EMITTED_AT },
  },
  "cash-register-closing": {
    fields: [...CLOSING_FIELDS, ...SHOP_FIELDS],
    sample: { loja: SAMPLE_SHOP, caixa: SAMPLE_CLOSING, emitido_em: EMITTED_AT },
  },
  "credit-contract": { fields: [...CONTRACT_FIELDS, ...SHOP_FIELDS], sample: { loja: SAMPLE_SHOP, contrato: SAMPLE_CONTRACT } },
  "credit-payment-receipt": {
    fields: [...CREDIT_PAYMENT_FIELDS, ...SHOP_FIELDS],
    sample: { loja: SAMPLE_SHOP, pagamento: SAMPLE_CREDIT_PAYMENT, emitido_em: EMITTED_AT },
  },
  // The label is seen by everyone at the counter: no shop header, the customer's first name only.
  "device-label": { fields: [...fieldsOf(DEVICE_LABEL_FIELD_PAIRS), ...PAPER_FIELDS], sample: DEVICE_LABEL_SAMPLE },
  "debt-reminder-letter": {
    fields: [...fieldsOf(DEBT_LETTER_FIELD_PAIRS), ...SHOP_FIELDS],
    sample: { loja: SAMPLE_SHOP, ...DEBT_LETTER_SAMPLE },
  },
};
