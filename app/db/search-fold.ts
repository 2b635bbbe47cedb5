import { sql, type AnyColumn, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * Searches ignore accents and case ("pelicula" finds "Película", "joao"
 * finds "JOÃO"). PGlite has no `unaccent` loaded and `unaccent()` is not
 * immutable, so it cannot be indexed: the text is folded by `translate()`
 * (immutable, in every PostgreSQL) with these letters, then `lower()`; the
 * trigram indexes are on that expression (migration 0028), and the words
 * typed are folded the same way here before the LIKE. Uppercase letters are
 * listed too: under the C collation PGlite uses, `lower()` folds only ASCII.
 */
const ACCENTED = "áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ";
const PLAIN = "aaaaaaeeeeiiiiooooouuuucnyyAAAAAAEEEEIIIIOOOOOUUUUCNY";

const FOLDED = new Map([...ACCENTED].map((letter, index) => [letter, PLAIN[index]!]));

/** What the database's folded text of `text` is: "Película" → "pelicula". */
export function foldForSearch(text: string): string {
  return [...text.normalize("NFC")]
    .map((letter) => FOLDED.get(letter) ?? letter)
    .join("")
    .toLowerCase();
}

/**
 * The folded text of a column or expression, written exactly as the indexes
 * are (literals inlined, never parameters), so the planner matches them.
 */
export function folded(expression: AnyColumn | SQLWrapper): SQL {
  return sql`lower(translate(${expression}, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}))`;
}

/** `expression` contains `word`, accents and case ignored: "%word%" on the folded text (trigram-indexable). */
export function foldedContains(expression: AnyColumn | SQLWrapper, word: string): SQL {
  return sql`${folded(expression)} like ${`%${foldForSearch(word).replace(/[\\%_]/g, "\\$&")}%`}`;
}

/** A column that already holds folded text (a stored `folded(...)`) contains `word`, accents and case ignored. */
export function foldedColumnContains(foldedColumn: AnyColumn | SQLWrapper, word: string): SQL {
  return sql`${foldedColumn} like ${`%${foldForSearch(word).replace(/[\\%_]/g, "\\$&")}%`}`;
}
