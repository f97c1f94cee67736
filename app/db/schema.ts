import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/*
 * Column conventions shared by both dialects: booleans are integers 0/1, instants are ISO-8601
 * UTC text (sortable as text), JSON is text. This keeps one set of model functions for SQLite
 * and PostgreSQL without per-dialect value mapping.
 */

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: sign-in is case-insensitive and names are unique ignoring case. */
  username_key: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  full_name: Generated<string>;
  email: Generated<string>;
  password_hash: string | null;
  is_site_owner: Generated<number>;
  is_enabled: Generated<number>;
  force_password_change: Generated<number>;
  preferences: Generated<string>;
  created_at: string;
  last_login_at: string | null;
  description: Generated<string>;
  /** The company the users grid shows and sorts by (the API's address.organization). */
  organization: Generated<string>;
  /** JSON text: the rest of the API's Address (user.schema.ts). */
  address: Generated<string>;
  /** JSON text: the API's CommerceInfo. */
  commerce: Generated<string>;
  /** License level code (license.ts); 0 is none, new users get 35. */
  license_level: Generated<number>;
  /** 0 named, 1 concurrent. */
  license_mode: Generated<number>;
  /** The account stops working after this instant; null never expires. */
  expires_at: string | null;
  /** JSON text: [{key, value}]. */
  properties: Generated<string>;
  /** JSON text: [{provider, id}]. */
  external_ids: Generated<string>;
  /** Counts saves, so a stale edit is noticed. */
  revision: Generated<number>;
  updated_at: string | null;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  created_at: string;
  /** JSON text: the API's GroupPermissions, flags absent are off (group.schema.ts). */
  permissions: Generated<string>;
  /** License defaults for users created into the group; 0 is none. */
  license_level: Generated<number>;
  license_mode: Generated<number>;
  properties: Generated<string>;
  external_ids: Generated<string>;
  saml_group_name: Generated<string>;
  revision: Generated<number>;
  updated_at: string | null;
}

/** A group inside a group: member_group_id's members are members of group_id (transitively). */
export interface GroupGroupsTable {
  group_id: number;
  member_group_id: number;
}

export type InvitationKind = "user" | "organization" | "link";

export interface InvitationsTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the link's secret. */
  token_hash: string;
  kind: InvitationKind;
  email: string | null;
  organization_domain: string | null;
  description: Generated<string>;
  message: Generated<string>;
  /** JSON text: group ids. */
  groups: Generated<string>;
  created_by: number | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
}

export interface InvitationRedemptionsTable {
  invitation_id: number;
  user_id: number;
  created_at: string;
}

export type SignupStatus = "pending" | "approved" | "rejected";

export interface SignupsTable {
  /** A random guid, the last segment of the sign-up's href. */
  id: string;
  email: string;
  email_key: string;
  username: Generated<string>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  /** JSON text: [{id, value}]. */
  user_data: Generated<string>;
  password_hash: string | null;
  status: Generated<SignupStatus>;
  invitation_id: number | null;
  /** JSON text: group ids chosen at approval. */
  groups: Generated<string>;
  user_id: number | null;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
  /** The language the visitor signed up in (migration 0019); null before it. */
  language: string | null;
}

