import { isPathArchive } from "~/models/archive/archive-path.server";
import { keyed } from "~/models/locale/keyed";
import { writeRevision } from "~/models/asset/revision-write.server";
import { fileNameProblem, hasUnsafeLineCharacter } from "~/models/validation/text.schema";
import type { RenameParams, TaskOperation } from "../task.schema";
import {
  doneOutcome,
  extensionOf,
  fail,
  failedOutcome,
  hrefOf,
  PATH_ARCHIVE_FILES,
  rollbackItem,
  sourceFor,
  stillAsChecked,
  userIdOf,
} from "./item.server";

/*
 * Rename (spec 000 §5, decision 048): each asset gets the name the request gave it alone, as a
 * "rename" revision. A name without an extension keeps the file's own; another extension is
 * refused, since the name would then claim a type the file is not.
 */

/** What reads as a file type: a letter, then up to four letters or digits ("jpg", "mp4"). */
const EXTENSION_LIKE = /\.[A-Za-z][A-Za-z0-9]{0,4}$/;

/**
 * The name an asset called `current` gets from `wanted`, or the rule it breaks, in words naming
 * the rule.
 */
export function renamedTo(
  current: string,
  wanted: string | undefined,
): { name: string } | { error: string } {
  if (wanted === undefined) return { error: keyed("task.item.noNewName") };
  // Spaces typed around the name are dropped, but a trailing line break or tab is refused, not
  // trimmed away: it is never typed by chance. Then upload's rule holds (decision 070).
  let name = hasUnsafeLineCharacter(wanted) ? wanted : wanted.trim();
  if (name.trim() === "") return { error: keyed("task.item.nameEmpty") };
  const problem = fileNameProblem(name);
  if (problem) return { error: problem };
  const own = extensionOf(current);
  const given = extensionOf(name);
  if (own !== "") {
    if (given.toLowerCase() === own.toLowerCase()) {
      // Kept as given: "PHOTO.JPG" for "photo.jpg" is the person's choice.
    } else if (EXTENSION_LIKE.test(name)) {
      return { error: keyed("task.item.extensionStays", { own, given }) };
    } else name = `${name}${own}`;
  }
  // The extension added may make it too long.
  const added = fileNameProblem(name);
  return added ? { error: added } : { name };
}

export const renameOperation: TaskOperation<RenameParams> = {
  permission: "Rename",

  async apply(ctx) {
    const source = await sourceFor(ctx.viewer, ctx.assetId, "Rename");
    if ("error" in source) return fail(ctx, source.error);
    if (isPathArchive(source.archive)) return fail(ctx, PATH_ARCHIVE_FILES);
    const renamed = renamedTo(source.asset.file_name, ctx.itemParams?.fileName);
    if ("error" in renamed) return fail(ctx, renamed.error);
    const { name } = renamed;
    return ctx.commit(async (trx) => {
      const checked = await stillAsChecked(trx, source.asset);
      if ("error" in checked) return failedOutcome(ctx, checked.error);
      const result = {
        "result-filename": name,
        "result-href": hrefOf(source.archive, checked.row.id, name),
      };
      // The same name: nothing to change, and no revision that says nothing.
      if (checked.row.file_name === name) return doneOutcome(ctx, result);
      const written = await writeRevision(trx, checked.row.id, {
        kind: "rename",
        fileName: name,
        userId: userIdOf(ctx),
        jobId: ctx.jobId,
      });
      return doneOutcome(ctx, result, {
        beforeRevision: written.previous,
        afterRevision: written.number,
      });
    });
  },

  undo(ctx, item) {
    return rollbackItem(ctx, item, "Rename");
  },
};
