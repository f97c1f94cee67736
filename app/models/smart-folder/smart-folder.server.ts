import { db, now } from "~/db/connection.server";
import type { SmartFolderRow } from "~/db/schema";
import type { Archive } from "~/models/archive/archive.server";
import { decided } from "~/models/access/access.server";
import {
  SMART_FOLDER_NOT_FOUND,
  smartFoldersEditDecision,
  smartFoldersReadDecision,
} from "~/models/access/organize-access.server";
import { Problem } from "~/models/problem/problem";
import { keyed } from "~/models/locale/keyed";
import type { Viewer } from "~/models/user/user.schema";
import { smartFolderHref, smartFoldersHref } from "~/utils/links";
import type { SmartFolderPatch, SmartFolderValues } from "./smart-folder.schema";

/*
 * An archive's smart folders (issue 19, decision 061): saved searches listed in the navigation
 * pane, in an order people with EditSmartFolders set. Positions are REAL so a move writes one
 * row (the midpoint of its new neighbours). Every read and write asks organize-access first.
 */

export interface SmartFolder {
  id: number;
  archiveId: number;
  name: string;
  expression: string;
  /** The smart folder's own address (API: GET, PATCH, DELETE). */
  href: string;
  /** The archive's grid narrowed by the smart folder. */
  gridHref: string;
}

export const MAX_SMART_FOLDERS = 500;

export function smartFolderGridHref(archiveHref: string, id: number): string {
  return `${archiveHref}?sf=${id}`;
}

function toSmartFolder(archive: Pick<Archive, "href">, row: SmartFolderRow): SmartFolder {
  return {
    id: row.id,
    archiveId: row.archive_id,
    name: row.name,
    expression: row.expression,
    href: smartFolderHref(archive.href, row.id),
    gridHref: smartFolderGridHref(archive.href, row.id),
  };
}

