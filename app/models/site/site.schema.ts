import { isTimeZone, LANGUAGES } from "~/models/locale/language";
import { z } from "zod";
import { keyed } from "~/models/locale/keyed";
import { signupSettingsSchema } from "~/models/signup/signup.schema";

/*
 * The cookie texts Arkiv shipped in English before they came from the catalogues (decision 116).
 * A site that still stores one of them never wrote its own: it is read as empty, the built-in
 * text in each reader's language.
 */
const SHIPPED_COOKIE_TEXTS = new Set([
  "Cookies on this site",
  "We use cookies that are **strictly necessary** to keep you signed in and to remember your choices. " +
    "Read the [cookie policy](/fotoweb/views/cookie-policy) for details.",
  `# Cookie policy

This site sets only the cookies it needs to work:

- **arkiv_session**: keeps you signed in. It holds a random identifier; what it refers to is kept on the server. It ends when you sign out or after a period without activity.
- **arkiv_toast**: carries a short confirmation message from one page to the next. It is removed once shown.
- **arkiv_cookie_consent**: remembers that you have read this notice, so it is not shown again until the policy changes.

No cookie is used for advertising or for tracking you across other sites.`,
]);

/** A stored cookie text: empty is the built-in text, in the reader's language. */
const cookieText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((text) => (SHIPPED_COOKIE_TEXTS.has(text) ? "" : text))
    .default("");

/** What the origins setting holds for "any origin, without credentials" (decision 110). */
export const ANY_ORIGIN = "*";
const MAX_API_ORIGINS = 20;

/**
 * An origin a program's page may call the API from, as the browser writes it in Origin:
 * scheme (http or https), host and port, nothing else; or null when the entry is not one.
 */
export function apiOrigin(entry: string): string | null {
  if (entry === ANY_ORIGIN) return ANY_ORIGIN;
  if (!/^https?:\/\/[^/?#@\s]+\/?$/i.test(entry)) return null;
  try {
    const url = new URL(entry);
    return url.origin === "null" ? null : url.origin;
  } catch {
    return null;
  }
}

const storedOrigins = z
  .array(z.string())
  .transform((list) => list.filter((entry) => apiOrigin(entry) === entry));

/** The form's and the API's list: one origin a line, each checked, kept as browsers write them. */
export const apiOriginsSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/\r?\n/) : v),
  z
    .array(z.string().max(300, keyed("settings.validation.apiOrigin", { origin: "…" })))
    .transform((list) => list.map((entry) => entry.trim()).filter(Boolean))
    .superRefine((list, ctx) => {
      const wrong = list.find((entry) => apiOrigin(entry) === null);
      if (wrong !== undefined)
        ctx.addIssue({
          code: "custom",
          message: keyed("settings.validation.apiOrigin", { origin: wrong.slice(0, 100) }),
        });
      if (list.length > MAX_API_ORIGINS)
        ctx.addIssue({
          code: "custom",
          message: keyed("settings.validation.apiOriginsTooMany", { max: MAX_API_ORIGINS }),
        });
    })
    .transform((list) => [...new Set(list.map((entry) => apiOrigin(entry)!))]),
);

export const cookieConsentSchema = z.object({
  title: cookieText(200),
  body: cookieText(10_000),
  policy: cookieText(100_000),
});

export const siteSettingsSchema = z.object({
  siteName: z.string().trim().min(1).max(100).catch("Arkiv").default("Arkiv"),
  /** The site's half of the dark-mode rule: dark mode needs this and the user's own choice. */
  darkModeEnabled: z.boolean().catch(true).default(true),
  guestAccess: z.boolean().catch(true).default(true),
  cookieConsent: cookieConsentSchema.catch(cookieConsentSchema.parse({})).default({}),
  /** Whose language nobody chose, by preference, cookie or browser (decision 101). */
  defaultLanguage: z.enum(LANGUAGES).catch("en").default("en"),
  /** The time zone of anyone who chose none, and of mail sent to them. */
  timeZone: z
    .string()
    .refine((v) => isTimeZone(v))
    .catch("UTC")
    .default("UTC"),
  /** Sign-ups (decision 036): off by default; edited at /fotoweb/views/admin/signup-fields. */
  signups: signupSettingsSchema.catch(signupSettingsSchema.parse({})).default({}),
  /** Origins allowed to call the API from a browser (CORS, decision 110); "*": any, no cookies. */
  apiOrigins: storedOrigins.catch([]).default([]),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type CookieConsent = z.infer<typeof cookieConsentSchema>;

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true");

/** The administrator's site settings form: flat, so remix-validated-form. */
export const siteSettingsFormSchema = z.object({
  siteName: z
    .string()
    .trim()
    .min(1, keyed("settings.validation.siteName"))
    .max(100, keyed("validation.text.atMost", { max: 100 })),
  darkModeEnabled: checkbox,
  guestAccess: checkbox,
  // Left out (a program's post from before they existed), the stored ones stay.
  defaultLanguage: z.enum(LANGUAGES, { message: keyed("settings.validation.language") }).optional(),
  timeZone: z
    .string()
    .refine((v) => isTimeZone(v), keyed("settings.validation.timeZone"))
    .optional(),
  cookieTitle: z
    .string()
    .trim()
    .max(200, keyed("validation.text.atMost", { max: 200 })),
  cookieBody: z
    .string()
    .trim()
    .max(10_000, keyed("validation.text.atMost", { max: 10_000 })),
  cookiePolicy: z
    .string()
    .trim()
    .max(100_000, keyed("validation.text.atMost", { max: 100_000 })),
  // Left out (a post from before the setting), the stored ones stay.
  apiOrigins: apiOriginsSchema.optional(),
});

export type SiteSettingsForm = z.infer<typeof siteSettingsFormSchema>;

export function settingsFromForm(
  form: SiteSettingsForm,
): Omit<SiteSettings, "signups" | "defaultLanguage" | "timeZone" | "apiOrigins"> &
  Partial<Pick<SiteSettings, "defaultLanguage" | "timeZone" | "apiOrigins">> {
  return {
    siteName: form.siteName,
    darkModeEnabled: form.darkModeEnabled,
    guestAccess: form.guestAccess,
    ...(form.defaultLanguage ? { defaultLanguage: form.defaultLanguage } : {}),
    ...(form.timeZone ? { timeZone: form.timeZone } : {}),
    ...(form.apiOrigins ? { apiOrigins: form.apiOrigins } : {}),
    cookieConsent: { title: form.cookieTitle, body: form.cookieBody, policy: form.cookiePolicy },
  };
}
