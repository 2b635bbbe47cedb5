/**
 * What must outlive a module reload of the development server (Vite's hot
 * reload re-imports changed modules and their importers): the database with
 * its transaction bookkeeping, better-auth and the logger, one of each per
 * process. Production loads each module once (one build, decision 0021), so
 * nothing else belongs here: plain module state is one per process there.
 * tests/singletons.test.ts holds the list.
 */
const store = ((globalThis as { balcaoSingletons?: Map<string, unknown> }).balcaoSingletons ??= new Map());

export function singleton<T>(name: string, create: () => T): T {
  if (!store.has(name)) store.set(name, create());
  return store.get(name) as T;
}
