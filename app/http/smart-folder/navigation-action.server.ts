import { z } from "zod";
import { readableErrorResponse } from "~/http/http.server";
import {
  checkSubmission,
  formReply,
  formValues,
  readForm,
  type SubmittedValues,
} from "~/http/submission.server";
import { safeRedirect } from "~/http/redirect";
import { redirectWithToast } from "~/http/toast.server";
import { mediaTypeOf } from "~/http/negotiate";
import type { Archive } from "~/models/archive/archive.server";
import { archiveIdFromSegment } from "~/models/archive/archive.server";
import { viewableArchive } from "~/models/collection/collection-page.server";
import { toggleNavigationPin } from "~/models/smart-folder/navigation.server";
import {
  smartFolderOrderSchema,
  smartFolderSchema,
} from "~/models/smart-folder/smart-folder.schema";
import {
  createSmartFolder,
  deleteSmartFolder,
  moveSmartFolder,
  smartFolderIdOf,
  updateSmartFolder,
} from "~/models/smart-folder/smart-folder.server";
import type { Viewer } from "~/models/user/user.schema";
import { translatorFor } from "~/http/locale/locale.server";

/*
 * The navigation pane's plain forms (decision 061), posted to the archive page (and the pins
 * page for unpinning): smart folder create, edit, delete and move, and folder, smart folder and
 * taxonomy pins. Each redirects back with a toast; a form that fails its schema comes back with
 * status 400 and its errors by field, tagged with the form it belongs to (navForm).
 */

export const NAVIGATION_INTENTS = [
  "smart-folder-create",
  "smart-folder-edit",
  "smart-folder-delete",
  "smart-folder-move",
  "navigation-pin",
] as const;

const pinSchema = z.object({
  kind: z.enum(["folder", "smartFolder", "taxonomyItem"]),
  key: z.string().min(1).max(1000),
  archive: z.string().max(200).optional(),
});

/** The posted form when it is one of the pane's (readForm's one parse serves the action after). */
export async function navigationForm(request: Request): Promise<SubmittedValues | null> {
  // The pane's forms are urlencoded; a multipart body (files) is never read twice here.
  if (mediaTypeOf(request) !== "application/x-www-form-urlencoded") return null;
  try {
    const values = formValues(await readForm(request));
    return (NAVIGATION_INTENTS as readonly string[]).includes(String(values.intent))
      ? values
      : null;
  } catch {
    return null;
  }
}

export async function navigationAction(
  request: Request,
  viewer: Viewer,
  values: SubmittedValues,
  options: { archive: Archive | null; back: string },
): Promise<Response> {
  const back = safeRedirect(values.back, options.back);
  const t = await translatorFor(request);
  const intent = String(values.intent);
  const navForm = intent === "smart-folder-edit" ? `edit-${String(values.id)}` : intent;
  try {
    let archive = options.archive;
    if (!archive) {
      const id = archiveIdFromSegment(String(values.archive ?? ""));
      archive = (await viewableArchive(viewer, id)).archive;
    }
    const id = smartFolderIdOf(typeof values.id === "string" ? values.id : null);
    switch (intent) {
      case "smart-folder-create":
      case "smart-folder-edit": {
        const checked = await checkSubmission(values, smartFolderSchema);
        if (!checked.ok)
          return formReply(request, {
            fieldErrors: checked.fieldErrors,
            formError: checked.formError,
            values,
            extra: { navForm },
          });
        const folder =
          intent === "smart-folder-create"
            ? await createSmartFolder(viewer, archive.id, checked.data)
            : await updateSmartFolder(viewer, archive.id, id, checked.data);
        return redirectWithToast(request, back, {
          message:
            intent === "smart-folder-create"
              ? t("grid.toast.smartFolderAdded", { name: folder.name })
              : t("grid.toast.smartFolderSaved", { name: folder.name }),
        });
      }
      case "smart-folder-delete": {
        const folder = await deleteSmartFolder(viewer, archive.id, id);
        // Deleting the folder being shown returns to the whole archive.
        const to = back.includes(`sf=${folder.id}`) ? archive.href : back;
        return redirectWithToast(request, to, {
          message: t("grid.toast.smartFolderDeleted", { name: folder.name }),
        });
      }
      case "smart-folder-move": {
        const order = smartFolderOrderSchema.safeParse({
          childPath: id ?? "",
          relativePosition: values.relativePosition,
        });
        if (!order.success)
          return formReply(request, {
            formError: t("grid.error.chooseUpOrDown"),
            extra: { navForm },
          });
        const { moved } = await moveSmartFolder(
          viewer,
          archive.id,
          id,
          order.data.relativePosition,
        );
        return redirectWithToast(request, back, {
          kind: moved ? "success" : "info",
          message: moved ? t("grid.toast.smartFolderMoved") : t("grid.toast.smartFolderAtEnd"),
        });
      }
      default: {
        const pin = pinSchema.safeParse(values);
        if (!pin.success)
          return formReply(request, {
            formError: t("grid.error.chooseWhatToPin"),
            extra: { navForm },
          });
        const { pinned, name } = await toggleNavigationPin(
          viewer,
          archive,
          pin.data.kind,
          pin.data.key,
        );
        return redirectWithToast(request, back, {
          message: pinned
            ? t("grid.toast.navPinned", { name })
            : t("grid.toast.navUnpinned", { name }),
        });
      }
    }
  } catch (error) {
    // Keyed refusals (decision 106) in the page's language: the pane's forms come from pages.
    return readableErrorResponse(request, error);
  }
}
