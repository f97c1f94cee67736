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
