type Preposition = "a" | "de" | "em" | "por";

/** Each preposition joined with o, a, os, as, as Portuguese writes it ("a" + "o" is "ao", never "a o"). */
const CONTRACTIONS: ReadonlyMap<Preposition, readonly [string, string, string, string]> = new Map([
  ["a", ["ao", "à", "aos", "às"]],
  ["de", ["do", "da", "dos", "das"]],
  ["em", ["no", "na", "nos", "nas"]],
  ["por", ["pelo", "pela", "pelos", "pelas"]],
]);

const ARTICLES = ["o", "a", "os", "as"] as const;

/**
 * `preposition` before a phrase typed by a person, contracted with the
 * phrase's leading article: "a" + "O próprio cliente" reads "ao próprio
 * cliente", "de" + "A mãe dele" reads "da mãe dele". A phrase with no article
 * (a name) keeps the preposition as it is: "a Maria Souza".
 */
export function withPreposition(preposition: Preposition, phrase: string) {
  const text = phrase.trim().replace(/\s+/g, " ");
  const match = /^(\S+) (.+)$/.exec(text);
  const article = match ? ARTICLES.indexOf(match[1]!.toLowerCase() as (typeof ARTICLES)[number]) : -1;
  if (!match || article < 0) return `${preposition} ${text}`;
  return `${CONTRACTIONS.get(preposition)![article]} ${match[2]}`;
}

/**
 * A count with its word in the singular or the plural, as Portuguese reads
 * it: "1 dia", "0 dias", "125 dias", "1 devolvido", "2 devolvidos", never
 * "dia(s)". Only 1 (and −1) takes the singular. The plural is given, since
 * Portuguese has no one rule for it ("lançamento gerado" → "lançamentos
 * gerados", "peça" → "peças", "mês" → "meses").
 */
export function plural(count: number, singular: string, pluralForm: string) {
  return `${count} ${Math.abs(count) === 1 ? singular : pluralForm}`;
}
