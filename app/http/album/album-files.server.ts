import { albumDecision } from "~/models/access/album-access.server";
import {
  accessFile,
  accessFileVia,
  type FileAccess,
  type FileKind,
} from "~/models/rendition/rendition.server";
import type { Viewer } from "~/models/user/user.schema";

/*
 * Which check a file request goes through (decision 051, 053). A file URL that carries
 * `?album={id}` is asked for through an album shared with the viewer: the album's grant decides
 * (the owner's rights, what the share lends, the asset still in the album), never the viewer's
 * own archive rights. Any other URL is the viewer's own access, as before.
 */

const NOT_FOUND: FileAccess = {
  ok: false,
  status: 404,
  message: "There is no file at this address.",
};

export interface FileRequestAccess {
  access: FileAccess;
  /** Send it as a download (originals always; a preview when `?download=1` asks). */
  attachment: boolean;
}

export async function fileRequestAccess(
  viewer: Viewer,
  url: URL,
  revisionId: number,
  kind: FileKind,
): Promise<FileRequestAccess> {
  const album = url.searchParams.get("album");
  if (album === null) {
    // A download through one of the archive's processing profiles names it (decision 040).
    const profile = url.searchParams.get("profile") ?? undefined;
    return {
      access: await accessFile(viewer, revisionId, kind, { profile }),
      attachment: kind === "original",
    };
  }
  const attachment = kind === "original" || url.searchParams.get("download") === "1";
  const albumId = /^\d{1,12}$/.test(album) ? Number(album) : null;
  // An album that is missing or not shared with the viewer: the file does not exist for them.
  const decision = await albumDecision(viewer, albumId, "view");
  if (!decision.allowed) return { access: NOT_FOUND, attachment };
  return {
    access: await accessFileVia({ kind: "grant", grant: decision.value }, revisionId, kind, {
      attachment,
    }),
    attachment,
  };
}
