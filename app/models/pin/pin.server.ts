import type { Kysely } from "kysely";
import { db, now } from "~/db/connection.server";
import { lockRowForUpdate } from "~/db/dialect.server";
import type { Database } from "~/db/schema";
import { ASSET_NOT_FOUND, canPin, decided, pinDecision } from "~/models/access/access.server";
import { keyed } from "~/models/locale/keyed";
import { assetIdFromSegment } from "~/models/asset/asset.server";
import { findVisibleAsset } from "~/models/search/search.server";
import { Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";

/*
 * Asset pins (spec 000 §4, §5, §7): a user's favourite assets, at most PIN_LIMIT of them
 * (decision 015). Only assets the viewer may see can be pinned; an asset the viewer cannot see
 * answers exactly like one that does not exist. Guests have no pins: the guest user is shared.
 */

export const PIN_LIMIT = 1000;
/** Keyed, as every refusal here (decision 106): pages read them in their reader's language. */
export const PIN_LIMIT_MESSAGE = keyed("grid.toast.pinLimit", { limit: PIN_LIMIT });
/** The spec's error name for the limit, in Problem details. */
export const PIN_LIMIT_CODE = "pinLimit";
/** Most hrefs one request may add or remove. */
export const MAX_PIN_BATCH = PIN_LIMIT;

export const NO_ASSET = ASSET_NOT_FOUND;

async function lockUser(trx: Kysely<Database>, userId: number) {
  // Two adds at once must not both pass the limit: PostgreSQL locks the user's row; SQLite
  // runs one write transaction at a time.
  await lockRowForUpdate(trx, "users", userId);
}

async function countPins(trx: Kysely<Database>, userId: number): Promise<number> {
  const row = await trx
    .selectFrom("asset_pins")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function requireVisible(viewer: Viewer, ids: number[]) {
  for (const id of ids) {
    if (!(await findVisibleAsset(viewer, id))) throw new Problem("not-found", NO_ASSET);
  }
}

export interface PinAddResult {
  added: number;
  /** Nothing could be added because the limit was reached (the API's assets.noAssetsAdded). */
  noAssetsAdded: boolean;
}

/** Pins the assets not yet pinned, up to the limit. Refuses (not-found) an unseen asset. */
export async function addPins(viewer: Viewer | null, assetIds: number[]): Promise<PinAddResult> {
  const user = decided(pinDecision(viewer));
  const ids = [...new Set(assetIds)];
  if (ids.length > MAX_PIN_BATCH)
    throw new Problem("invalid", keyed("grid.refusal.pinAtMost", { max: MAX_PIN_BATCH }));
  await requireVisible(user, ids);
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockUser(trx, user.id);
      const existing = ids.length
        ? await trx
            .selectFrom("asset_pins")
            .select("asset_id")
            .where("user_id", "=", user.id)
            .where("asset_id", "in", ids)
            .execute()
        : [];
      const pinned = new Set(existing.map((r) => r.asset_id));
      const fresh = ids.filter((id) => !pinned.has(id));
      if (fresh.length === 0) return { added: 0, noAssetsAdded: false };
      const room = PIN_LIMIT - (await countPins(trx, user.id));
      const taken = fresh.slice(0, Math.max(0, room));
      if (taken.length === 0) return { added: 0, noAssetsAdded: true };
      const at = now();
      await trx
        .insertInto("asset_pins")
        .values(taken.map((asset_id) => ({ user_id: user.id, asset_id, created_at: at })))
        .onConflict((oc) => oc.columns(["user_id", "asset_id"]).doNothing())
        .execute();
      return { added: taken.length, noAssetsAdded: false };
    });
}

/** Unpins; ids that were not pinned are ignored. Answers how many were removed. */
export async function removePins(viewer: Viewer | null, assetIds: number[]): Promise<number> {
  const user = decided(pinDecision(viewer));
  const ids = [...new Set(assetIds)];
  if (ids.length === 0) return 0;
  if (ids.length > MAX_PIN_BATCH)
    throw new Problem("invalid", keyed("grid.refusal.unpinAtMost", { max: MAX_PIN_BATCH }));
  const result = await db()
    .deleteFrom("asset_pins")
    .where("user_id", "=", user.id)
    .where("asset_id", "in", ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function clearPins(viewer: Viewer | null): Promise<number> {
  const user = decided(pinDecision(viewer));
  const result = await db()
    .deleteFrom("asset_pins")
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Adds the pin if absent, removes it if present. Refuses not-found, or conflict with the pinLimit code. */
export async function togglePin(
  viewer: Viewer | null,
  assetId: number,
): Promise<{ pinned: boolean }> {
  const user = decided(pinDecision(viewer));
  if (!(await findVisibleAsset(user, assetId))) throw new Problem("not-found", NO_ASSET);
  if ((await removePins(user, [assetId])) > 0) return { pinned: false };
  const result = await addPins(user, [assetId]);
  if (result.noAssetsAdded)
    throw new Problem("conflict", PIN_LIMIT_MESSAGE, { code: PIN_LIMIT_CODE });
  return { pinned: true };
}

/** Which of these assets the user has pinned. */
export async function pinnedAmong(viewer: Viewer | null, assetIds: number[]): Promise<Set<number>> {
  if (!canPin(viewer) || assetIds.length === 0) return new Set();
  const rows = await db()
    .selectFrom("asset_pins")
    .select("asset_id")
    .where("user_id", "=", viewer.id)
    .where("asset_id", "in", assetIds)
    .execute();
  return new Set(rows.map((r) => r.asset_id));
}

/** The asset id of an asset href (…/archives/5000-Name/42-photo.jpg.info); null otherwise. */
export function assetIdFromHref(href: unknown): number | null {
  if (typeof href !== "string" || href.length > 4000) return null;
  let path: string;
  try {
    path = new URL(href, "http://arkiv.invalid").pathname;
  } catch {
    return null;
  }
  const match = /^\/fotoweb\/archives\/[^/]+\/([^/]+)$/.exec(path);
  if (!match) return null;
  let segment: string;
  try {
    segment = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return assetIdFromSegment(segment);
}
