import { z } from "zod";

/*
 * A group's capability flags (the API's GroupPermissions, spec 002 "Group permission flags").
 * The reference's names are kept (uploadToUploadArea where the spec says uploadArea); the spec's
 * flags the reference lacks (the flow pair, FotoStation configurations) sit beside them. A flag
 * absent from the stored JSON is off, so a flag added later starts off for every group.
 */
export const ALBUM_CAPABILITIES = [
  "create",
  "comment",
  "showOnHomepage",
  "shareWithUsers",
  "shareWithGroups",
  "shareWithGuests",
  "restrictToFriends",
  "delegateDownloads",
] as const;
export type AlbumCapability = (typeof ALBUM_CAPABILITIES)[number];

export const SITE_CAPABILITIES = [
  "uploadToUploadArea",
  "api",
  "isInDesignEditor",
  "viewFlows",
  "manageFlows",
  "changeSiteAppearance",
  "approvePendingSignups",
  "manageWebhooks",
  "shareBookmarks",
  "moderateComments",
  "manageAlbums",
  "manageTaxonomies",
  "manageExports",
  "inviteUsers",
  "approveOrders",
  "shareCropAndDownloadPresets",
  "manageUsers",
  "manageAnnotations",
  "manageArchives",
  "manageWorkflows",
  "manageServices",
  "audit",
  "manageSettings",
  "configureConsentForms",
  "manageActivityExports",
  "manageActivityLogging",
  "manageFotostationConfigurations",
] as const;
export type SiteCapability = (typeof SITE_CAPABILITIES)[number];

/** One capability, the album ones spelled as the issue names them ("albums.create"). */
export type Capability = SiteCapability | `albums.${AlbumCapability}`;

export const CAPABILITIES: readonly Capability[] = [
  ...ALBUM_CAPABILITIES.map((c) => `albums.${c}` as const),
  ...SITE_CAPABILITIES,
];

const flag = z.boolean().catch(false).default(false);

export const albumPermissionsSchema = z.object(
  Object.fromEntries(ALBUM_CAPABILITIES.map((c) => [c, flag])) as Record<
    AlbumCapability,
    typeof flag
  >,
);

export const groupPermissionsSchema = z.object({
  albums: albumPermissionsSchema.catch(() => albumPermissionsSchema.parse({})).default({}),
  ...(Object.fromEntries(SITE_CAPABILITIES.map((c) => [c, flag])) as Record<
    SiteCapability,
    typeof flag
  >),
});

export type GroupPermissions = z.infer<typeof groupPermissionsSchema>;

/** The stored JSON read leniently: what does not parse is off. */
export function parseGroupPermissions(json: string): GroupPermissions {
  let value: unknown = {};
  try {
    value = JSON.parse(json);
  } catch {
    // Stored by an older or broken writer: every flag off.
  }
  const parsed = groupPermissionsSchema.safeParse(value);
  return parsed.success ? parsed.data : groupPermissionsSchema.parse({});
}

/** The capabilities a group's flags grant. */
export function grantedCapabilities(permissions: GroupPermissions): Capability[] {
  return [
    ...ALBUM_CAPABILITIES.filter((c) => permissions.albums[c]).map((c) => `albums.${c}` as const),
    ...SITE_CAPABILITIES.filter((c) => permissions[c]),
  ];
}
