import { isValidWhatsappNumber, phoneDigits } from "~/lib/phone";
import { isValidCnpj, isValidCpf, normalizeDocument } from "./document";

/**
 * What one search box may mean. A customer matches the search when it
 * matches any of these; inside a "name" match every word must appear.
 */
export type CustomerMatch =
  | { kind: "name"; words: string[] }
  /** `numbers`: whole numbers it may be, for a number typed without its area code. */
  | { kind: "phone"; prefix: string; suffix: string | null; numbers: string[] }
  | { kind: "document"; value: string }
  /** `isWhole`: a complete address, looked up exactly (an index in every collation, unlike a prefix). */
  | { kind: "email"; prefix: string; isWhole: boolean };

const MAX_QUERY_LENGTH = 100;
const MAX_WORDS = 5;
/** Fewer digits than this would match a large share of the customers as a suffix. */
const MIN_SUFFIX_DIGITS = 4;
const PHONE_CHARACTERS = /^[\d\s().+-]+$/;
/** Brazilian area codes (DDD) have two digits, neither of them 0. */
const AREA_CODES = Array.from({ length: 81 }, (_, index) => `${Math.floor(index / 9) + 1}${(index % 9) + 1}`);

/** A number typed with the country code (+55): Brazilian numbers have 10 or 11 digits with the area code. */
function withoutCountryCode(digits: string) {
  return (digits.length === 12 || digits.length === 13) && digits.startsWith("55") ? digits.slice(2) : digits;
}

/**
 * Reads what a clerk types into the customer search: part of the name, the
 * whole WhatsApp number or its last digits (with or without punctuation), a
 * CPF/CNPJ or an e-mail.
 * Null means no search (every customer); an empty list, a search nothing can match.
 */
export function parseCustomerSearch(input: string): CustomerMatch[] | null {
  // NUL is the one character PostgreSQL refuses in text: dropped, it cannot fail the query.
  const query = input.replaceAll("\u0000", "").normalize("NFC").trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_LENGTH).trim();
  if (query === "") return null;
  if (query.includes("@")) {
    const email = query.replace(/\s/g, "").toLowerCase();
    return [{ kind: "email", prefix: email, isWhole: /^[^@]+@[^@]+\.[^@.]+$/.test(email) }];
  }

  const matches: CustomerMatch[] = [];
  const document = normalizeDocument(query);
  if (isValidCpf(document) || isValidCnpj(document)) matches.push({ kind: "document", value: document });

  if (PHONE_CHARACTERS.test(query)) {
    const digits = withoutCountryCode(phoneDigits(query));
    if (digits !== "") matches.push(phoneMatch(digits));
    return matches;
  }
  if (matches.length > 0) return matches;

  // Digits among words ("loja 25") are not part of a name: only the words are looked for.
  const words = query
    .split(" ")
    .filter((token) => /\p{L}/u.test(token))
    .slice(0, MAX_WORDS);
  if (words.length === 0) return [];
  matches.push({ kind: "name", words });
  return matches;
}

/**
 * With the area code (10+ digits) it is the start of the number. Eight or
 * nine digits are a number without its area code: the few whole numbers it
 * can be are looked up exactly (an index probe each) instead of scanning for
 * a suffix. Four to seven digits are "the last digits".
 */
function phoneMatch(digits: string): CustomerMatch {
  const isLocalNumber = digits.length === 8 || digits.length === 9;
  const locals = digits.length === 8 ? [digits, `9${digits}`] : [digits];
  const numbers = isLocalNumber
    ? AREA_CODES.flatMap((areaCode) => locals.map((local) => areaCode + local)).filter(isValidWhatsappNumber)
    : [];
  const suffix = digits.length >= MIN_SUFFIX_DIGITS && digits.length < 8 ? digits : null;
  return { kind: "phone", prefix: digits, suffix, numbers };
}
