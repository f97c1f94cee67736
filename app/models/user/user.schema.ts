import { z } from "zod";

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
    enableRetinaThumbnails: z.boolean().catch(false).default(false),
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

/** Retina thumbnails need a signed-in user and the setting (spec 001, client settings). */
export function wantsRetinaThumbnails(viewer: Pick<Viewer, "isGuest" | "preferences"> | null) {
  return Boolean(viewer && !viewer.isGuest && viewer.preferences.intranet.enableRetinaThumbnails);
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
