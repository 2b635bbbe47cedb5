import { InputError } from "~/lib/errors";
import { DEMO_SHOP_SETTINGS } from "~/modules/shop-settings/demo-settings";
import type { PixDiscount } from "./pix-discount";

/**
 * The PIX charge as the panel shows it, and the rule that refuses PIX while
 * the shop has no key of its own. Pure, so the panel (in the browser) and
 * the server share the type; the charge itself is built by pix-charge.server.ts.
 */

export const PIX_UNAVAILABLE_MESSAGE = "PIX indisponível: cadastre a chave PIX da loja em Configurações.";

/**
 * PIX refused because the shop has no key of its own: none set, or still the
 * fictional demo one, which would send a customer's money to nobody (or to
 * whoever owns that address). 409: the settings, not the form, are at fault.
 */
export class PixUnavailableError extends InputError {
  override name = "PixUnavailableError";
  constructor() {
    super("pix-unavailable", { form: PIX_UNAVAILABLE_MESSAGE }, 409);
  }
}

/** True when the shop has a PIX key of its own (set, and not the demo's). */
export function hasOwnPixKey(settings: { pixKey: string | null }): settings is { pixKey: string } {
  const key = settings.pixKey?.trim() ?? "";
  return key !== "" && key !== DEMO_SHOP_SETTINGS.pixKey;
}

/** For a write that takes a PIX payment: refuses it while the shop has no key of its own. */
export function assertPixAvailable(settings: { pixKey: string | null }) {
  if (!hasOwnPixKey(settings)) throw new PixUnavailableError();
}

/** Everything the PIX panel shows for one charge; plain data, so a loader can send it. */
export type PixCharge = {
  /** What the code charges (after the PIX discount, when one applies). */
  amountCents: number;
  copyPaste: string;
  /** The QR of `copyPaste`, an SVG drawn on the server, as an image address. */
  qrImageSrc: string;
  /** Who receives: the legal name and city as the settings hold them (the code carries them without accents). */
  holderName: string;
  holderCity: string;
  key: string;
  keyTypeLabel: string;
  /** The discount the customer is told of before paying; null when none applies. */
  discount: PixDiscount | null;
};

export type PixChargeResult = { status: "ready"; charge: PixCharge } | { status: "unavailable"; message: string };
