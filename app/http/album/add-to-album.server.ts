import { z } from "zod";
import { json } from "@remix-run/node";
import { assetsDecision } from "~/models/access/access.server";
import { requireAlbum, sharingRights } from "~/models/access/album-access.server";
import { albumEntries } from "~/models/album/album-entry.server";
import { addAlbumAssets, createAlbum, listAlbums } from "~/models/album/album.server";
import { albumNameSchema, MAX_ALBUM_BATCH } from "~/models/album/album.schema";
import { keyed, resolveKeyed } from "~/models/locale/keyed";
import type { Translate } from "~/models/locale/message-id";
import { isProblem, Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { albumHref, LINKS } from "~/utils/links";
import { PROBLEM_STATUS } from "../error.server";
import { pageHandler } from "../http.server";
import { safeRedirect } from "../redirect";
import { requireViewer } from "../session.server";
import { formReply, formValues, readForm } from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { translatorFor } from "../locale/locale.server";

/*
 * "Add to album" for a selection (decision 054): /fotoweb/views/add-to-album?asset=1&asset=2
 * lists the albums the viewer may add to (the contribute list, searchable) and, for holders of
 * albums.create, a new album by name. The post adds what may be added and reports the rest per
 * asset; without JavaScript it redirects to the album with a toast, with it (the dialog's
 * fetcher, `_fetch`) it answers the result as JSON. Only albums requireAlbum lets the viewer
 * contribute to are offered or accepted.
 */

const ALBUM_CHOICES = 100;
const MAX_QUERY = 200;
const NO_SELECTION_MESSAGE = keyed("album.addTo.noSelection");

const assetIdsSchema = z
  .array(z.coerce.number().int().positive().max(2_147_483_647))
  .max(MAX_ALBUM_BATCH, keyed("album.refusal.addAtMost", { max: MAX_ALBUM_BATCH }));

export interface AddToAlbumChoice {
  id: number;
  name: string;
  href: string;
  /** The owner's name when it is not the viewer's own album. */
  owner: string | null;
  assetCount: number;
}

export interface AddToAlbumPage {
  assetIds: number[];
  /** The selected assets the viewer sees, by name (the rest show only as a count). */
  assets: { id: number; name: string }[];
  albums: AddToAlbumChoice[];
  canCreate: boolean;
  q: string;
  back: string;
}

export interface AddToAlbumOutcome {
  ok: boolean;
  message: string;
  album?: { name: string; href: string };
  added: number;
  present: number;
  refused: { id: number; name: string; reason: string }[];
}

function readAssetIds(values: unknown[]): number[] {
  const parsed = assetIdsSchema.safeParse(values);
  if (!parsed.success)
    throw new Problem("invalid", parsed.error.issues[0]?.message ?? NO_SELECTION_MESSAGE);
  if (parsed.data.length === 0) throw new Problem("invalid", NO_SELECTION_MESSAGE);
  return [...new Set(parsed.data)];
}

/** Names of the assets the viewer sees; the others are left out (they read as missing). */
async function assetNames(viewer: Viewer, ids: number[]): Promise<Map<number, string>> {
  const decisions = await assetsDecision(viewer, ids, "View");
  const names = new Map<number, string>();
  for (const id of ids) {
    const d = decisions.get(id);
    if (d?.allowed) names.set(id, d.value.asset.file_name || `Asset ${id}`);
  }
  return names;
}

async function albumChoices(viewer: Viewer, q: string): Promise<AddToAlbumChoice[]> {
  const rows = await listAlbums(viewer, { filter: "contribute", q, limit: ALBUM_CHOICES });
  return (await albumEntries(viewer, rows)).map((e) => ({
    id: e.id,
    name: e.name,
    href: e.href,
    owner: e.role === "owner" ? null : e.owner.name,
    assetCount: e.assetCount,
  }));
}

/** The view's loader and action: their refusals read in the reader's language (decision 106). */
export const addToAlbumLoader = (request: Request) =>
  pageHandler(() => loadAddToAlbum(request))({ request });

export const addToAlbumAction = (request: Request) =>
  pageHandler(() => addToAlbum(request))({ request });

async function loadAddToAlbum(request: Request): Promise<AddToAlbumPage> {
  const viewer = await requireViewer(request, { allowGuest: false });
  const url = new URL(request.url);
  const back = safeRedirect(url.searchParams.get("back"), LINKS.archives);
  // The grid's form (it names where it came from) sent without a selection, JavaScript off:
  // back to the grid with the message. Any other request without assets is bad input.
  if (url.searchParams.has("back") && url.searchParams.getAll("asset").length === 0)
    throw await redirectWithToast(request, back, {
      kind: "error",
      message: (await translatorFor(request))("album.addTo.noSelection"),
    });
  const assetIds = readAssetIds(url.searchParams.getAll("asset"));
  const q = (url.searchParams.get("q") ?? "").slice(0, MAX_QUERY);
  const [names, albums, rights] = await Promise.all([
    assetNames(viewer, assetIds),
    albumChoices(viewer, q),
    sharingRights(viewer),
  ]);
  return {
    assetIds,
    assets: [...names].map(([id, name]) => ({ id, name })),
    albums,
    canCreate: rights.create,
    q,
    back,
  };
}

/**
 * The sentences a person reads: what was added, what was there, and each refusal by name (the
 * reasons already in the reader's language).
 */
export function outcomeMessage(
  t: Translate,
  outcome: { album: { name: string }; added: number; present: number } & Pick<
    AddToAlbumOutcome,
    "refused"
  >,
): string {
  const parts = [t("album.addTo.toast.added", { count: outcome.added, album: outcome.album.name })];
  if (outcome.present > 0) parts.push(t("album.addTo.toast.present", { count: outcome.present }));
  if (outcome.refused.length > 0) {
    const list = outcome.refused
      .slice(0, 5)
      .map((r) =>
        t("album.addTo.toast.refusedItem", { name: r.name, reason: r.reason.replace(/\.$/, "") }),
      )
      .join("; ");
    const count = outcome.refused.length;
    parts.push(
      count > 5
        ? t("album.addTo.toast.refusedMore", { count, list, more: count - 5 })
        : t("album.addTo.toast.refused", { count, list }),
    );
  }
  const message = parts.join(" ");
  // A toast holds 500 characters.
  return message.length > 480 ? `${message.slice(0, 479)}…` : message;
}

const choiceSchema = z.union([
  z.object({ album: z.literal("new"), name: albumNameSchema }),
  z.object({ album: z.coerce.number().int().positive().max(2_147_483_647) }),
]);

async function addToAlbum(request: Request) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const t = await translatorFor(request);
  const chooseAlbum = t("album.addTo.chooseAlbum");
  const form = await readForm(request);
  const fetched = form.get("_fetch") === "1";
  const assetIds = readAssetIds(form.getAll("asset"));
  const values = formValues(form);
  const reply = (fieldErrors: Record<string, string>, formError?: string, status = 400) =>
    formReply(request, { fieldErrors, formError, status, values });
  const typedName = form.get("name");
  // A name typed without choosing "New album" (no script to tick it) asks for a new album.
  const albumField =
    form.get("album") ?? (typeof typedName === "string" && typedName.trim() !== "" ? "new" : null);
  if (typeof albumField !== "string" || albumField === "") return reply({ album: chooseAlbum });
  const parsed = choiceSchema.safeParse({
    album: albumField,
    ...(albumField === "new" ? { name: form.get("name") ?? "" } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return albumField === "new"
      ? reply({ name: issue?.message ?? t("album.addTo.nameNeeded") })
      : reply({ album: chooseAlbum });
  }
  try {
    const albumId =
      parsed.data.album === "new"
        ? (
            await createAlbum(viewer, {
              name: (parsed.data as { name: string }).name,
              description: "",
            })
          ).id
        : parsed.data.album;
    const grant = await requireAlbum(viewer, albumId, "contribute");
    const result = await addAlbumAssets(viewer, grant.album.id, assetIds);
    const names = await assetNames(
      viewer,
      result.refused.map((r) => r.id),
    );
    const album = {
      name: grant.album.name,
      href: albumHref(grant.album.owner_id, grant.album.id),
    };
    const body = {
      album,
      added: result.added.length,
      present: result.present.length,
      refused: result.refused.map((r) => ({
        id: r.id,
        // An asset the viewer does not see is named by its number only: its name is not theirs.
        name: names.get(r.id) ?? `Asset ${r.id}`,
        reason: resolveKeyed(r.reason, t),
      })),
    };
    const outcome: AddToAlbumOutcome = {
      ...body,
      ok: body.refused.length === 0,
      message: outcomeMessage(t, body),
    };
    if (fetched) return json(outcome, { headers: { "Cache-Control": "no-store" } });
    return redirectWithToast(request, album.href, {
      kind: outcome.ok ? "success" : "warning",
      message: outcome.message,
    });
  } catch (error) {
    if (!isProblem(error)) throw error;
    const status = PROBLEM_STATUS[error.kind];
    // An album not offered to the viewer reads as not chosen at all: no name or state leaks.
    if (parsed.data.album !== "new" && (status === 404 || status === 403))
      return reply({ album: chooseAlbum });
    return reply(
      parsed.data.album === "new" ? {} : { album: error.message },
      error.message,
      status,
    );
  }
}
