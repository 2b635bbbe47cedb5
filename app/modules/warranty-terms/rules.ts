import { addDays, daysBetween } from "~/lib/dates";

/**
 * What a warranty is on a given day, pure (no clock: "today" is always
 * passed in, in the shop's calendar). The contractual warranty runs from
 * `startsOn` to `endsOn` inclusive; the legal warranty of CDC art. 26, II
 * (90 days for a durable good or service) is counted after it, because the
 * contractual one is complementary to the legal one (art. 50): the shop
 * cannot make the law's 90 days run inside its own.
 */
export const LEGAL_WARRANTY_DAYS = 90;

/** The least contractual period the shop gives, the legal 90 days; a service order's warranty days have the same floor (MIN_WARRANTY_DAYS). */
export const MIN_CONTRACTUAL_DAYS = 90;
export const MAX_CONTRACTUAL_DAYS = 3650;

export const WARRANTY_STATUSES = ["active", "legal-only", "expired"] as const;
export type WarrantyStatus = (typeof WARRANTY_STATUSES)[number];

export const WARRANTY_STATUS_LABELS: Record<WarrantyStatus, string> = {
  active: "Ativa",
  "legal-only": "Só garantia legal",
  expired: "Vencida",
};

export function isWarrantyStatus(value: unknown): value is WarrantyStatus {
  return typeof value === "string" && (WARRANTY_STATUSES as readonly string[]).includes(value);
}

/** The last day the legal warranty covers: 90 days after the contractual end. */
export function legalEndOf(endsOn: string) {
  return addDays(endsOn, LEGAL_WARRANTY_DAYS);
}

export type WarrantyStanding = {
  status: WarrantyStatus;
  /** Days from today to the end of the period the status names (0 on its last day); 0 once expired. */
  daysLeft: number;
  legalEndsOn: string;
};

export function warrantyStanding({ endsOn }: { endsOn: string }, today: string): WarrantyStanding {
  const legalEndsOn = legalEndOf(endsOn);
  if (today <= endsOn) return { status: "active", daysLeft: daysBetween(today, endsOn), legalEndsOn };
  if (today <= legalEndsOn) return { status: "legal-only", daysLeft: daysBetween(today, legalEndsOn), legalEndsOn };
  return { status: "expired", daysLeft: 0, legalEndsOn };
}

/** "12 dias", "1 dia", "último dia". */
export function daysLeftLabel(days: number) {
  if (days === 0) return "último dia";
  return days === 1 ? "1 dia" : `${days} dias`;
}

/** What the shop's repair warranty covers unless the staff write otherwise. */
export const DEFAULT_ORDER_COVERAGE =
  "O serviço executado e as peças substituídas nesta ordem de serviço. Se o defeito reparado voltar dentro do prazo, a loja refaz o serviço e troca a peça sem custo.";

/** What a sold item's warranty covers unless the staff write otherwise. */
export const DEFAULT_SALE_COVERAGE =
  "Defeitos de fabricação e de funcionamento do produto vendido, em uso normal. Se o defeito for coberto, a loja repara ou troca o produto sem custo.";

/** The usual exclusions, one per line (the term prints them as a list). */
export const DEFAULT_EXCLUSIONS = [
  "Danos causados por contato com líquido ou umidade.",
  "Quedas, impactos, pressão ou trincas, na tela ou na carcaça.",
  "Aparelho aberto, ajustado ou consertado por terceiros depois da entrega.",
  "Mau uso, carregadores ou acessórios inadequados e descargas elétricas.",
  "Defeitos em outras partes do aparelho, sem relação com o que está coberto.",
].join("\n");

/** The exclusions as the term lists them: one per non-empty line. */
export function exclusionLines(exclusions: string) {
  return exclusions
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** The note a claim's new order carries, naming what it is a warranty of. */
export function claimOrderNote(origin: { serviceOrderId: number | null; saleId: number | null; warrantyId: number }) {
  if (origin.serviceOrderId !== null) return `Garantia da OS nº ${origin.serviceOrderId}`;
  return `Garantia nº ${origin.warrantyId} (venda nº ${origin.saleId})`;
}
