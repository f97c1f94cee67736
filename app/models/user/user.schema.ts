import { z } from "zod";
import { isTimeZone, LANGUAGES, PSEUDO_LANGUAGE } from "~/models/locale/language";
import { THUMBNAIL_SIZES, type ThumbnailSize } from "./thumbnail-size";

export const INTERFACE_STYLE_VALUES = { light: 0, dark: 1, auto: -1 } as const;
export type InterfaceStyle = keyof typeof INTERFACE_STYLE_VALUES;

/** User preferences in the API's groups; unknown keys are kept for the features that own them. */
const intranetSchema = z
  .object({
    archivePinned: z.array(z.string()).catch([]).default([]),
    pinnedAlbums: z.array(z.string()).catch([]).default([]),
    folderPinned: z.array(z.string()).catch([]).default([]),
    taxonomyPinned: z.array(z.string()).catch([]).default([]),
    markersAlwaysDisplay: z.boolean().catch(false).default(false),
    highQualityThumbnails: z.boolean().catch(false).default(false),
    interfaceStyle: z.enum(["light", "dark", "auto"]).catch("auto").default("auto"),
    // The spec's client setting (001 "Client settings"), kept here so it works without JavaScript.
    // On unless turned off: soft thumbnails on high-density screens were the grid's look (issue 31).
    enableRetinaThumbnails: z.boolean().catch(true).default(true),
    // The grid's thumbnail size and the archive's navigation pane, remembered (decision 089).
    thumbnailSize: z.enum(THUMBNAIL_SIZES).catch("medium").default("medium"),
    navigationPaneOpen: z.boolean().catch(true).default(true),
    // The person's language and time zone (decision 101); "auto": the browser's, else the site's.
    language: z
      .enum([...LANGUAGES, PSEUDO_LANGUAGE, "auto"])
      .catch("auto")
      .default("auto"),
    timeZone: z
      .string()
      .refine((v) => v === "auto" || isTimeZone(v))
      .catch("auto")
      .default("auto"),
  })
  .passthrough();

export const preferencesSchema = z
  .object({
    intranet: intranetSchema.catch(() => intranetSchema.parse({})).default({}),
    shared: z.record(z.unknown()).catch({}).default({}),
    pro: z.record(z.unknown()).catch({}).default({}),
    public: z.record(z.unknown()).catch({}).default({}),
  })
  .passthrough();

export type Preferences = z.infer<typeof preferencesSchema>;

const HREF_LIST = z.array(z.string().max(2000)).max(1000);
const GROUP = z.record(z.unknown());

/*
 * A change of the preferences through the API (spec 000: PATCH {user_preferences} with data
 * holding the changed groups). Each group given is merged key by key into the stored one; the
 * intranet keys Arkiv reads must have their types, or the whole change is refused.
 */
export const preferencesPatchSchema = z
  .object({
    data: z
      .object({
        intranet: z
          .object({
            archivePinned: HREF_LIST.optional(),
            pinnedAlbums: HREF_LIST.optional(),
            folderPinned: HREF_LIST.optional(),
            taxonomyPinned: HREF_LIST.optional(),
            markersAlwaysDisplay: z.boolean().optional(),
            highQualityThumbnails: z.boolean().optional(),
            interfaceStyle: z.enum(["light", "dark", "auto"]).optional(),
            enableRetinaThumbnails: z.boolean().optional(),
            thumbnailSize: z.enum(THUMBNAIL_SIZES).optional(),
            navigationPaneOpen: z.boolean().optional(),
            language: z.enum([...LANGUAGES, "auto"]).optional(),
            timeZone: z
              .string()
              .refine((v) => v === "auto" || isTimeZone(v), "Unknown time zone")
              .optional(),
          })
          .passthrough()
          .optional(),
        shared: GROUP.optional(),
        pro: GROUP.optional(),
        public: GROUP.optional(),
      })
      .strict(),
  })
  .strict();

export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>["data"];

/** What one user's preferences may weigh, stored: a client cannot grow them without bound. */
export const MAX_PREFERENCES_BYTES = 256 * 1024;

/**
 * Retina thumbnails unless a signed-in person turned them off (spec 001, client settings); a
 * guest cannot keep a setting, so gets the default.
 */
export function wantsRetinaThumbnails(viewer: Pick<Viewer, "isGuest" | "preferences"> | null) {
  if (!viewer || viewer.isGuest) return true;
  return viewer.preferences.intranet.enableRetinaThumbnails;
}

/** How the grid shows itself to this person (guests: the defaults). */
export function browsePreferences(viewer: Pick<Viewer, "isGuest" | "preferences"> | null): {
  thumbnailSize: ThumbnailSize;
  navigationPaneOpen: boolean;
} {
  if (!viewer || viewer.isGuest) return { thumbnailSize: "medium", navigationPaneOpen: true };
  const { thumbnailSize, navigationPaneOpen } = viewer.preferences.intranet;
  return { thumbnailSize, navigationPaneOpen };
}

/** The signed-in user as pages and the API see them (no password hash, ever). */
export interface Viewer {
  id: number;
  username: string;
  fullName: string;
  firstName: string;
  lastName: string;
  email: string;
  isGuest: boolean;
  isSiteOwner: boolean;
  forcePasswordChange: boolean;
  preferences: Preferences;
}
