import QRCode from "qrcode";
import type { ShopSettings } from "~/modules/shop-settings/queries.server";
import { PIX_KEY_TYPE_LABELS } from "~/modules/shop-settings/validation";
import { buildPixCopyPaste, PixCodeError } from "./br-code";
import { hasOwnPixKey, PIX_UNAVAILABLE_MESSAGE, type PixChargeResult } from "./pix-charge";
import { pixDiscountFor } from "./pix-discount";

/** What a charge reads from the settings row. */
export type PixSettings = Pick<ShopSettings, "pixKey" | "pixKeyType" | "legalName" | "city" | "pixDiscountBasisPoints">;

export type PixChargeRequest = {
  /** The amount owed; with `withPixDiscount`, before the shop's PIX discount. */
  amountCents: number;
  /** Names the payment in the code (a sale's number): letters and digits, at most 25. */
  txid: string;
  /** Shown by some bank apps; shortened or left out when the key leaves no room. */
  description?: string;
  /**
   * Applies the shop's "% de desconto no PIX" to `amountCents` and reports it
   * in `discount`, so the panel discloses it. Off by default: the caller says
   * when an amount is a price the discount is for (a sale), not a debt it has
   * already settled (an order's balance, a test charge).
   */
  withPixDiscount?: boolean;
};

/**
 * The PIX panel's data for one charge: the static BR Code for the exact
 * amount, its QR and who receives; or the refusal to show while the shop has
 * no key of its own (pix-charge.ts). A static code is not confirmed by the
 * bank: staff check the payment before marking it received. A stored key or
 * name the code cannot carry is a refusal too, with its message; the
 * caller's bad input (a negative amount) throws PixCodeError.
 */
export async function pixChargeFor(settings: PixSettings, request: PixChargeRequest): Promise<PixChargeResult> {
  if (!hasOwnPixKey(settings)) return { status: "unavailable", message: PIX_UNAVAILABLE_MESSAGE };
  const discount = request.withPixDiscount ? pixDiscountFor(request.amountCents, settings.pixDiscountBasisPoints) : null;
  const amountCents = discount?.pixCents ?? request.amountCents;
  let copyPaste: string;
  try {
    copyPaste = buildPixCopyPaste({
      key: settings.pixKey,
      keyType: settings.pixKeyType,
      merchantName: settings.legalName,
      merchantCity: settings.city,
      amountCents,
      txid: request.txid,
      description: request.description,
    });
  } catch (error) {
    // A key or name the settings hold but the code cannot carry (saved before today's checks): PIX waits for the owner.
    const problem = error instanceof PixCodeError ? settingsProblem(error) : null;
    if (problem) return { status: "unavailable", message: problem };
    throw error;
  }
  return {
    status: "ready",
    charge: {
      amountCents,
      copyPaste,
      qrImageSrc: await qrImageSrc(copyPaste),
      holderName: settings.legalName,
      holderCity: settings.city,
      key: settings.pixKey,
      keyTypeLabel: settings.pixKeyType ? PIX_KEY_TYPE_LABELS[settings.pixKeyType] : "Chave",
      discount,
    },
  };
}

function settingsProblem(error: PixCodeError) {
  const { key, merchantName, merchantCity } = error.fieldErrors;
  return key ?? merchantName ?? merchantCity ?? null;
}

/** QRs drawn lately, by their code: an order's or a sale's page is opened again and again with the same balance. */
const drawnQrs = new Map<string, string>();
const DRAWN_QRS_KEPT = 100;

/**
 * The QR as an SVG image address: drawn here, so the panel shows it before
 * (or without) any script. Drawing one costs ~3 ms of CPU, so the last
 * DRAWN_QRS_KEPT are kept (the oldest drawn goes first).
 */
async function qrImageSrc(text: string) {
  const drawn = drawnQrs.get(text);
  if (drawn !== undefined) return drawn;
  const src = await drawQr(text);
  if (drawnQrs.size >= DRAWN_QRS_KEPT) drawnQrs.delete(drawnQrs.keys().next().value!);
  drawnQrs.set(text, src);
  return src;
}

async function drawQr(text: string) {
  const svg = await QRCode.toString(text, {
    type: "svg",
    // Four modules of quiet zone, as ISO/IEC 18004 asks: a phone reads it off a screen more reliably.
    margin: 4,
    errorCorrectionLevel: "M",
    color: { dark: "#000000", light: "#ffffff" },
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** "Testar PIX" on /configuracoes: R$ 1,00 to the saved key, txid TESTE, for the owner to pay from their bank app. */
export function pixTestChargeFor(settings: PixSettings): Promise<PixChargeResult> {
  return pixChargeFor(settings, { amountCents: 100, txid: "TESTE", description: "Teste do PIX" });
}
