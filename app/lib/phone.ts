/** Brazilian phone numbers as the shop writes them: area code + number, digits only. */
export function phoneDigits(input: string) {
  return input.replace(/\D/g, "");
}

/**
 * Spec §5: after removing non-digits, 10 or 11 digits; an 11-digit (mobile)
 * number has 9 as its third digit.
 */
export function isValidWhatsappNumber(input: string) {
  const digits = phoneDigits(input);
  if (digits.length === 10) return true;
  return digits.length === 11 && digits[2] === "9";
}

/** "11987654321" → "(11) 98765-4321"; anything else is returned as given. */
export function formatPhone(input: string) {
  const digits = phoneDigits(input);
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return input;
}
