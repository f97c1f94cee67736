import { AsyncLocalStorage } from "node:async_hooks";
import { singleton } from "./singleton.server";

/*
 * What one request has already read, so the root, shell and page loaders that Remix runs for the
 * same GET share one read of the session, the viewer, their groups and their archive access
 * (decision 019). Only reads are shared, and only in GET and HEAD requests: an action changes
 * data and the loaders after it must see the change. Outside a request (jobs, tests calling
 * models directly) nothing is shared.
 */

interface Scope {
  memo: Map<string, Promise<unknown>>;
}

// One instance for the server entry and the Remix build, which each load this module.
const storage = () => singleton("requestScope", () => new AsyncLocalStorage<Scope>());

/** Runs next() (and everything it starts) inside a fresh scope when the method only reads. */
export function inRequestScope<T>(method: string, next: () => T): T {
  if (method !== "GET" && method !== "HEAD") return next();
  return storage().run({ memo: new Map() }, next);
}

/**
 * compute() once per key within the current read-only request; every call outside one computes.
 * A rejected computation is forgotten, so a later caller in the same request tries again.
 */
export function perRequest<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const scope = storage().getStore();
  if (!scope) return compute();
  let value = scope.memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = compute();
    scope.memo.set(key, value);
    value.catch(() => scope.memo.delete(key));
  }
  return value;
}