export interface PasswordResetsTable {
  hash: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type MailStatus = "queued" | "sent" | "kept" | "failed";

export interface MailMessagesTable {
  id: Generated<number>;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface GroupMembersTable {
  group_id: number;
  user_id: number;
}

export interface SessionsTable {
  id: string;
  user_id: number | null;
  data: string;
  expires_at: string;
  created_at: string;
}

export interface SiteSettingsTable {
  key: string;
  value: string;
}

export type JobStatus = "pending" | "inProgress" | "done" | "failed" | "notified";

/** The background job queue (decision 008): a lease marks the worker that holds a job. */
export interface JobsTable {
  id: Generated<number>;
  type: string;
  /** JSON text. */
  payload: string;
  status: JobStatus;
  /** 0..100. */
  progress: Generated<number>;
  /** JSON text, set when done. */
  result: string | null;
  error: string | null;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  /** ISO time before which the job is not taken (retry backoff, delayed jobs). */
  run_after: string;
  lease_owner: string | null;
  lease_expires_at: string | null;
  owner_id: number | null;
  created_at: string;
  updated_at: string;
  /** A task's undo, once one is made: one undo per task (decision 070). */
  undone_by: Generated<number | null>;
}

export interface ArchivesTable {
  id: Generated<number>;
  name: string;
  /** Lower-cased name: archive names are unique ignoring case. */
  name_key: string;
  description: Generated<string>;
  /** JSON text: the configuration record of spec 001 section 3 (archive.schema.ts). */
  config: Generated<string>;
  is_hidden: Generated<number>;
  sort_id: Generated<number>;
  /** The cover chosen with SetPosterAsset; null shows the poster rules' default. */
  poster_asset_id: Generated<number | null>;
  /** Raised by every save; a save naming an older one is a conflict (issue 16). */
  revision: Generated<number>;
  /** Set while the archive lies in the trash can (decision 043): it is gone for everyone. */
  trash_id: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

export type MemberType = "user" | "group";

export interface ArchiveMembersTable {
  archive_id: number;
  member_type: MemberType;
  member_id: number;
  /** JSON text: permission names. */
  permissions: Generated<string>;
  auto_search: Generated<string>;
  position: Generated<number>;
}

export interface FoldersTable {
  id: Generated<number>;
  archive_id: number;
  parent_id: number | null;
  name: string;
  /** Slash-separated path from the archive's root, e.g. "2024/Lofoten". */
  path: string;
  created_at: string;
}

/**
 * processing until the ingest job finishes; only ready assets are shown in views. missing: a
 * path archive's file vanished from disk (decision 042); it comes back if the file does.
 */
export type AssetState = "processing" | "ready" | "failed" | "missing";

export interface AssetsTable {
  id: Generated<number>;
  archive_id: number;
  folder_id: number | null;
  file_name: string;
  state: Generated<AssetState>;
  failure: string | null;
  current_revision: Generated<number>;
  doc_type: Generated<string>;
  mime: Generated<string>;
  extension: Generated<string>;
  file_size: Generated<number>;
  width: number | null;
  height: number | null;
  color_space: string | null;
  orientation: number | null;
  /** Pixels per inch as the file states it; null when it states none. */
  resolution: Generated<number | null>;
  title: Generated<string>;
  description: Generated<string>;
  /** JSON text: string[]. */
  tags: Generated<string>;
  notes: Generated<string>;
  status: Generated<string>;
  rating: Generated<number>;
  /** JSON text: metadata fields by numeric id. */
  metadata: Generated<string>;
  placeholder: string | null;
  modified_date: string | null;
  iptc_date: string | null;
  release_date: string | null;
  camera_date: string | null;
  /** The words the asset is found by (search-document.ts); indexed by FTS5 or a tsvector. */
  search_doc: Generated<string>;
  /** Manual sort order: the id at creation, moved by relocation. */
  position: Generated<number>;
  /** Set while the asset lies in the trash can (decision 043): invisible everywhere. */
  trash_id: Generated<number | null>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface RevisionsTable {
  id: Generated<number>;
  asset_id: number;
  number: number;
  blob_hash: string;
  file_name: string;
  file_size: number;
  mime: string;
  /** JSON text: the metadata fields as they were in this revision. */
  metadata: Generated<string>;
  comment: Generated<string>;
  created_by: number | null;
  created_at: string;
  /** A path archive's file in place of a blob (decision 042); blob_hash is its content hash. */
  indexed_file_id: Generated<number | null>;
  /** What made this revision (decision 044). */
  kind: Generated<RevisionKind>;
  /** The background task that made it, if one did. */
  job_id: Generated<number | null>;
  /** Writing this revision's metadata into its file (decision 044). */
  writeback: Generated<WritebackState>;
  /** An XMP sidecar's blob, where the format cannot hold the metadata itself. */
  sidecar_hash: Generated<string | null>;
  writeback_error: Generated<string | null>;
  /** The file's displayed size and placeholder as ingest or the revision's maker found them. */
  width: Generated<number | null>;
  height: Generated<number | null>;
  placeholder: Generated<string | null>;
}

export type RevisionKind =
  "upload" | "edit" | "rename" | "rotate" | "rollback" | "duplicate" | "copy" | "move";

/**
 * none: nothing to write (an upload's file is what it is); pending: the write-back job will
 * write the revision's metadata into a copy of its file; done: the file carries it; sidecar: the
 * format cannot, an XMP sidecar does; failed: the file was left as it was (writeback_error).
 */
export type WritebackState = "none" | "pending" | "done" | "sidecar" | "failed";

export type TaskItemStatus = "pending" | "done" | "failed" | "skipped";

/** One asset a background task acts on (decision 044). */
export interface TaskItemsTable {
  job_id: number;
  seq: number;
  href: string;
  asset_id: number | null;
  /** JSON text: the request's parameters for this asset alone. */
  params: string | null;
  status: Generated<TaskItemStatus>;
  /** JSON text: the per-asset result. */
  result: string | null;
  error: string | null;
  before_revision: number | null;
  after_revision: number | null;
  result_asset_id: number | null;
  updated_at: string;
}

export type RenditionKind = "thumbnail" | "thumbnailRetina" | "preview";

export interface RenditionsTable {
  revision_id: number;
  kind: RenditionKind;
  blob_hash: string;
  mime: string;
  width: number;
  height: number;
  file_size: number;
}

export type UploadStatus = "awaitingData" | "pending" | "inProgress" | "done" | "failed";

export interface UploadsTable {
  /** Random 128 bits, base64url. */
  id: string;
  owner_id: number;
  archive_id: number;
  folder: Generated<string>;
  /** Set when the upload adds a revision to an existing asset. */
  asset_id: number | null;
  file_name: string;
  file_size: number;
  chunk_size: number;
  num_chunks: number;
  received_chunks: Generated<number>;
  received_bytes: Generated<number>;
  metadata: Generated<string>;
  comment: Generated<string>;
  status: Generated<UploadStatus>;
  job_id: number | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface AssetPinsTable {
  user_id: number;
  asset_id: number;
  created_at: string;
}

export type OAuthGrant = "client_credentials" | "authorization_code" | "refresh_token";

/** A program registered by an administrator (decision 028). */
export interface ApplicationsTable {
  id: Generated<number>;
  /** Public, random; names the application in its href and at the token endpoint. */
  client_id: string;
  name: string;
  /** SHA-256 (hex) of the secret, which is shown once and never stored. */
  secret_hash: string;
  /** JSON text: OAuthGrant[]. */
  grants: Generated<string>;
  /** JSON text: string[]. */
  redirect_uris: Generated<string>;
  /** The user whose rights client-credentials tokens carry. */
  user_id: number | null;
  created_by: number | null;
  created_at: string;
  /** "confidential" (a secret) or "public" (no secret, PKCE): migration 0020. */
  client_type: Generated<string>;
}

export type CredentialKind = "access" | "refresh" | "code" | "api";

/** Every credential issued to an application, by the SHA-256 (hex) of its value. */
export interface OAuthCredentialsTable {
  hash: string;
  kind: CredentialKind;
  application_id: number;
  user_id: number;
  /** Space-separated. */
  scope: Generated<string>;
  /** null: until revoked (API tokens). */
  expires_at: string | null;
  redirect_uri: string | null;
  code_challenge: string | null;
  code_challenge_method: string | null;
  created_at: string;
}

/** A custom metadata field (decision 032); built-in fields (below 300) live in code. */
export interface MetadataFieldsTable {
  id: Generated<number>;
  label: string;
  /** text, date, number, checkbox, dropdown, input-dropdown, date-dropdown, email, password. */
  data_type: Generated<string>;
  multi_instance: Generated<number>;
  multiline: Generated<number>;
  max_size: Generated<number>;
  /** JSON text: {Regexp?, HelpText?, Min?, Max?}. */
  validation: Generated<string>;
  /** JSON text: [{Value, Description}]. */
  dropdown_values: Generated<string>;
  /** The namespace's alias, e.g. "custom". */
  namespace: Generated<string>;
  field_group: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** A metadata view (metadata set): the fields an archive shows and edits (decision 032). */
export interface MetadataViewsTable {
  id: string;
  name: string;
  /** Lower-cased name: view names are unique ignoring case. */
  name_key: string;
  /** JSON text: {Title, Description, Tags, Status, Rating, Notes}, each a view field entry. */
  builtin_fields: string;
  /** JSON text: [{Name, Fields: [{Field, IsWritable, Required, TaxonomyOnly}]}]. */
  detail_regions: Generated<string>;
  created_at: string;
  updated_at: string;
}

/**
 * A named configuration list the archive dialog picks from (decision 038): processing profiles
 * and their sets, quick rendition sets, crop profile sets. The id is a GUID string.
 */
export interface NamedSettingsTable {
  id: string;
  name: string;
  /** Lower-cased name: names are unique ignoring case within one list. */
  name_key: string;
  /** JSON text: the list's own settings, validated by its model. */
  settings: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** A watermark image (spec 001 "watermarks": FileName, Name), its bytes in the blob store. */
export interface WatermarksTable {
  file_name: string;
  name: string;
  blob_hash: string;
  width: number;
  height: number;
  created_at: string;
}

/** A file derived from a blob by a recipe (decision 040), cached by (source, recipe, watermark). */
export interface DerivedFilesTable {
  /** sha-256 hex of the source blob hash, the recipe and the watermark image hash. */
  key: string;
  blob_hash: string;
  mime: string;
  file_size: number;
  width: number;
  height: number;
  created_at: string;
}

/** What the scanner last saw of one file of a path archive (decision 042). */
export interface IndexedFilesTable {
  id: Generated<number>;
  archive_id: number;
  /** Slash-separated, below the archive's folder. */
  path: string;
  size: number;
  /** Stat values as text (nanoseconds and inode numbers overflow a double). */
  mtime: string;
  device: string;
  inode: string;
  /** sha-256 of the content when read; null for a file refused before reading. */
  hash: string | null;
  asset_id: number | null;
  /** Why the file is not an asset (refused type, unreadable); kept until the file changes. */
  failure: string | null;
  /** Set when the file vanished; the row stays so the file coming back finds its asset. */
  missing_since: string | null;
  updated_at: string;
}

/** One per path archive: the scan lease (one scan at a time) and the last scan. */
export interface ArchiveScansTable {
  archive_id: number;
  job_id: number | null;
  lease_expires_at: string | null;
  last_job_id: number | null;
  last_finished_at: string | null;
}

/** What lies in the trash can (decision 043): a deleted archive, or assets deleted one by one. */
export interface TrashEntriesTable {
  id: Generated<number>;
  kind: "archive" | "assets";
  archive_id: number;
  /** The archive's name when it was deleted. */
  name: string;
  asset_count: Generated<number>;
  deleted_by: number | null;
  deleted_at: string;
  expires_at: string;
}

/** An album (issue 18, decision 051): one owner's links to assets of any archive. */
export interface AlbumsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  description: Generated<string>;
  color: Generated<string>;
  status: Generated<"active" | "archived" | "deleted">;
  cover_asset_id: number | null;
  show_on_homepage: Generated<number>;
  archived_at: string | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AlbumAssetsTable {
  album_id: number;
  asset_id: number;
  /** The album's manual order (REAL; moves write midpoints). */
  position: number;
  added_by: number | null;
  added_at: string;
}

export interface AlbumSharesTable {
  album_id: number;
  principal_type: "user" | "group";
  principal_id: number;
  access: "view" | "contribute";
  /** 1 when the owner delegated downloads of originals with the share. */
  download: Generated<number>;
  created_by: number | null;
  created_at: string;
}

export interface ShareLinksTable {
  id: Generated<number>;
  album_id: number;
  token: string;
  label: Generated<string>;
  expires_at: string | null;
  password_hash: string | null;
  download: Generated<"none" | "previews" | "originals">;
  created_by: number | null;
  created_at: string;
  revoked_at: string | null;
}

/** A taxonomy (issue 19, decision 058): the tree of terms of one metadata field. */
export interface TaxonomiesTable {
  field_id: number;
  name: Generated<string>;
  plural_name: string;
  description: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface TaxonomyItemsTable {
  id: Generated<number>;
  field_id: number;
  parent_id: number | null;
  name: string;
  value: string;
  description: Generated<string>;
  custom_search: Generated<string>;
  /** Comma-separated TAXONOMY_ACL entries (app/models/taxonomy/taxonomy-acl.ts). */
  acl: Generated<string>;
  /** Order among siblings (REAL; moves write midpoints). */
  position: number;
  created_at: string;
  updated_at: string;
}

/** A smart folder: a named search expression of one archive, in a manual order. */
export interface SmartFoldersTable {
  id: Generated<number>;
  archive_id: number;
  name: string;
  expression: string;
  position: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export const ALERT_INTERVALS = [
  "immediate",
  "every_hour",
  "every_6_hours",
  "every_day",
  "every_week",
  "every_month",
] as const;
export type AlertInterval = (typeof ALERT_INTERVALS)[number];

/** One person's saved search on one archive, mailed as a digest at its interval. */
export interface AlertsTable {
  id: Generated<number>;
  user_id: number;
  archive_id: number;
  interval: AlertInterval;
  search_string: string;
  /** The end of the last window a run finished (ISO instant). */
  checked_until: string;
  next_run_at: string;
  created_at: string;
  updated_at: string;
}

/** What an alert has mailed: never twice. */
export interface AlertReportsTable {
  alert_id: number;
  asset_id: number;
  reported_at: string;
}

export interface ShareLinkLogTable {
  id: Generated<number>;
  link_id: number;
  at: string;
  address: string;
  action: "open" | "preview" | "download" | "password-failed" | "password-ok" | "refused";
  asset_id: number | null;
  detail: Generated<string>;
}

/** Rate-limit counts shared by all processes: one row per key and fixed window (decision 068). */
export interface RateLimitHitsTable {
  key: string;
  window_number: number;
  count: number;
  expires_at: string;
}

export interface Database {
  users: UsersTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_groups: GroupGroupsTable;
  invitations: InvitationsTable;
  invitation_redemptions: InvitationRedemptionsTable;
  signups: SignupsTable;
  password_resets: PasswordResetsTable;
  mail_messages: MailMessagesTable;
  sessions: SessionsTable;
  site_settings: SiteSettingsTable;
  jobs: JobsTable;
  archives: ArchivesTable;
  archive_members: ArchiveMembersTable;
  folders: FoldersTable;
  assets: AssetsTable;
  revisions: RevisionsTable;
  renditions: RenditionsTable;
  uploads: UploadsTable;
  asset_pins: AssetPinsTable;
  applications: ApplicationsTable;
  oauth_credentials: OAuthCredentialsTable;
  metadata_fields: MetadataFieldsTable;
  metadata_views: MetadataViewsTable;
  processing_profiles: NamedSettingsTable;
  processing_profile_sets: NamedSettingsTable;
  rendition_sets: NamedSettingsTable;
  crop_profile_sets: NamedSettingsTable;
  watermarks: WatermarksTable;
  derived_files: DerivedFilesTable;
  indexed_files: IndexedFilesTable;
  archive_scans: ArchiveScansTable;
  trash_entries: TrashEntriesTable;
  task_items: TaskItemsTable;
  albums: AlbumsTable;
  album_assets: AlbumAssetsTable;
  album_shares: AlbumSharesTable;
  share_links: ShareLinksTable;
  share_link_log: ShareLinkLogTable;
  taxonomies: TaxonomiesTable;
  taxonomy_items: TaxonomyItemsTable;
  smart_folders: SmartFoldersTable;
  alerts: AlertsTable;
  alert_reports: AlertReportsTable;
  rate_limit_hits: RateLimitHitsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type GroupRow = Selectable<GroupsTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type SignupRow = Selectable<SignupsTable>;
export type MailMessageRow = Selectable<MailMessagesTable>;
export type JobRow = Selectable<JobsTable>;
export type ArchiveRow = Selectable<ArchivesTable>;
export type AssetRow = Selectable<AssetsTable>;
export type RevisionRow = Selectable<RevisionsTable>;
export type RenditionRow = Selectable<RenditionsTable>;
export type UploadRow = Selectable<UploadsTable>;
export type ApplicationRow = Selectable<ApplicationsTable>;
export type OAuthCredentialRow = Selectable<OAuthCredentialsTable>;
export type MetadataFieldRow = Selectable<MetadataFieldsTable>;
export type MetadataViewRow = Selectable<MetadataViewsTable>;
export type NamedSettingsRow = Selectable<NamedSettingsTable>;
export type WatermarkRow = Selectable<WatermarksTable>;
export type IndexedFileRow = Selectable<IndexedFilesTable>;

export type TrashEntryRow = Selectable<TrashEntriesTable>;
export type AlbumRow = Selectable<AlbumsTable>;
export type AlbumShareRow = Selectable<AlbumSharesTable>;
export type ShareLinkRow = Selectable<ShareLinksTable>;
export type ShareLinkLogRow = Selectable<ShareLinkLogTable>;
export type TaxonomyRow = Selectable<TaxonomiesTable>;
export type TaxonomyItemRow = Selectable<TaxonomyItemsTable>;
export type SmartFolderRow = Selectable<SmartFoldersTable>;
export type AlertRow = Selectable<AlertsTable>;

export const EVERYONE_GROUP_ID = 10000;
export const REGISTERED_USERS_GROUP_ID = 10001;
export const GUEST_USER_ID = 15000;
export const GUEST_USERNAME = "Guest";
