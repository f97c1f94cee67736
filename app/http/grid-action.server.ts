import { json } from "@remix-run/node";
import { keyed } from "~/models/locale/keyed";
import { z } from "zod";
import { readableErrorResponse } from "~/http/http.server";
import { isProblem } from "~/models/problem/problem";
import { formReply, readBody, type SubmittedValues } from "~/http/submission.server";
import { safeRedirect } from "~/http/redirect";
import { redirectWithToast } from "~/http/toast.server";
import type { Archive } from "~/models/archive/archive.server";
import { parseSort } from "~/models/search/search.server";
import {
  addPins,
  clearPins,
  PIN_LIMIT,
  PIN_LIMIT_CODE,
  removePins,
  togglePin,
} from "~/models/pin/pin.server";
import { DIRECTIONS, relocateAssets } from "~/models/asset/relocate.server";
import { updatePreferences } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { isOwnAccount } from "~/models/access/access.server";
import type { MessageId } from "~/models/locale/message-id";
import { translatorFor } from "~/http/locale/locale.server";

/** The toast after a relocation, by direction (the page's words, decision 101). */
const MOVED = {
  top: "grid.toast.moved.top",
  bottom: "grid.toast.moved.bottom",
  left: "grid.toast.moved.left",
  right: "grid.toast.moved.right",
} as const satisfies Record<(typeof DIRECTIONS)[number], MessageId>;

/*
 * The grid's form posts (decision 015), shared by the archive, pins and album pages. Each works
 * as a plain form with post/redirect/get and a toast. A fetcher from the hydrated page adds
 * `_fetch=1` and gets the outcome as JSON instead, so it can update the grid in place without
 * reloading the pages it has merged.
 */

const ids = z
  .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER))
  .max(1000, keyed("validation.selection.atMost", { max: 1000 }));

const intentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("sort"),
    s: z.string().max(40),
    q: z.array(z.string()).max(20),
    folder: z.string().max(1000).optional(),
  }),
  z.object({
    intent: z.literal("relocate"),
    direction: z.enum(DIRECTIONS),
    asset: ids.min(1, keyed("validation.selection.moveFirst")),
  }),
  z.object({
    intent: z.literal("pin"),
    asset: ids.length(1, keyed("validation.selection.pinOne")),
  }),
  z.object({
    intent: z.literal("pin-selected"),
    asset: ids.min(1, keyed("validation.selection.pinFirst")),
  }),
  z.object({
    intent: z.literal("unpin-selected"),
    asset: ids.min(1, keyed("validation.selection.unpinFirst")),
  }),
  z.object({ intent: z.literal("clear-pins") }),
]);

export type GridIntent = z.infer<typeof intentSchema>["intent"];

export interface GridOutcome {
  ok: boolean;
  message: string;
  /** pin: the asset's new state; relocate: how many moved. */
  pinned?: boolean;
  moved?: number;
  code?: string | null;
}

const list = (value: unknown) =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String);

function readIntent(values: SubmittedValues) {
  let intent = String(values["intent"] ?? "");
  let direction = values["direction"];
  // The no-JavaScript buttons carry intent and direction in one value: relocate-top.
  const combined = /^relocate-(top|bottom|left|right)$/.exec(intent);
  if (combined) {
    intent = "relocate";
    direction = combined[1]!;
  }
  return intentSchema.safeParse({
    intent,
    direction,
    asset: list(values["asset"]),
    s: values["s"] ?? undefined,
    q: list(values["q"]),
    folder: values["folder"] || undefined,
  });
}

/* A post the grid cannot act on: the one form reply, its message for the whole form. */
async function fail(request: Request, message: string): Promise<never> {
  throw await formReply(request, { formError: message });
}

