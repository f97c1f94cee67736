import { z } from "zod";
import { keyed } from "~/models/locale/keyed";
import { readWallTime } from "~/models/locale/zone-clock";
import {
  LINK_DOWNLOADS,
  MAX_LINK_LABEL,
  MAX_LINK_PASSWORD,
  MIN_LINK_PASSWORD,
} from "./album.schema";

/*
 * A public link's settings as the server reads them. Apart from album.schema, whose constants
 * the album pages' scripts import: the wall-clock code stays out of their bundles.
 */

/** An expiry as written: a day (its end) or a date and time, on `timeZone`'s clock (decision 117). */
const expirySchema = (timeZone: string) =>
  z
    .string()
    .trim()
    .transform((s, ctx) => {
      if (s === "") return null;
      const date = readWallTime(timeZone, s);
      if (!date) {
        ctx.addIssue({ code: "custom", message: keyed("album.validation.expiryFormat") });
        return z.NEVER;
      }
      return date.toISOString();
    });

/**
 * A public link's settings (create and change), its expiry read on the clock of `timeZone`: the
 * person's on their pages. Expiry must lie ahead when it is set.
 */
export const shareLinkSchemaIn = (timeZone: string) =>
  z.object({
    label: z
      .string()
      .trim()
      .max(MAX_LINK_LABEL, keyed("album.validation.labelTooLong", { max: MAX_LINK_LABEL }))
      .optional()
      .default(""),
    expires: expirySchema(timeZone).optional().default(""),
    password: z
      .string()
      .max(MAX_LINK_PASSWORD, keyed("album.validation.passwordTooLong", { max: MAX_LINK_PASSWORD }))
      .refine(
        (s) => s === "" || s.length >= MIN_LINK_PASSWORD,
        keyed("album.validation.passwordTooShort", { min: MIN_LINK_PASSWORD }),
      )
      .optional()
      .default(""),
    download: z
      .enum(LINK_DOWNLOADS, { message: keyed("album.validation.chooseDownload") })
      .default("none"),
  });

/** The settings as a program sends them: a time without an offset is UTC's. */
export const shareLinkSchema = shareLinkSchemaIn("UTC");
export type ShareLinkInput = z.output<typeof shareLinkSchema>;
