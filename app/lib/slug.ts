/**
 * The public shop's address of a product (/loja/{slug}): lower-case ASCII
 * words joined by dashes, accents folded ("Película de vidro 3D" →
 * "pelicula-de-vidro-3d"). Uniqueness is the caller's (a suffix "-2", "-3"…).
 */
export const SLUG_MAX_LENGTH = 80;

/**
 * A slug of at most `maxLength` characters, cut after a whole word: a reader
 * (and a search engine) sees "como-escolher" or nothing of it, never
 * "como-escol". Only a first word longer than the limit is cut inside.
 */
function cutAtWordBoundary(slug: string, maxLength: number): string {
  if (slug.length <= maxLength) return slug;
  const head = slug.slice(0, maxLength + 1);
  const lastDash = head.lastIndexOf("-");
  return lastDash > 0 ? head.slice(0, lastDash).replace(/-+$/g, "") : slug.slice(0, maxLength);
}

export function slugify(text: string): string {
  const slug = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return cutAtWordBoundary(slug, SLUG_MAX_LENGTH) || "produto";
}

/** "capa" taken → "capa-2", "capa-3"…, kept within the length limit. */
export function slugWithSuffix(base: string, suffix: number): string {
  if (suffix <= 1) return base;
  const tail = `-${suffix}`;
  return cutAtWordBoundary(base, SLUG_MAX_LENGTH - tail.length) + tail;
}
