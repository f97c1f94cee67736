/**
 * The server entry and the Remix build are separate module graphs; state that must exist once
 * per process (the database pool) is kept on globalThis under a name.
 */
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __arkiv?: Map<string, unknown> };
  store.__arkiv ??= new Map();
  if (!store.__arkiv.has(name)) store.__arkiv.set(name, create());
  return store.__arkiv.get(name) as T;
}
