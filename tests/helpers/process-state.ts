import { resetEnvCache } from "~/utils/env.server";

/*
 * What a process keeps between requests (decision 075): the database handle, the session
 * storages keyed to their secrets, the recorded site origin, the blob store, the open transaction's
 * scope, the metadata edit's run caches: all live in the one registry of
 * app/utils/singleton.server.ts, on globalThis, where the test module graph and the server build's
 * both find it. Forgetting that registry and the parsed environment gives the next database a
 * process as fresh as a started server's. Rate limits count in the database (decision 068), so a
 * new database starts them at zero.
 */
export function resetProcessState() {
  delete (globalThis as { __arkiv?: unknown }).__arkiv;
  resetEnvCache();
}
