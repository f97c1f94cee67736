import { db } from "~/db/connection.server";
import type { AlbumGrant } from "~/models/access/album-access.server";
import { fileUrl } from "~/models/rendition/rendition.server";
import type { ShareAccess } from "./album.schema";

/*
 * What an album's own page shows beside its grid (issue 18): the file URL of each original a
 * share lends for download, and to the owner the people and groups the album is shared with.
 */

/**
 * The original files of these assets as URLs through the album (`?album=`), built from each
 * asset's current revision. The file route checks the grant again on every request; this only
 * names the file. Assets without a current revision are left out.
 */
export async function albumOriginalUrls(
  grant: AlbumGrant,
  assetIds: readonly number[],
): Promise<Map<number, string>> {
  if (assetIds.length === 0) return new Map();
  const rows = await db()
    .selectFrom("album_assets")
    .innerJoin("assets", "assets.id", "album_assets.asset_id")
    .innerJoin("revisions", (join) =>
      join
        .onRef("revisions.asset_id", "=", "assets.id")
        .onRef("revisions.number", "=", "assets.current_revision"),
    )
    .select([
      "assets.id",
      "revisions.id as revision_id",
      "revisions.blob_hash",
      "revisions.file_name",
    ])
    .where("album_assets.album_id", "=", grant.album.id)
    .where("assets.id", "in", [...new Set(assetIds)])
    .execute();
  // As channelFileUrl names it for a share (decision 051).
  return new Map(
    rows.map((r) => [
      r.id,
      `${fileUrl(r.revision_id, "original", r.blob_hash, r.file_name)}?album=${grant.album.id}`,
    ]),
  );
}

export interface AlbumShareSummary {
  type: "user" | "group";
  id: number;
  name: string;
  access: ShareAccess;
  download: boolean;
}

/** Who the album is shared with, by name (read-only; the sharing page changes them). */
export async function albumShareSummary(grant: AlbumGrant): Promise<AlbumShareSummary[]> {
  const rows = await db()
    .selectFrom("album_shares")
    .select(["principal_type", "principal_id", "access", "download"])
    .where("album_id", "=", grant.album.id)
    .execute();
  const ids = (type: "user" | "group") =>
    rows.filter((r) => r.principal_type === type).map((r) => r.principal_id);
  const [users, groups] = await Promise.all([
    ids("user").length > 0
      ? db()
          .selectFrom("users")
          .select(["id", "full_name", "username"])
          .where("id", "in", ids("user"))
          .execute()
      : [],
    ids("group").length > 0
      ? db().selectFrom("groups").select(["id", "name"]).where("id", "in", ids("group")).execute()
      : [],
  ]);
  const userNames = new Map(users.map((u) => [u.id, u.full_name || u.username]));
  const groupNames = new Map(groups.map((g) => [g.id, g.name]));
  return rows
    .map((r) => ({
      type: r.principal_type,
      id: r.principal_id,
      name:
        (r.principal_type === "user"
          ? userNames.get(r.principal_id)
          : groupNames.get(r.principal_id)) ?? "",
      access: r.access,
      download: r.download === 1,
    }))
    .filter((s) => s.name !== "")
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * "Move before X" as the model's "move after": the asset just before X in the album's order that
 * is not among those moving, or null (the top) when there is none. undefined when X is not in the
 * album (a stale view: the move is then the model's conflict). Read outside the move's lock: a
 * change in between only shifts where the assets land, never loses or doubles one.
 */
export async function anchorBefore(
  grant: AlbumGrant,
  beforeId: number,
  moving: readonly number[],
): Promise<number | null | undefined> {
  const target = await db()
    .selectFrom("album_assets")
    .select("position")
    .where("album_id", "=", grant.album.id)
    .where("asset_id", "=", beforeId)
    .executeTakeFirst();
  if (!target) return undefined;
  let query = db()
    .selectFrom("album_assets")
    .select("asset_id")
    .where("album_id", "=", grant.album.id)
    .where("position", "<", target.position);
  if (moving.length > 0) query = query.where("asset_id", "not in", [...moving]);
  const row = await query
    .orderBy("position", "desc")
    .orderBy("asset_id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.asset_id ?? null;
}
