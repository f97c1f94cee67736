import { z } from "zod";
import { keyed } from "~/models/locale/keyed";
import { hasUnsafeLineCharacter, hasUnsafeTextCharacter } from "~/models/validation/text.schema";
import { MAX_ALBUM_DESCRIPTION, MAX_ALBUM_NAME } from "./album-limits";

/*
 * Albums and sharing (issue 18, decision 051): the words, limits and schemas shared by forms,
 * actions and the API. Pure: the browser imports it too.
 */

/** Asset links one request may add, remove or move (a grid selection is at most 1 000). */
export const MAX_ALBUM_BATCH = 1000;
/** Assets one album holds. */
export const MAX_ALBUM_ASSETS = 10_000;
export const MAX_LINKS_PER_ALBUM = 100;
export const MAX_LINK_LABEL = 100;
export const MIN_LINK_PASSWORD = 4;
export const MAX_LINK_PASSWORD = 200;
/** Wrong passwords one address may try on one link in LINK_GUESS_WINDOW_MINUTES. */
export const LINK_GUESS_LIMIT = 5;
export const LINK_GUESS_WINDOW_MINUTES = 15;
export const ACCESS_LOG_PAGE_SIZE = 100;

export const ALBUM_STATUSES = ["active", "archived", "deleted"] as const;
export type AlbumStatus = (typeof ALBUM_STATUSES)[number];

/** The albums page's filters (spec 000 "Albums page"); none is the whole list. */
export const ALBUM_FILTERS = ["own", "shared", "archived", "deleted"] as const;
export type AlbumFilter = (typeof ALBUM_FILTERS)[number];

export const SHARE_ACCESS = ["view", "contribute"] as const;
export type ShareAccess = (typeof SHARE_ACCESS)[number];

export const LINK_DOWNLOADS = ["none", "previews", "originals"] as const;
export type LinkDownload = (typeof LINK_DOWNLOADS)[number];

/** What a person can do with an album, from the strongest down. */
export const ALBUM_ROLES = ["owner", "contribute", "view"] as const;
export type AlbumRole = (typeof ALBUM_ROLES)[number];

/** Spec 000 section 8. */
export const ALBUM_CREATE_FAILED = "Album couldn't be created. Please try again later";
export const SHARE_FAILED =
  "Sorry, unable to share the album at the moment. Try again or contact the administrator.";
export const ALBUM_NOT_FOUND = keyed("album.refusal.notFound");
export const LINK_NOT_FOUND = keyed("album.visitor.error.linkNotFound");
export const LINK_EXPIRED = keyed("album.visitor.error.expired");
export const LINK_REVOKED = keyed("album.visitor.error.revoked");
export const LINK_PASSWORD_WRONG = keyed("album.visitor.passwordWrong");
export const LINK_GUESSES_EXHAUSTED = keyed("album.visitor.tooManyGuesses", {
  minutes: LINK_GUESS_WINDOW_MINUTES,
});

const NAME_NEEDED = keyed("album.validation.nameNeeded");

/** An album's name: trimmed, one line, 1 to MAX_ALBUM_NAME characters. */
export const albumNameSchema = z
  .string({ required_error: NAME_NEEDED })
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, NAME_NEEDED)
      .max(MAX_ALBUM_NAME, keyed("album.validation.nameTooLong", { max: MAX_ALBUM_NAME }))
      .refine((s) => !hasUnsafeLineCharacter(s), keyed("album.validation.nameOneLine")),
  );

export const albumDescriptionSchema = z
  .string()
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .max(
        MAX_ALBUM_DESCRIPTION,
        keyed("album.validation.descriptionTooLong", { max: MAX_ALBUM_DESCRIPTION }),
      )
      .refine((s) => !hasUnsafeTextCharacter(s), keyed("album.validation.descriptionNotText")),
  );

/** Create (POST to the user's albums URL) and the create popover: description may be empty. */
export const albumCreateSchema = z.object({
  name: albumNameSchema,
  description: albumDescriptionSchema.optional().default(""),
});
export type AlbumCreateInput = z.output<typeof albumCreateSchema>;

/** Rename and describe: only what is given changes. */
export const albumUpdateSchema = z.object({
  name: albumNameSchema.optional(),
  description: albumDescriptionSchema.optional(),
});
export type AlbumUpdateInput = z.output<typeof albumUpdateSchema>;

/** A date and time in the future, as ISO text or the datetime-local input's YYYY-MM-DDTHH:mm. */

/** The password a visitor types on a protected link's page. */
export const linkPasswordSchema = z.object({
  password: z.string().min(1, keyed("album.validation.typePassword")).max(MAX_LINK_PASSWORD),
});
