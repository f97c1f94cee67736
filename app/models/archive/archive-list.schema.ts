import { z } from "zod";

/*
 * The forms of the administrator's archive list and trash can (decision 043): flat forms with an
 * intent, shared by the pages' actions and their tests. Ids are bounded so a huge number is a
 * clear 400, never a database error.
 */

const id = z.coerce
  .number({ invalid_type_error: "An archive id is a number." })
  .int("An archive id is a whole number.")
  .min(1, "An archive id is a positive number.")
  .max(2_147_483_647, "There is no archive with this id.");

const entryId = z.coerce
  .number({ invalid_type_error: "A trash can entry id is a number." })
  .int("A trash can entry id is a whole number.")
  .min(1, "A trash can entry id is a positive number.")
  .max(2_147_483_647, "There is nothing in the trash can with this id.");

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
        .number({ invalid_type_error: "The position is a number." })
        .int("The position is a whole number.")
        .min(1, "Positions start at 1.")
        .max(1_000_000, "The position is past the end of the list."),
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
  { errorMap: () => ({ message: "Choose hide, show, up, down, move or delete." }) },
);
export type ArchiveListAction = z.infer<typeof archiveListActionSchema>;

export const trashActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("restore"), id: entryId }),
    z.object({ intent: z.literal("empty"), id: entryId }),
    z.object({ intent: z.literal("emptyAll") }),
  ],
  { errorMap: () => ({ message: "Choose restore, empty or emptyAll." }) },
);
export type TrashAction = z.infer<typeof trashActionSchema>;
