/**
 * IMEI (15 digits, the last a Luhn check digit) or a manufacturer's serial
 * number (4–30 letters and digits). Stored normalised, so the search box finds
 * "35-209900-176148-1" typed as "352099001761481".
 */
export const SERIAL_MIN_LENGTH = 4;
export const SERIAL_MAX_LENGTH = 30;

/** Upper-case, without spaces, dashes, dots or slashes. */
export function normaliseImeiOrSerial(input: string) {
  return input.toUpperCase().replace(/[\s\-./]/g, "");
}

/** Fifteen digits: it is meant to be an IMEI, whether its check digit is right or not. */
export function isImei(normalised: string) {
  return /^\d{15}$/.test(normalised);
}

/** Luhn check over the first 14 digits, compared with the 15th. */
export function imeiCheckDigit(first14: string) {
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    let digit = Number(first14[index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidImei(normalised: string) {
  return isImei(normalised) && imeiCheckDigit(normalised.slice(0, 14)) === Number(normalised[14]);
}

export function isValidSerial(normalised: string) {
  return new RegExp(`^[A-Z0-9]{${SERIAL_MIN_LENGTH},${SERIAL_MAX_LENGTH}}$`).test(normalised);
}

/** Why a typed IMEI/serial is refused (Portuguese, shown next to the field), or null when it is fine. */
export function imeiOrSerialProblem(normalised: string): string | null {
  if (normalised === "") return null;
  if (isImei(normalised))
    return isValidImei(normalised) ? null : "IMEI inválido: confira os 15 dígitos (o último é o dígito verificador).";
  if (!isValidSerial(normalised))
    return `Informe um IMEI de 15 dígitos ou um número de série com ${SERIAL_MIN_LENGTH} a ${SERIAL_MAX_LENGTH} letras e números.`;
  return null;
}
