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
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  created_at: string;
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
}

export interface Database {
  users: UsersTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  sessions: SessionsTable;
  site_settings: SiteSettingsTable;
  jobs: JobsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type GroupRow = Selectable<GroupsTable>;
export type JobRow = Selectable<JobsTable>;

export const EVERYONE_GROUP_ID = 10000;
export const REGISTERED_USERS_GROUP_ID = 10001;
export const GUEST_USER_ID = 15000;
export const GUEST_USERNAME = "Guest";
