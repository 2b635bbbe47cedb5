/**
 * The entry a piece of outside text (a query value, a posted field, a
 * column of an imported file) names in one of our tables, or undefined.
 * A plain `TABLE[text]` answers "__proto__", "constructor", "toString"…
 * with Object.prototype's members, which then reach a query or React as
 * if they were ours (a 500).
 */
export function lookup<V>(table: Readonly<Record<string, V>>, key: string | null | undefined): V | undefined {
  return key !== null && key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Whether outside text is one of a table's own keys ("__proto__" and the like are not). */
export function isKeyOf<T extends object>(table: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(table, key);
}
