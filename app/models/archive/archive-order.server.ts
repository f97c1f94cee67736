import { db, now } from "~/db/connection.server";
import { lockAllRows } from "~/db/dialect.server";
import { Problem } from "~/models/problem/problem";
import { keyed } from "~/models/locale/keyed";
import { requireArchiveAdministration } from "~/models/access/access.server";
import type { Viewer } from "~/models/user/user.schema";
import { UNORDERED_LAST } from "./archive.server";

/*
 * The administrator's archive list (decision 043): hiding an archive and its place in the order
 * (SortId) every list of archives follows. Positions are 1..n over the archives not in the trash
 * can; a move renumbers the whole list under a lock, so moves at the same time never lose or
 * duplicate a position: each reads the order the one before it wrote.
 */

/** Keyed (decision 106): the administrator's pages read it in their language, the API in English. */
export const ARCHIVE_NOT_IN_LIST = keyed("grid.refusal.archiveIdNotFound");

/** The id as a positive safe integer, or a not-found Problem (hostile ids answer alike). */
function archiveIdOf(id: number): number {
  if (!Number.isSafeInteger(id) || id < 1) throw new Problem("not-found", ARCHIVE_NOT_IN_LIST);
  return id;
}

/** Hides (true) or shows an archive. Answers its name. Only for holders of manageArchives. */
export async function setArchiveHidden(
  viewer: Viewer,
  id: number,
  hidden: boolean,
): Promise<{ name: string }> {
  await requireArchiveAdministration(viewer);
  const row = await db()
    .updateTable("archives")
    .set((eb) => ({
      is_hidden: hidden ? 1 : 0,
      updated_at: now(),
      revision: eb("revision", "+", 1),
    }))
    .where("id", "=", archiveIdOf(id))
    .where("trash_id", "is", null)
    .returning("name")
    .executeTakeFirst();
  if (!row) throw new Problem("not-found", ARCHIVE_NOT_IN_LIST);
  return row;
}

/**
 * Moves an archive to a 1-based position in the order; a position past either end means that
 * end. Answers the position it took. Only for holders of manageArchives.
 */
export async function moveArchive(
  viewer: Viewer,
  id: number,
  toPosition: number,
): Promise<{ name: string; position: number }> {
  await requireArchiveAdministration(viewer);
  archiveIdOf(id);
  if (!Number.isFinite(toPosition))
    throw new Problem("invalid", keyed("grid.refusal.positionWhole"));
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockAllRows(trx, "archives");
      const rows = await trx
        .selectFrom("archives")
        .select(["id", "name", "sort_id"])
        .where("trash_id", "is", null)
        .orderBy(UNORDERED_LAST)
        .orderBy("sort_id")
        .orderBy("name_key")
        .execute();
      const from = rows.findIndex((r) => r.id === id);
      if (from < 0) throw new Problem("not-found", ARCHIVE_NOT_IN_LIST);
      const moved = rows[from]!;
      const to = Math.min(Math.max(Math.trunc(toPosition), 1), rows.length) - 1;
      const order = rows.filter((r) => r.id !== id);
      order.splice(to, 0, moved);
      // Only rows whose number changes are written.
      for (const [index, row] of order.entries()) {
        if (row.sort_id === index + 1) continue;
        await trx
          .updateTable("archives")
          .set({ sort_id: index + 1 })
          .where("id", "=", row.id)
          .execute();
      }
      return { name: moved.name, position: to + 1 };
    });
}

/** The archive's 1-based place in the order; null when it is not in the list. */
export async function archivePosition(id: number): Promise<number | null> {
  const rows = await db()
    .selectFrom("archives")
    .select("id")
    .where("trash_id", "is", null)
    .orderBy(UNORDERED_LAST)
    .orderBy("sort_id")
    .orderBy("name_key")
    .execute();
  const index = rows.findIndex((r) => r.id === id);
  return index < 0 ? null : index + 1;
}
