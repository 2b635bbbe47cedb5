export type ForeignKeyEdge = { table: string; references: string };

/**
 * Tables ordered so that each comes after the tables it references, names in
 * alphabetical order where the keys leave a choice, so the same schema always
 * gives the same file. A reference to the table itself is ignored; a cycle
 * between tables is broken at its alphabetically first table (the restore
 * defers the keys that point forward, so any order restores).
 */
export function orderByForeignKeys(tables: readonly string[], edges: readonly ForeignKeyEdge[]): string[] {
  const remaining = new Set(tables);
  const waitingOn = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { table, references } of edges) {
    if (table !== references && remaining.has(references)) waitingOn.get(table)?.add(references);
  }
  const ordered: string[] = [];
  while (remaining.size > 0) {
    const candidates = [...remaining].sort();
    const next = candidates.find((table) => waitingOn.get(table)?.size === 0) ?? candidates[0]!;
    ordered.push(next);
    remaining.delete(next);
    for (const parents of waitingOn.values()) parents.delete(next);
  }
  return ordered;
}

/** The keys whose referenced table is restored at the same time or later than the table holding them. */
export function forwardReferences<T extends ForeignKeyEdge>(order: readonly string[], edges: readonly T[]): T[] {
  const position = new Map(order.map((table, index) => [table, index]));
  return edges.filter(({ table, references }) => (position.get(references) ?? -1) >= (position.get(table) ?? -1));
}
