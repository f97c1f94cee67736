import { z } from "zod";
import { keyed } from "~/models/locale/keyed";
import { SHARE_ACCESS } from "./album.schema";
import { hasUnsafeLineCharacter, hasUnsafeTextCharacter } from "~/models/validation/text.schema";

/*
 * Sharing an album with users and groups (decision 055): the limits and schemas shared by the
 * sharing page, its actions and the API. Pure: the browser imports it too.
 */

/** Entries one SharingUpdate may carry in addShares and in removeShares. */
export const MAX_SHARE_ENTRIES = 100;
/** People mailed about one share at most (a group's members are cut there). */
export const MAX_SHARE_MAIL_RECIPIENTS = 200;
export const MAX_SHARE_MESSAGE_TITLE = 200;
export const MAX_SHARE_MESSAGE_BODY = 4000;
export const MAX_PEOPLE_QUERY = 200;
export const PEOPLE_PAGE_SIZE = 25;

export type ShareTargetType = "user" | "group";

/** A share target as forms write it: `user:12` or `group:10020`. */
export const shareTargetKey = (type: ShareTargetType, id: number) => `${type}:${id}`;

export function parseShareTargetKey(value: string): { type: ShareTargetType; id: number } | null {
  const match = /^(user|group):(\d{1,9})$/.exec(value.trim());
  return match ? { type: match[1] as ShareTargetType, id: Number(match[2]) } : null;
}

/** The optional message mailed with a new share: plain text, never markup. */
export const shareMessageSchema = z.object({
  title: z
    .string()
    .trim()
    .max(MAX_SHARE_MESSAGE_TITLE, `Keep the title to ${MAX_SHARE_MESSAGE_TITLE} characters.`)
    .refine((s) => !hasUnsafeLineCharacter(s), "The title must be one line of text.")
    .optional()
    .default(""),
  body: z
    .string()
    .trim()
    .max(MAX_SHARE_MESSAGE_BODY, `Keep the message to ${MAX_SHARE_MESSAGE_BODY} characters.`)
    .refine((s) => !hasUnsafeTextCharacter(s), "The message holds characters that are not text.")
    .optional()
    .default(""),
});
export type ShareMessage = z.output<typeof shareMessageSchema>;

const CHOOSE_TARGET = keyed("album.validation.chooseTarget");
const TYPE_NAME = keyed("album.validation.typeName");

/** The sharing page's add form (JavaScript on or off). */
export const shareFormSchema = z.object({
  target: z.string({ required_error: CHOOSE_TARGET }).transform((s, ctx) => {
    const target = parseShareTargetKey(s);
    if (!target) {
      ctx.addIssue({ code: "custom", message: CHOOSE_TARGET });
      return z.NEVER;
    }
    return target;
  }),
  access: z.enum(SHARE_ACCESS, { message: keyed("album.validation.chooseAccess") }).default("view"),
  download: z
    .union([z.literal("on"), z.literal("")])
    .optional()
    .transform((v) => v === "on"),
  messageTitle: shareMessageSchema.shape.title,
  messageBody: shareMessageSchema.shape.body,
});

/** Removing one share from the page. */
export const shareRemoveSchema = z.object({
  target: z.string().transform((s, ctx) => {
    const target = parseShareTargetKey(s);
    if (!target) {
      ctx.addIssue({ code: "custom", message: keyed("album.validation.chooseShare") });
      return z.NEVER;
    }
    return target;
  }),
});

/** The people search: q is required (the reference says so), pages from 0. */
export const peopleQuerySchema = z.object({
  q: z
    .string({ required_error: TYPE_NAME })
    .trim()
    .min(1, TYPE_NAME)
    .max(MAX_PEOPLE_QUERY, keyed("album.validation.searchTooLong", { max: MAX_PEOPLE_QUERY })),
  p: z.coerce.number().int().min(0).max(10_000).optional().default(0),
});
