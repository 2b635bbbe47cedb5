/**
 * A field a template of some kind can print: its path as the template
 * writes it (`os.cliente.nome`; `os.itens[].descricao` for each item of a
 * list, read inside `{% for item in os.itens %}` as `item.descricao`) and
 * what it holds, in the shop's words.
 */
export type CatalogueField = { path: string; description: string };

/** Fields from `[path, description]` pairs, shorter to write. */
export function fieldsOf(pairs: [string, string][]): CatalogueField[] {
  return pairs.map(([path, description]) => ({ path, description }));
}
