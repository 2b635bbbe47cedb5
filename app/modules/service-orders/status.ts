/**
 * The life of a service order. Pure rules, shared by the forms (which offer
 * only the allowed moves) and the server (which accepts only those).
 */
export const SERVICE_ORDER_STATUSES = [
  "received",
  "diagnosing",
  "awaiting_approval",
  "approved",
  "declined",
  "awaiting_part",
  "repairing",
  "ready",
  "delivered",
  "cancelled",
  "not_repairable",
] as const;

export type ServiceOrderStatus = (typeof SERVICE_ORDER_STATUSES)[number];

/** What staff and the customer read. */
export const STATUS_LABELS: Record<ServiceOrderStatus, string> = {
  received: "Recebido",
  diagnosing: "Em diagnóstico",
  awaiting_approval: "Aguardando aprovação",
  approved: "Orçamento aprovado",
  declined: "Orçamento recusado",
  awaiting_part: "Aguardando peça",
  repairing: "Em reparo",
  ready: "Pronto para retirada",
  delivered: "Entregue",
  cancelled: "Cancelado",
  not_repairable: "Sem reparo",
};

/** Plain Portuguese for /consultar: what the status means for the customer. */
export const STATUS_DESCRIPTIONS: Record<ServiceOrderStatus, string> = {
  received: "Recebemos seu aparelho e ele está na fila para avaliação.",
  diagnosing: "Nosso técnico está avaliando o defeito.",
  awaiting_approval: "O orçamento está pronto e aguarda sua aprovação.",
  approved: "Você aprovou o orçamento; o reparo será iniciado.",
  declined: "O orçamento foi recusado; o aparelho pode ser retirado.",
  awaiting_part: "Estamos aguardando a chegada de uma peça.",
  repairing: "Seu aparelho está em reparo.",
  ready: "Seu aparelho está pronto! Pode vir retirar.",
  delivered: "O aparelho foi entregue.",
  cancelled: "O serviço foi cancelado.",
  not_repairable: "Infelizmente o aparelho não tem reparo; ele pode ser retirado.",
};

/** The device is still on the bench: it can be cancelled or found not repairable. */
const OPEN_STATUSES = ["received", "diagnosing", "awaiting_approval", "approved", "awaiting_part", "repairing"] as const;

const FORWARD_MOVES: Record<ServiceOrderStatus, readonly ServiceOrderStatus[]> = {
  received: ["diagnosing"],
  diagnosing: ["awaiting_approval"],
  awaiting_approval: ["approved", "declined"],
  approved: ["awaiting_part", "repairing"],
  // A declined quote can be revised and sent again.
  declined: ["awaiting_approval", "delivered"],
  awaiting_part: ["repairing"],
  repairing: ["awaiting_part", "ready"],
  ready: ["delivered", "repairing"],
  not_repairable: ["delivered"],
  delivered: [],
  cancelled: [],
};

export function allowedMoves(from: ServiceOrderStatus): readonly ServiceOrderStatus[] {
  const isOpen = (OPEN_STATUSES as readonly string[]).includes(from);
  return isOpen ? [...FORWARD_MOVES[from], "not_repairable", "cancelled"] : FORWARD_MOVES[from];
}

export function canMove(from: ServiceOrderStatus, to: ServiceOrderStatus) {
  return allowedMoves(from).includes(to);
}

/** Waiting for the customer to come: listed on /pending-pickups. */
export const AWAITING_PICKUP_STATUSES = ["ready", "declined", "not_repairable"] as const satisfies readonly ServiceOrderStatus[];

/** Delivery has its own action (who collected, balance), never a plain move. */
export function isDeliveryMove(to: ServiceOrderStatus) {
  return to === "delivered";
}

export function isServiceOrderStatus(value: unknown): value is ServiceOrderStatus {
  return typeof value === "string" && (SERVICE_ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * The abandonment clock's marks: the list filtered to devices waiting at
 * least so many calendar days ("?espera=90"), the Painel counting the same.
 */
export const PICKUP_WAIT_MARKS = [30, 90] as const;
export type PickupWaitMark = (typeof PICKUP_WAIT_MARKS)[number];

export function isPickupWaitMark(value: unknown): value is PickupWaitMark {
  return (PICKUP_WAIT_MARKS as readonly unknown[]).includes(value);
}
