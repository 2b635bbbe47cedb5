import { deviceTypeLabel } from "./validation";

/** "Celular · Apple iPhone 11": how lists and messages name the device. */
export function deviceName(order: { deviceType: string; brand: string; model: string }) {
  const makeAndModel = [order.brand, order.model]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ");
  return [deviceTypeLabel(order.deviceType), makeAndModel].filter(Boolean).join(" · ");
}

/** "Apple iPhone 11" (or the type, when neither is known): what the customer calls it in a message. */
export function deviceShortName(order: { deviceType: string; brand: string; model: string }) {
  const makeAndModel = [order.brand, order.model]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ");
  return makeAndModel || deviceTypeLabel(order.deviceType).toLowerCase();
}
