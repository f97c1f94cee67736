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

export interface Database {
  users: UsersTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  sessions: SessionsTable;
  site_settings: SiteSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type GroupRow = Selectable<GroupsTable>;

export const EVERYONE_GROUP_ID = 10000;
export const REGISTERED_USERS_GROUP_ID = 10001;
export const GUEST_USER_ID = 15000;
export const GUEST_USERNAME = "Guest";
