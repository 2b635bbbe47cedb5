/**
 * The public shop's address of a product (/loja/{slug}): lower-case ASCII
 * words joined by dashes, accents folded ("Película de vidro 3D" →
 * "pelicula-de-vidro-3d"). Uniqueness is the caller's (a suffix "-2", "-3"…).
 */
export const SLUG_MAX_LENGTH = 80;

export function slugify(text: string): string {
  const slug = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/g, "");
  return slug || "produto";
}

/** "capa" taken → "capa-2", "capa-3"…, kept within the length limit. */
export function slugWithSuffix(base: string, suffix: number): string {
  if (suffix <= 1) return base;
  const tail = `-${suffix}`;
  return base.slice(0, SLUG_MAX_LENGTH - tail.length).replace(/-+$/g, "") + tail;
}
