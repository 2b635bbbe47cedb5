/**
 * What the anonymiser looks for and what it writes instead (LGPD art. 18
 * IV and VI): pure functions, no database. A person's identifiers are
 * matched however they were written ("(11) 98765-4321", "11 98765 4321",
 * "123.456.789-09", any letter case of the e-mail or the name).
 */

/** What a customer record, an account or a document shows once the person is gone. */
export function anonymisedLabel(customerId: number | string) {
  return `Cliente anonimizado nº ${customerId}`;
}

/** What replaces a phone, e-mail or document found inside free text. */
export const REMOVED_DATA = "[dado removido]";

export type PersonalIdentifiers = {
  /** Full names as recorded (the customer's, the account's). */
  names: string[];
  emails: string[];
  /** Digits only. */
  phones: string[];
  /** CPF/CNPJ without punctuation. */
  documents: string[];
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** "11987654321" → a pattern that also finds it written with spaces, dots, dashes or brackets between the digits. */
function spacedPattern(compact: string) {
  return [...compact].map(escapeRegExp).join("[\\s.()\\-/]{0,3}");
}

function uniqueNonEmpty(values: readonly string[], minLength: number) {
  return [...new Set(values.map((value) => value.trim()).filter((value) => value.length >= minLength))];
}

export type Redactor = {
  /** The text with every identifier replaced; unchanged when none is in it. */
  text: (value: string) => string;
  /** A JSON value with every string redacted, keys kept. */
  json: <T>(value: T) => T;
  /** Whether the text holds any identifier. */
  finds: (value: string) => boolean;
};

/**
 * A redactor for one person: names become `label`; e-mails, phones and
 * documents become "[dado removido]". Longer values are replaced first, so a
 * phone inside a longer number is not half replaced.
 */
export function redactorFor(identifiers: PersonalIdentifiers, label: string): Redactor {
  const rules: { pattern: RegExp; replacement: string }[] = [];
  for (const email of uniqueNonEmpty(identifiers.emails, 3)) {
    rules.push({ pattern: new RegExp(escapeRegExp(email), "giu"), replacement: REMOVED_DATA });
  }
  for (const compact of uniqueNonEmpty([...identifiers.documents, ...identifiers.phones], 8).sort(
    (a, b) => b.length - a.length,
  )) {
    rules.push({
      pattern: new RegExp(`(?<![0-9A-Za-z])(?:\\+?55[\\s.-]{0,2})?\\(?${spacedPattern(compact)}(?![0-9A-Za-z])`, "giu"),
      replacement: REMOVED_DATA,
    });
  }
  for (const name of uniqueNonEmpty(identifiers.names, 2).sort((a, b) => b.length - a.length)) {
    if (name === label) continue;
    rules.push({ pattern: new RegExp(`(?<!\\p{L})${escapeRegExp(name)}(?!\\p{L})`, "giu"), replacement: label });
  }
  const text = (value: string) =>
    rules.reduce((current, { pattern, replacement }) => current.replace(pattern, replacement), value);
  const json = <T>(value: T): T => {
    if (typeof value === "string") return text(value) as T;
    if (Array.isArray(value)) return value.map((item) => json(item)) as T;
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, json(item)])) as T;
    }
    return value;
  };
  const finds = (value: string) => rules.some(({ pattern }) => new RegExp(pattern.source, pattern.flags).test(value));
  return { text, json, finds };
}

/** Keys of a document's or record's data that hold an unlock code: never exported. */
const SECRET_KEY = /senha|unlock|desbloqueio|password|token|secret/i;

/** A JSON value without the keys that hold secrets (unlock codes, passwords, tokens). */
export function withoutSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item)) as T;
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, item]) => [key, withoutSecrets(item)]),
    ) as T;
  }
  return value;
}

/** The 15 days of LGPD art. 19 II for a complete answer to a request. */
export const DELETION_DEADLINE_DAYS = 15;
