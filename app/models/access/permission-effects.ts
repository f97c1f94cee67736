import type { ArchivePermission } from "~/models/archive/archive.schema";
import type { Capability } from "~/models/group/group.schema";

/*
 * What each archive permission and group flag does in Arkiv today (decision 085). The API keeps
 * every one of them, so FotoWare clients round-trip what they stored. The editors show a
 * permission that Arkiv will use once a capability arrives with a note saying so, and they show
 * apart the permissions that exist only for FotoWare's desktop tools and services. No box
 * pretends to grant anything. tests/unit/permission-effects.test.ts checks this table against
 * the source: a permission marked as acting must be read by a decision, and one marked otherwise
 * must not be.
 */

/** A capability a later issue builds; the editors say so beside what waits for it. */
export const ARRIVALS = [
  "orders",
  "comments",
  "cropAndDownload",
  "video",
  "consent",
  "webhooks",
  "activity",
  "appearance",
] as const;
export type Arrival = (typeof ARRIVALS)[number];

/** Acts now; acts once `arrival` lands; or is kept for FotoWare clients and never acts here. */
export type PermissionEffect = "acts" | "unused" | { arrival: Arrival };

export const ARCHIVE_PERMISSION_EFFECTS: Record<ArchivePermission, PermissionEffect> = {
  View: "acts",
  Preview: "acts",
  Comping: "unused",
  Workflow: "unused",
  Download: "acts",
  DuplicateFile: "acts",
  Order: { arrival: "orders" },
  EditText: "acts",
  CropRotate: "acts",
  CopyTo: "acts",
  MoveTo: "acts",
  CopyFrom: "acts",
  MoveFrom: "acts",
  Rename: "acts",
  Delete: "acts",
  Alert: "acts",
  MngVideo: { arrival: "video" },
  EditSmartFolders: "acts",
  CropAndDownload: { arrival: "cropAndDownload" },
  Export: { arrival: "activity" },
  Comment: { arrival: "comments" },
  Annotate: { arrival: "comments" },
  TrdParty1: "unused",
  TrdParty2: "unused",
  TrdParty3: "unused",
  TrdParty4: "unused",
  EditFile: "unused",
  OpenFile: "unused",
  CropFile: "unused",
  FwdtPlace: "unused",
  UploadFile: "acts",
  HistoryView: "acts",
  HistoryRollback: "acts",
  HistoryManage: "acts",
  ViewConsentSummary: { arrival: "consent" },
  ViewConsentDetails: { arrival: "consent" },
  ManageConsentStatus: { arrival: "consent" },
};

export const CAPABILITY_EFFECTS: Record<Capability, PermissionEffect> = {
  "albums.create": "acts",
  "albums.comment": { arrival: "comments" },
  "albums.showOnHomepage": "acts",
  "albums.shareWithUsers": "acts",
  "albums.shareWithGroups": "acts",
  "albums.shareWithGuests": "acts",
  "albums.restrictToFriends": "acts",
  "albums.delegateDownloads": "acts",
  uploadToUploadArea: "acts",
  api: "acts",
  isInDesignEditor: "unused",
  viewFlows: "unused",
  manageFlows: "unused",
  changeSiteAppearance: { arrival: "appearance" },
  approvePendingSignups: "acts",
  manageWebhooks: { arrival: "webhooks" },
  shareBookmarks: "unused",
  moderateComments: { arrival: "comments" },
  manageAlbums: "acts",
  manageTaxonomies: "acts",
  manageExports: { arrival: "activity" },
  inviteUsers: "acts",
  approveOrders: { arrival: "orders" },
  shareCropAndDownloadPresets: { arrival: "cropAndDownload" },
  manageUsers: "acts",
  manageAnnotations: { arrival: "comments" },
  manageArchives: "acts",
  manageWorkflows: "unused",
  manageServices: "unused",
  audit: { arrival: "activity" },
  manageSettings: "acts",
  configureConsentForms: { arrival: "consent" },
  manageActivityExports: { arrival: "activity" },
  manageActivityLogging: { arrival: "activity" },
  manageFotostationConfigurations: "unused",
};
