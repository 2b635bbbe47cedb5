/**
 * PostgreSQL refuses the NUL character in text. A form field carrying one
 * gets this message instead of failing the insert (a 500).
 */
export const NUL_MESSAGE = "Este campo tem um caractere inválido.";

export function hasNoNul(value: string) {
  return !value.includes("\u0000");
}

/**
 * Search text from an address or a lookup, without the NUL characters
 * PostgreSQL refuses (a query would fail with a 500): what is left is searched.
 */
export function searchTextOf(value: string | null | undefined, maxLength: number) {
  return withoutNul(value ?? "")
    .trim()
    .slice(0, maxLength);
}

export function withoutNul(value: string) {
  return value.replaceAll("\u0000", "");
}

/** A LIKE pattern's wildcards and escape character typed by a person, taken literally ("50%" finds "50%", not "500"). */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, "\\$&");
}
