/**
 * EAN-13, the barcode on almost every product sold in Brazil (GS1 Brasil
 * prefixes 789/790): twelve digits and a check digit, weighted 1 and 3 from
 * the left. A code of another length (EAN-8, UPC-A, a supplier's own) is kept
 * as typed: only a 13-digit one can be checked.
 */

/** The check digit of the first twelve digits. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let index = 0; index < 12; index++) sum += Number(first12[index]) * (index % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isEan13(code: string): boolean {
  return /^\d{13}$/.test(code);
}

export function isValidEan13(code: string): boolean {
  return isEan13(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** Spaces and dashes a person or a spreadsheet adds ("789 1234 56789 5") taken out. */
export function normaliseBarcode(input: string): string {
  return input.replace(/[\s\-.]/g, "");
}

/** Why a barcode is refused (Portuguese, next to the field), or null. */
export function barcodeProblem(code: string): string | null {
  if (code === "") return null;
  if (!/^[0-9A-Za-z]{4,32}$/.test(code)) return "Use de 4 a 32 letras e números no código de barras.";
  if (isEan13(code) && !isValidEan13(code)) {
    return "Código EAN-13 inválido: o último dígito (verificador) não confere. Confira os 13 números.";
  }
  return null;
}