/** Handles a grid post; `back` is where the page redirects afterwards. */
export async function gridAction(
  request: Request,
  viewer: Viewer,
  context: { archive?: Archive; back: string },
) {
  const values = await readBody(request, { json: false });
  const t = await translatorFor(request);
  const fetched = values["_fetch"] === "1";
  const back = safeRedirect(values["back"], context.back);
  const parsed = readIntent(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // Nothing selected is a person's slip, not bad input: without JavaScript the grid comes
    // back with the message (decision 087), where the form would have no place to show it.
    if (!fetched && issue?.path[0] === "asset" && list(values["asset"]).length === 0)
      return redirectWithToast(request, back, { kind: "error", message: issue.message });
    return fail(request, issue?.message ?? t("grid.error.formInvalid"));
  }
  const data = parsed.data;
  const answer = async (outcome: GridOutcome, to = back) =>
    fetched
      ? json(outcome, { status: outcome.ok ? 200 : outcome.code === "pinLimit" ? 409 : 400 })
      : redirectWithToast(request, to, {
          kind: outcome.ok ? "success" : "error",
          message: outcome.message,
        });
  try {
    switch (data.intent) {
      case "sort": {
        const archive = context.archive;
        const sort = parseSort(data.s);
        if (!archive || !sort) return fail(request, t("grid.error.sortOrder"));
        const search = new URLSearchParams();
        for (const q of data.q) search.append("q", q);
        search.set("s", data.s);
        if (data.folder) search.set("folder", data.folder);
        const href = `${archive.href}?s=${encodeURIComponent(data.s)}`;
        if (isOwnAccount(viewer)) {
          await updatePreferences(viewer.id, (p) => ({
            ...p,
            shared: { ...p.shared, sorting: { ...sortingOf(p.shared), [archive.href]: { href } } },
          }));
        }
        return answer(
          { ok: true, message: t("grid.toast.sortSaved") },
          `${archive.href}?${search}`,
        );
      }
      case "relocate": {
        if (!context.archive) return fail(request, t("grid.error.relocateElsewhere"));
        const moved = await relocateAssets(viewer, context.archive.id, data.asset, data.direction);
        const message =
          moved === 0 ? t("grid.toast.nothingMoved") : t(MOVED[data.direction], { count: moved });
        return answer({ ok: true, moved, message });
      }
      case "pin": {
        const { pinned } = await togglePin(viewer, data.asset[0]!);
        return answer({
          ok: true,
          pinned,
          message: pinned ? t("grid.toast.pinned") : t("grid.toast.unpinned"),
        });
      }
      case "pin-selected": {
        const result = await addPins(viewer, data.asset);
        if (result.noAssetsAdded)
          return answer({
            ok: false,
            code: "pinLimit",
            message: t("grid.toast.pinLimit", { limit: PIN_LIMIT }),
          });
        const message =
          result.added === 0
            ? t("grid.toast.alreadyPinned")
            : t("grid.toast.assetsPinned", { count: result.added });
        return answer({ ok: true, message });
      }
      case "unpin-selected": {
        const removed = await removePins(viewer, data.asset);
        return answer({ ok: true, message: t("grid.toast.assetsUnpinned", { count: removed }) });
      }
      case "clear-pins": {
        const removed = await clearPins(viewer);
        return answer({ ok: true, message: t("grid.toast.pinsCleared", { count: removed }) });
      }
    }
  } catch (error) {
    // The pin limit is an outcome the grid shows in place; other refusals are error answers.
    if (isProblem(error) && error.details.code === PIN_LIMIT_CODE)
      return answer({
        ok: false,
        code: PIN_LIMIT_CODE,
        message: t("grid.toast.pinLimit", { limit: PIN_LIMIT }),
      });
    // Keyed refusals (decision 106) in the page's language: the grid's posts come from pages.
    throw await readableErrorResponse(request, error);
  }
}

function sortingOf(shared: Record<string, unknown>): Record<string, unknown> {
  const sorting = shared["sorting"];
  return typeof sorting === "object" && sorting !== null && !Array.isArray(sorting)
    ? (sorting as Record<string, unknown>)
    : {};
}
