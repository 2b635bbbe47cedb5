import { slugify } from "~/lib/slug";

/**
 * A post's address from its title, as the shop's products get theirs:
 * "Troca de tela: quanto custa?" → "troca-de-tela-quanto-custa". A title
 * with no Latin letter or digit gives "post"; one of digits only gets
 * "post-" before them (/blog/{id} takes ids too).
 */
export function slugFromTitle(title: string) {
  const folded = title.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  if (!/[a-z0-9]/i.test(folded)) return "post";
  return slugify(title).replace(/^\d+$/, (digits) => `post-${digits}`);
}
