/**
 * CPF (people) and CNPJ (companies), as Receita Federal defines them. Stored
 * without punctuation, upper-case: 11 digits for a CPF, 14 characters for a
 * CNPJ. From July 2026 new CNPJs may carry letters in their first 12
 * characters (Instrução Normativa RFB 2.229/2024); the two check digits stay
 * numeric and are computed the same way, a character being worth its ASCII
 * code minus 48 ("0" → 0, "9" → 9, "A" → 17, "Z" → 42).
 */
export type DocumentKind = "cpf" | "cnpj";

const CPF_PATTERN = /^\d{11}$/;
const CNPJ_PATTERN = /^[0-9A-Z]{12}\d{2}$/;
const CNPJ_FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** "123.456.789-09" → "12345678909"; "12.abc.345/01de-35" → "12ABC34501DE35". */
export function normalizeDocument(input: string) {
  return input.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
}

function characterValue(character: string) {
  return character.charCodeAt(0) - 48;
}

/** The modulo-11 check digit both documents use: remainder below 2 gives 0. */
function checkDigit(characters: string, weights: number[]) {
  let sum = 0;
  for (let index = 0; index < weights.length; index++) sum += characterValue(characters[index]!) * weights[index]!;
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** The two check digits of a CPF's first nine digits. */
export function cpfCheckDigits(firstNine: string) {
  const first = checkDigit(firstNine, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(`${firstNine}${first}`, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${first}${second}`;
}

/** The two check digits of a CNPJ's first twelve characters (digits or, since July 2026, letters). */
export function cnpjCheckDigits(firstTwelve: string) {
  const first = checkDigit(firstTwelve, CNPJ_FIRST_WEIGHTS);
  const second = checkDigit(`${firstTwelve}${first}`, CNPJ_SECOND_WEIGHTS);
  return `${first}${second}`;
}

/** "11111111111" passes the arithmetic but Receita never issues it; people type it to skip the field. */
function isRepeated(value: string) {
  return /^(.)\1+$/.test(value);
}

/** Takes a normalised value (see normalizeDocument). */
export function isValidCpf(value: string) {
  return CPF_PATTERN.test(value) && !isRepeated(value) && cpfCheckDigits(value.slice(0, 9)) === value.slice(9);
}

/** Takes a normalised value (see normalizeDocument); letters are accepted in the first 12 characters. */
export function isValidCnpj(value: string) {
  return CNPJ_PATTERN.test(value) && !isRepeated(value) && cnpjCheckDigits(value.slice(0, 12)) === value.slice(12);
}

/** What a typed document is, once normalised and checked; null when it is neither a valid CPF nor a valid CNPJ. */
export function documentKind(input: string): DocumentKind | null {
  const value = normalizeDocument(input);
  if (isValidCpf(value)) return "cpf";
  if (isValidCnpj(value)) return "cnpj";
  return null;
}

/** "12345678909" → "123.456.789-09"; "12ABC34501DE35" → "12.ABC.345/01DE-35"; anything else unchanged. */
export function formatDocument(value: string) {
  if (CPF_PATTERN.test(value)) return `${value.slice(0, 3)}.${value.slice(3, 6)}.${value.slice(6, 9)}-${value.slice(9)}`;
  if (CNPJ_PATTERN.test(value)) {
    return `${value.slice(0, 2)}.${value.slice(2, 5)}.${value.slice(5, 8)}/${value.slice(8, 12)}-${value.slice(12)}`;
  }
  return value;
}

/**
 * For lists, where anyone passing the screen can read it (LGPD): a CPF keeps
 * its middle six digits, the pattern gov.br uses ("***.456.789-**"); a CNPJ
 * keeps its root, which identifies the company ("12.ABC.345/****-**").
 */
export function maskDocument(value: string) {
  if (CPF_PATTERN.test(value)) return `***.${value.slice(3, 6)}.${value.slice(6, 9)}-**`;
  if (CNPJ_PATTERN.test(value)) return `${value.slice(0, 2)}.${value.slice(2, 5)}.${value.slice(5, 8)}/****-**`;
  return "";
}

export const DOCUMENT_LABELS: Record<DocumentKind, string> = { cpf: "CPF", cnpj: "CNPJ" };