/** A smart folder id as its URL segment or a query parameter gives it; null if it is not one. */
export function smartFolderIdOf(text: string | null | undefined): number | null {
  if (!text || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

/** The smart folder id in an href of this archive (or a bare id); null for anything else. */
export function smartFolderIdFromPath(archive: Pick<Archive, "href">, path: string | number) {
  if (typeof path === "number") return Number.isSafeInteger(path) ? path : null;
  const base = smartFoldersHref(archive.href);
  let pathname = path;
  try {
    pathname = new URL(path, "http://x").pathname;
  } catch {
    return null;
  }
  if (/^\d+$/.test(path)) return smartFolderIdOf(path);
  if (!pathname.startsWith(base)) return null;
  return smartFolderIdOf(pathname.slice(base.length).replace(/\/$/, ""));
}

async function rows(archiveId: number) {
  return db()
    .selectFrom("smart_folders")
    .selectAll()
    .where("archive_id", "=", archiveId)
    .orderBy("position")
    .orderBy("id")
    .limit(MAX_SMART_FOLDERS)
    .execute();
}

/** The archive's smart folders in their order, for a viewer who may view the archive. */
export async function listSmartFolders(
  viewer: Viewer | null,
  archiveId: number,
): Promise<{ archive: Archive; folders: SmartFolder[] }> {
  const archive = decided(await smartFoldersReadDecision(viewer, archiveId));
  return { archive, folders: (await rows(archive.id)).map((r) => toSmartFolder(archive, r)) };
}

/** The archive's smart folders when the viewer may view it (no Problem: the page reads it). */
export async function smartFoldersOf(archive: Archive): Promise<SmartFolder[]> {
  return (await rows(archive.id)).map((r) => toSmartFolder(archive, r));
}

async function findRow(archiveId: number, id: number | null) {
  if (id === null) return undefined;
  return db()
    .selectFrom("smart_folders")
    .selectAll()
    .where("archive_id", "=", archiveId)
    .where("id", "=", id)
    .executeTakeFirst();
}

const notFound = () => new Problem("not-found", SMART_FOLDER_NOT_FOUND);

/** One smart folder of an archive the viewer may view; another archive's id is not found. */
export async function findSmartFolder(
  viewer: Viewer | null,
  archiveId: number,
  id: number | null,
): Promise<{ archive: Archive; folder: SmartFolder }> {
  const archive = decided(await smartFoldersReadDecision(viewer, archiveId));
  const row = await findRow(archive.id, id);
  if (!row) throw notFound();
  return { archive, folder: toSmartFolder(archive, row) };
}

/** The smart folder the grid's sf parameter names, or null when it names none of this archive. */
export async function smartFolderInArchive(
  archive: Archive,
  id: number | null,
): Promise<SmartFolder | null> {
  const row = await findRow(archive.id, id);
  return row ? toSmartFolder(archive, row) : null;
}

async function editableArchive(viewer: Viewer | null, archiveId: number) {
  return decided(await smartFoldersEditDecision(viewer, archiveId));
}

/** Adds a smart folder at the end of the list. */
export async function createSmartFolder(
  viewer: Viewer | null,
  archiveId: number,
  values: SmartFolderValues,
): Promise<SmartFolder> {
  const archive = await editableArchive(viewer, archiveId);
  return db()
    .transaction()
    .execute(async (trx) => {
      const last = await trx
        .selectFrom("smart_folders")
        .select((eb) => [eb.fn.max("position").as("position"), eb.fn.countAll().as("n")])
        .where("archive_id", "=", archive.id)
        .executeTakeFirst();
      if (Number(last?.n ?? 0) >= MAX_SMART_FOLDERS)
        throw new Problem(
          "too-many",
          keyed("grid.refusal.smartFolderLimit", { max: MAX_SMART_FOLDERS }),
        );
      const time = now();
      const row = await trx
        .insertInto("smart_folders")
        .values({
          archive_id: archive.id,
          name: values.name,
          expression: values.expression,
          position: Number(last?.position ?? 0) + 1,
          created_by: viewer?.isGuest ? null : (viewer?.id ?? null),
          created_at: time,
          updated_at: time,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toSmartFolder(archive, row);
    });
}

/** Renames and/or changes the expression of a smart folder. */
export async function updateSmartFolder(
  viewer: Viewer | null,
  archiveId: number,
  id: number | null,
  patch: SmartFolderPatch,
): Promise<SmartFolder> {
  const archive = decided(await smartFoldersReadDecision(viewer, archiveId));
  if (!(await findRow(archive.id, id))) throw notFound();
  await editableArchive(viewer, archiveId);
  const row = await db()
    .updateTable("smart_folders")
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.expression !== undefined ? { expression: patch.expression } : {}),
      updated_at: now(),
    })
    .where("archive_id", "=", archive.id)
    .where("id", "=", id!)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return toSmartFolder(archive, row);
}

/** Deletes a smart folder; pins of it are left to fall away (they list only what exists). */
export async function deleteSmartFolder(
  viewer: Viewer | null,
  archiveId: number,
  id: number | null,
): Promise<SmartFolder> {
  const archive = decided(await smartFoldersReadDecision(viewer, archiveId));
  const row = await findRow(archive.id, id);
  if (!row) throw notFound();
  await editableArchive(viewer, archiveId);
  await db()
    .deleteFrom("smart_folders")
    .where("archive_id", "=", archive.id)
    .where("id", "=", row.id)
    .execute();
  return toSmartFolder(archive, row);
}

/**
 * Moves a smart folder by relativePosition places (negative: up). The first moved up and the
 * last moved down stay (spec 000 §4); a move past an end stops there. Returns whether anything
 * changed and the list in its new order.
 */
export async function moveSmartFolder(
  viewer: Viewer | null,
  archiveId: number,
  id: number | null,
  relativePosition: number,
): Promise<{ moved: boolean; folders: SmartFolder[] }> {
  const archive = decided(await smartFoldersReadDecision(viewer, archiveId));
  if (!(await findRow(archive.id, id))) throw notFound();
  await editableArchive(viewer, archiveId);
  const moved = await db()
    .transaction()
    .execute(async (trx) => {
      const list = await trx
        .selectFrom("smart_folders")
        .select(["id", "position"])
        .where("archive_id", "=", archive.id)
        .orderBy("position")
        .orderBy("id")
        .execute();
      const from = list.findIndex((r) => r.id === id);
      if (from < 0) throw notFound();
      const to = Math.max(0, Math.min(list.length - 1, from + relativePosition));
      if (to === from) return false;
      const rest = list.filter((r) => r.id !== id);
      // In the list without the moved one, it goes before rest[to].
      const before = rest[to - 1]?.position;
      const after = rest[to]?.position;
      let position: number;
      if (before === undefined) position = Number(after) - 1;
      else if (after === undefined) position = Number(before) + 1;
      else position = (Number(before) + Number(after)) / 2;
      // Midpoints run out of precision after ~50 halvings: renumber then.
      if (position === before || position === after || !Number.isFinite(position)) {
        const order = [...rest.slice(0, to), { id: id! }, ...rest.slice(to)];
        for (const [i, r] of order.entries())
          await trx
            .updateTable("smart_folders")
            .set({ position: i + 1 })
            .where("id", "=", r.id)
            .execute();
        return true;
      }
      await trx
        .updateTable("smart_folders")
        .set({ position, updated_at: now() })
        .where("id", "=", id!)
        .execute();
      return true;
    });
  return { moved, folders: await smartFoldersOf(archive) };
}
