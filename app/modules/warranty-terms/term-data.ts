import { exclusionLines, LEGAL_WARRANTY_DAYS, legalEndOf } from "./rules";

type WarrantyRow = {
  id: number;
  itemDescription: string;
  imeiOrSerial: string;
  startsOn: string;
  endsOn: string;
  contractualDays: number;
  coverage: string;
  exclusions: string;
};

/** The order a repair's warranty covers, as the term shows it (service-orders builds it from the order). */
export type TermOrder = {
  numero: number;
  entrega: string | null;
  retirado_por: string | null;
  /** "ao próprio cliente", "a Maria Souza": who collected it, after "Entregue" (lib/wording.ts). */
  entregue_a: string | null;
  itens: { descricao: string; quantidade: number }[];
  diagnostico: string;
};

/** The sale a sold item's warranty covers. */
export type TermSale = { numero: number; codigo: string; data: string };

/**
 * The `garantia` object of the "warranty-term" template, in Portuguese, for
 * a repair (`os`) or a sold item (`venda`): the same template prints both.
 */
export function warrantyTermData(
  warranty: WarrantyRow,
  customer: { nome: string; telefone: string },
  origin: { os: TermOrder } | { venda: TermSale },
) {
  return {
    numero: warranty.id,
    item: warranty.itemDescription,
    imei_serie: warranty.imeiOrSerial,
    inicio: warranty.startsOn,
    fim: warranty.endsOn,
    dias: warranty.contractualDays,
    dias_garantia_legal: LEGAL_WARRANTY_DAYS,
    fim_garantia_legal: legalEndOf(warranty.endsOn),
    cobertura: warranty.coverage,
    exclusoes: exclusionLines(warranty.exclusions),
    cliente: customer,
    os: "os" in origin ? origin.os : null,
    venda: "venda" in origin ? origin.venda : null,
  };
}

export function warrantySubject(warrantyId: number) {
  return `warranty:${warrantyId}`;
}

export const WARRANTY_ENTITY = "warranty";
