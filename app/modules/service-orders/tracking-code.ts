/**
 * The random code a customer types on /consultar. Eight symbols from an
 * alphabet of 30 (30^8 ≈ 6.6 × 10^11 codes): unguessable at the rate
 * /consultar allows, short enough to read aloud over the phone. 0/O and 1/I/L
 * are left out because they are misread on receipts, U because it is read as V.
 */
export const TRACKING_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const TRACKING_CODE_LENGTH = 8;

/** A fresh code, e.g. "K7QX3MRA" (stored and compared without the dash). */
export function generateTrackingCode(): string {
  const alphabetSize = TRACKING_CODE_ALPHABET.length;
  // Rejection sampling: bytes at or above the largest multiple of the alphabet size would bias the draw.
  const limit = 256 - (256 % alphabetSize);
  let code = "";
  while (code.length < TRACKING_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < limit && code.length < TRACKING_CODE_LENGTH) code += TRACKING_CODE_ALPHABET[byte % alphabetSize];
    }
  }
  return code;
}

/** "K7QX3MRA" → "K7QX-3MRA", as printed on receipts. */
export function formatTrackingCode(code: string) {
  return code.length === TRACKING_CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/**
 * What a person typed → the stored form, or null when it cannot be a code:
 * upper-case, without spaces, dashes or dots; a typed U is read as the V it
 * resembles. 0, O, 1, I and L never appear in a code, so a code containing
 * them is a typo that no guess could repair without risking another order.
 */
export function normaliseTrackingCode(input: string): string | null {
  const compact = input
    .toUpperCase()
    .replace(/[\s\-_.]/g, "")
    .replace(/U/g, "V");
  if (compact.length !== TRACKING_CODE_LENGTH) return null;
  for (const char of compact) if (!TRACKING_CODE_ALPHABET.includes(char)) return null;
  return compact;
}

/** The link printed as a QR on receipts and sent by WhatsApp. */
export function trackingUrl(origin: string, code: string) {
  return `${origin.replace(/\/+$/, "")}/consultar?codigo=${encodeURIComponent(code)}`;
}
