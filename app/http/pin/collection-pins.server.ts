import { z } from "zod";
import { readableErrorResponse } from "~/http/http.server";
import { keyed } from "~/models/locale/keyed";
import { formReply, readBody } from "~/http/submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { pinnedAlbums, toggleAlbumPin } from "~/models/album/album-list.server";
import { pinnedArchives, toggleArchivePin } from "~/models/collection/collection-list.server";
import { PINS_PATH } from "~/models/collection/collection-page.server";
import type { Viewer } from "~/models/user/user.schema";

/*
 * Pinned archives and albums on the pins page (spec 000 §4: archivePinned, pinnedAlbums), beside
 * the pinned assets and the folder and term pins. Unpinning is a plain form post that sets the
 * pin off (a form posted twice does not pin again) and redirects back with a toast.
 */

export const COLLECTION_PIN_INTENTS = ["unpin-archive", "unpin-album"] as const;

const unpinSchema = z.object({
  intent: z.enum(COLLECTION_PIN_INTENTS),
  href: z.string().min(1).max(2000),
});

export interface CollectionPins {
  archives: { name: string; href: string }[];
  albums: { name: string; href: string }[];
}

export async function collectionPins(viewer: Viewer): Promise<CollectionPins> {
  const [archives, albums] = await Promise.all([pinnedArchives(viewer), pinnedAlbums(viewer)]);
  return { archives, albums };
}

/** The pins page's unpin of an archive or album; null when the post is another form's. */
export async function collectionPinAction(
  request: Request,
  viewer: Viewer,
): Promise<Response | null> {
  const values = await readBody(request, { json: false });
  if (!(COLLECTION_PIN_INTENTS as readonly string[]).includes(String(values.intent))) return null;
  const parsed = unpinSchema.safeParse(values);
  if (!parsed.success) return formReply(request, { formError: keyed("grid.error.chooseUnpin") });
  const { intent, href } = parsed.data;
  try {
    const name =
      intent === "unpin-archive"
        ? (await toggleArchivePin(viewer, href, false)).archive.name
        : (await toggleAlbumPin(viewer, href, false)).name;
    return redirectWithToast(request, PINS_PATH, {
      message: keyed("grid.toast.unpinnedName", { name }),
    });
  } catch (error) {
    throw await readableErrorResponse(request, error);
  }
}
