import { sql, type Kysely } from "kysely";
import { db } from "~/db/connection.server";
import { lockRowForUpdate } from "~/db/dialect.server";
import type { Database } from "~/db/schema";
import { relocateDecision, visibleCondition } from "~/models/access/access.server";
import type { ArchiveAccess } from "~/models/archive/archive.server";
import type { Viewer } from "~/models/user/user.schema";
import { Problem } from "~/models/problem/problem";
import { keyed } from "~/models/locale/keyed";

/*
 * Manual order (spec 000 "Relocate assets", decision 015). Positions are REAL: a move writes only
 * the moved assets, at midpoints between their new neighbours, and the archive is renumbered
 * 1..n only when a gap has become too small to split. The selection keeps its own order (its
 * order in the archive), so moving three assets to the top keeps them as they were among
 * themselves.
 */

export const DIRECTIONS = ["top", "bottom", "left", "right"] as const;
export type Direction = (typeof DIRECTIONS)[number];
/** Below this gap between two positions, midpoints are renumbered first. */
export const MIN_GAP = 1e-6;

/** The same words for an asset that is not in the archive and one the viewer may not see. */
const NOT_IN_ARCHIVE = keyed("grid.refusal.notInArchive");

interface Placed {
  id: number;
  position: number;
}

/** The archive's order as the viewer sees it: assets hidden from them are neither moved nor passed. */
async function orderOf(
  trx: Kysely<Database>,
  archiveId: number,
  access: Map<number, ArchiveAccess>,
): Promise<Placed[]> {
  const rows = await trx
    .selectFrom("assets")
    .select(["id", "position"])
    .where("archive_id", "=", archiveId)
    .where((eb) => visibleCondition(eb, access))
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, position: Number(r.position) }));
}

async function renumber(trx: Kysely<Database>, archiveId: number) {
  await sql`update assets set position = r.rn
    from (select id, row_number() over (order by position, id) as rn
          from assets where archive_id = ${archiveId}) as r
    where assets.id = r.id`.execute(trx);
}

/** k positions strictly between low and high (either may be open); null if the gap is too small. */
function between(low: number | null, high: number | null, k: number): number[] | null {
  if (low === null && high === null) return Array.from({ length: k }, (_, i) => i + 1);
  if (low === null) return Array.from({ length: k }, (_, i) => high! - k + i);
  if (high === null) return Array.from({ length: k }, (_, i) => low + 1 + i);
  const step = (high - low) / (k + 1);
  if (!(step >= MIN_GAP)) return null;
  return Array.from({ length: k }, (_, i) => low + step * (i + 1));
}

/** Where the selection goes: its new neighbours in the order without it; null for no move. */
function slot(order: Placed[], selected: Set<number>, direction: Direction) {
  const rest = order.filter((p) => !selected.has(p.id));
  const firstIndex = order.findIndex((p) => selected.has(p.id));
  const lastIndex = order.length - 1 - [...order].reverse().findIndex((p) => selected.has(p.id));
  switch (direction) {
    case "top":
      return { low: null, high: rest[0]?.position ?? null };
    case "bottom":
      return { low: rest[rest.length - 1]?.position ?? null, high: null };
    case "left": {
      // Before the nearest other asset ahead of the first selected one.
      const neighbour = order
        .slice(0, firstIndex)
        .filter((p) => !selected.has(p.id))
        .pop();
      if (!neighbour) return null;
      const at = rest.indexOf(neighbour);
      return { low: rest[at - 1]?.position ?? null, high: neighbour.position };
    }
    case "right": {
      const neighbour = order.slice(lastIndex + 1).find((p) => !selected.has(p.id));
      if (!neighbour) return null;
      const at = rest.indexOf(neighbour);
      return { low: neighbour.position, high: rest[at + 1]?.position ?? null };
    }
  }
}

/**
 * Moves the assets within their archive's manual order, in one transaction. Answers how many
 * moved (0 when there is nothing to pass, e.g. left of the first asset). Refuses with a Problem;
 * an asset the viewer may not see is refused exactly like one that is not in the archive.
 */
export async function relocateAssets(
  viewer: Viewer | null,
  archiveId: number,
  assetIds: number[],
  direction: Direction,
): Promise<number> {
  const decision = await relocateDecision(viewer, archiveId);
  if (!decision.allowed) throw decision.problem;
  const access = new Map([[archiveId, decision.value.access]]);
  const ids = [...new Set(assetIds)];
  return db()
    .transaction()
    .execute(async (trx) => {
      // Two moves in one archive at once would each split the same gap: one waits for the other.
      await lockRowForUpdate(trx, "archives", archiveId);
      let order = await orderOf(trx, archiveId, access);
      const selected = new Set(ids);
      if (order.filter((p) => selected.has(p.id)).length !== ids.length)
        throw new Problem("not-found", NOT_IN_ARCHIVE);
      const moving = order.filter((p) => selected.has(p.id));
      let target = slot(order, selected, direction);
      if (!target) return 0;
      let positions = between(target.low, target.high, moving.length);
      if (!positions) {
        await renumber(trx, archiveId);
        order = await orderOf(trx, archiveId, access);
        target = slot(order, selected, direction)!;
        positions = between(target.low, target.high, moving.length)!;
      }
      for (const [i, asset] of moving.entries()) {
        await trx
          .updateTable("assets")
          .set({ position: positions[i]! })
          .where("id", "=", asset.id)
          .execute();
      }
      return moving.length;
    });
}
