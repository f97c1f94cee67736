import { z } from "zod";
import { keyed } from "~/models/locale/keyed";

/*
 * The forms of the administrator's archive list and trash can (decision 043): flat forms with an
 * intent, shared by the pages' actions and their tests. Ids are bounded so a huge number is a
 * clear 400, never a database error.
 */

const id = z.coerce
  .number({ invalid_type_error: keyed("settings.archiveList.idNumber") })
  .int(keyed("settings.archiveList.idWhole"))
  .min(1, keyed("settings.archiveList.idPositive"))
  .max(2_147_483_647, keyed("grid.refusal.archiveIdNotFound"));

const entryId = z.coerce
  .number({ invalid_type_error: keyed("settings.archiveList.entryNumber") })
  .int(keyed("settings.archiveList.entryWhole"))
  .min(1, keyed("settings.archiveList.entryPositive"))
  .max(2_147_483_647, keyed("grid.refusal.trashEntryNotFound"));

export const archiveListActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("hide"), id }),
    z.object({ intent: z.literal("show"), id }),
    z.object({ intent: z.literal("up"), id }),
    z.object({ intent: z.literal("down"), id }),
    z.object({
      intent: z.literal("move"),
      id,
      position: z.coerce
        .number({ invalid_type_error: keyed("settings.archiveList.positionNumber") })
        .int(keyed("settings.archiveList.positionWhole"))
        .min(1, keyed("settings.archiveList.positionFromOne"))
        .max(1_000_000, keyed("settings.archiveList.positionPastEnd")),
    }),
    z.object({
      intent: z.literal("delete"),
      id,
      // Ticked by the confirmation: without it an archive holding assets is not deleted.
      confirmAssets: z
        .enum(["true", "false"])
        .default("false")
        .transform((v) => v === "true"),
    }),
  ],
  { errorMap: () => ({ message: keyed("settings.archiveList.chooseIntent") }) },
);
export type ArchiveListAction = z.infer<typeof archiveListActionSchema>;

export const trashActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("restore"), id: entryId }),
    z.object({ intent: z.literal("empty"), id: entryId }),
    z.object({ intent: z.literal("emptyAll") }),
  ],
  { errorMap: () => ({ message: keyed("settings.archiveList.chooseTrashIntent") }) },
);
export type TrashAction = z.infer<typeof trashActionSchema>;
