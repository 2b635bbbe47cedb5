/** How the audit log and issued documents name an order: "service_order" and its number. */
export const SERVICE_ORDER_ENTITY = "service_order";

/** Largest value of the integer `id` column: a bigger "order number" names no order. */
export const MAX_ORDER_NUMBER = 2_147_483_647;

export function isOrderNumber(value: number) {
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_ORDER_NUMBER;
}

/** A route's ":id" → an order number, or null when it cannot be one (the page answers 404). */
export function parseOrderNumber(text: string | undefined) {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return isOrderNumber(value) ? value : null;
}
