/**
 * The Vite server bundle and server.ts each load their own copy of the app
 * modules; process-wide things (database, auth, logger) must exist once, so
 * they live on globalThis under a name.
 */
const store = ((globalThis as { balcaoSingletons?: Map<string, unknown> }).balcaoSingletons ??= new Map());

export function singleton<T>(name: string, create: () => T): T {
  if (!store.has(name)) store.set(name, create());
  return store.get(name) as T;
}

export function forgetSingleton(name: string) {
  store.delete(name);
}
