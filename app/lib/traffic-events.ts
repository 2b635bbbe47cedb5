/**
 * What a public page reports to /api/trafego (the beacon: lib/traffic-beacon.ts, the server:
 * modules/traffic/collect.server.ts). Shared by both, so neither invents a kind the other refuses.
 */
export const TRAFFIC_BEACON_PATH = "/api/trafego";

/** Larger bodies are refused unread (413): a page's report is a few hundred bytes. */
export const TRAFFIC_BEACON_MAX_BYTES = 2048;

/** The conversions the page counts, with their names on /traffic-analysis. */
export const CONVERSION_KINDS = {
  orcamento_rapido: "Orçamento rápido enviado",
  whatsapp: "WhatsApp aberto (qualquer botão)",
  orcamento_servico: "Orçamento de serviço clicado",
  consulta_reparo: "Reparo consultado em /consultar",
  whatsapp_produto: "WhatsApp da página de produto",
  contato: "Formulário de contato enviado",
} as const;

export type ConversionKind = keyof typeof CONVERSION_KINDS;

export function isConversionKind(value: unknown): value is ConversionKind {
  return typeof value === "string" && Object.hasOwn(CONVERSION_KINDS, value);
}

/**
 * The attribute a link or button carries to count a click as these conversions (space-separated kinds):
 * `<a data-conversao="whatsapp orcamento_servico">`. Any link to wa.me counts as "whatsapp" without it.
 */
export const CONVERSION_ATTRIBUTE = "data-conversao";

/**
 * The tags the printed receipts' QR code adds to its /consultar address, so the visits from paper show
 * apart on /traffic-analysis (origin "recibo").
 */
export const RECEIPT_QR_UTM = "utm_source=recibo&utm_medium=qrcode";

/** One report, as JSON: a view (`k` absent) or conversions (`k`). */
export type TrafficBeaconBody = {
  /** The page's path (no query). */
  p: string;
  /** Conversions of this report; absent for a page view. */
  k?: ConversionKind[];
  /** The first view of this page load (a visit's entry). */
  e?: 1;
  /** The page load's referrer (another site), when it had one. */
  r?: string;
  /** The landing page's UTM tags: source, medium, campaign. */
  us?: string;
  um?: string;
  uc?: string;
};
