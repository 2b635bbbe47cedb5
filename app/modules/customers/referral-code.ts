/** Letters and digits a person reads aloud without confusion (no 0/O, 1/I/L). */
export const REFERRAL_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERRAL_CODE_LENGTH = 8;

/** The query parameter of the sign-up link: "/auth?indicacao=ABCD2345". */
export const REFERRAL_PARAM = "indicacao";

const CODE_PATTERN = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** A code as typed or carried by a link: upper-cased and trimmed, or null when it cannot be one. */
export function readReferralCode(value: string | null | undefined): string | null {
  const code = (value ?? "").trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

export function isReferralCode(value: string) {
  return CODE_PATTERN.test(value);
}

/** The sign-up link that carries a customer's code. */
export function referralLink(publicUrl: string, code: string) {
  return `${publicUrl.replace(/\/+$/, "")}/auth?${REFERRAL_PARAM}=${encodeURIComponent(code)}`;
}
