import { z } from "zod";
import { isTimeZone, LANGUAGES, PSEUDO_LANGUAGE } from "./language";

/*
 * A person's choice of language and time zone (the user menu's quick switch and the language
 * page). "auto": the browser's language, the site's time zone. Either may be left out.
 */
export const localeChoiceSchema = z.object({
  language: z
    .enum([...LANGUAGES, PSEUDO_LANGUAGE, "auto"], { message: "common.locale.languageInvalid" })
    .optional(),
  timeZone: z
    .string()
    .refine((v) => v === "auto" || isTimeZone(v), "common.locale.timeZoneInvalid")
    .optional(),
  to: z.string().max(2000).optional(),
});

export type LocaleChoice = z.infer<typeof localeChoiceSchema>;
