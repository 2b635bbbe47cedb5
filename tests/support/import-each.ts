/**
 * Imports modules in parallel, keyed by name: `await importEach({ sales:
 * import("~/modules/cash-register/sales.server") })` is `{ sales: typeof
 * import(…) }`, without a list of names kept in step with a list of imports.
 */
export async function importEach<T extends Record<string, Promise<unknown>>>(
  imports: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const entries = await Promise.all(Object.entries(imports).map(async ([name, module]) => [name, await module] as const));
  return Object.fromEntries(entries) as { [K in keyof T]: Awaited<T[K]> };
}

type Intersection<U> = (U extends unknown ? (each: U) => void : never) extends (each: infer I) => void ? I : never;

/** Every export of several modules in one object, as `{ ...a, ...b }` would type it (the schema files' tables). */
export function mergeExports<T extends Record<string, object>>(modules: T): Intersection<T[keyof T]> {
  return Object.assign({}, ...Object.values(modules)) as Intersection<T[keyof T]>;
}
