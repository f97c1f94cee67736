import type { Migration } from "kysely";
import { idColumn, type AnyDb, type MigrationDialect } from "./helpers";

/*
 * People (issue 15, decision 032): the user record of the API (address, commerce, license,
 * account expiry, custom properties), groups with capability flags and license defaults, groups
 * inside groups, invitations and their redemptions, sign-ups, password resets, and the mail
 * outbox. Written out, not imported: this migration must build what it built the day it ran.
 */
const REGISTERED_USERS_GROUP_ID = 10001;

/*
 * What every signed-in person could do before groups had capabilities (the API, uploads where an
 * archive allows them, and albums), kept so that no existing site loses a right on upgrade. An
 * administrator turns them off on Registered Users like any group's flags.
 */
const REGISTERED_USERS_PERMISSIONS = {
  api: true,
  uploadToUploadArea: true,
  albums: { create: true, comment: true, shareWithUsers: true, shareWithGroups: true },
};

const ADDED_COLUMNS = {
  users: [
    "description",
    "organization",
    "address",
    "commerce",
    "license_level",
    "license_mode",
    "expires_at",
    "properties",
    "external_ids",
    "revision",
    "updated_at",
  ],
  groups: [
    "permissions",
    "license_level",
    "license_mode",
    "properties",
    "external_ids",
    "saml_group_name",
    "revision",
    "updated_at",
  ],
};

export function people(dialect: MigrationDialect): Migration {
  return {
    async up(db: AnyDb) {
      const users: [string, string, string | number | null][] = [
        ["description", "text", ""],
        ["organization", "text", ""],
        // The rest of the API's Address (title, middleName, profession, businessType,
        // streetAddress[], city, state, zipCode, country, phone, fax, homepage).
        ["address", "text", "{}"],
        // CommerceInfo: accountId, paymentMethod (1, 2, 4, 8), category, discount.
        ["commerce", "text", '{"paymentMethod":1,"discount":0}'],
        ["license_level", "integer", 35],
        ["license_mode", "integer", 0],
        ["expires_at", "text", null],
        ["properties", "text", "[]"],
        ["external_ids", "text", "[]"],
        ["revision", "integer", 1],
        ["updated_at", "text", null],
      ];
      for (const [name, type, fallback] of users) {
        await db.schema
          .alterTable("users")
          .addColumn(name, type as "text", (c) =>
            fallback === null ? c : c.notNull().defaultTo(fallback),
          )
          .execute();
      }

      const groups: [string, string, string | number | null][] = [
        ["permissions", "text", "{}"],
        ["license_level", "integer", 0],
        ["license_mode", "integer", 0],
        ["properties", "text", "[]"],
        ["external_ids", "text", "[]"],
        ["saml_group_name", "text", ""],
        ["revision", "integer", 1],
        ["updated_at", "text", null],
      ];
      for (const [name, type, fallback] of groups) {
        await db.schema
          .alterTable("groups")
          .addColumn(name, type as "text", (c) =>
            fallback === null ? c : c.notNull().defaultTo(fallback),
          )
          .execute();
      }
      await db
        .updateTable("groups")
        .set({ permissions: JSON.stringify(REGISTERED_USERS_PERMISSIONS) })
        .where("id", "=", REGISTERED_USERS_GROUP_ID)
        .execute();

      // A group inside a group: its members hold the outer group's flags and archive entries.
      await db.schema
        .createTable("group_groups")
        .addColumn("group_id", "integer", (c) =>
          c.notNull().references("groups.id").onDelete("cascade"),
        )
        .addColumn("member_group_id", "integer", (c) =>
          c.notNull().references("groups.id").onDelete("cascade"),
        )
        .addPrimaryKeyConstraint("group_groups_pk", ["group_id", "member_group_id"])
        .execute();
      await db.schema
        .createIndex("group_groups_member")
        .on("group_groups")
        .column("member_group_id")
        .execute();

      await db.schema
        .createTable("invitations")
        .addColumn("id", "integer", idColumn(dialect))
        // SHA-256 (hex) of the link's secret: the link is shown, the secret never stored.
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        // user (an e-mail), organization (a domain) or link (anyone with it).
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("email", "text")
        .addColumn("organization_domain", "text")
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
        // JSON: group ids the redeemer joins.
        .addColumn("groups", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text")
        .addColumn("revoked_at", "text")
        .execute();
      await db.schema
        .createTable("invitation_redemptions")
        .addColumn("invitation_id", "integer", (c) =>
          c.notNull().references("invitations.id").onDelete("cascade"),
        )
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("invitation_redemptions_pk", ["invitation_id", "user_id"])
        .execute();

      await db.schema
        .createTable("signups")
        // A random guid: the last segment of the sign-up's href.
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("email_key", "text", (c) => c.notNull())
        .addColumn("username", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("first_name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("last_name", "text", (c) => c.notNull().defaultTo(""))
        // JSON: [{id, value}] for the site's extra sign-up fields.
        .addColumn("user_data", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("password_hash", "text")
        // pending, approved or rejected.
        .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
        .addColumn("invitation_id", "integer", (c) =>
          c.references("invitations.id").onDelete("set null"),
        )
        .addColumn("groups", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("decided_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("decided_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("signups_status").on("signups").column("status").execute();
      await db.schema.createIndex("signups_email").on("signups").column("email_key").execute();

      await db.schema
        .createTable("password_resets")
        // SHA-256 (hex) of the mailed link's secret.
        .addColumn("hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("password_resets_user")
        .on("password_resets")
        .column("user_id")
        .execute();

      await db.schema
        .createTable("mail_messages")
        .addColumn("id", "integer", idColumn(dialect))
        // What the message is for (invitation, signup-approved, password-reset, ...).
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("to_address", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("text_body", "text", (c) => c.notNull())
        .addColumn("html_body", "text")
        // queued, sent (by SMTP), kept (in the development outbox) or failed.
        .addColumn("status", "text", (c) => c.notNull().defaultTo("queued"))
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("error", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("sent_at", "text")
        .execute();
      await db.schema
        .createIndex("mail_messages_status")
        .on("mail_messages")
        .column("status")
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        "mail_messages",
        "password_resets",
        "signups",
        "invitation_redemptions",
        "invitations",
        "group_groups",
      ]) {
        await db.schema.dropTable(table).execute();
      }
      for (const [table, columns] of Object.entries(ADDED_COLUMNS)) {
        for (const column of columns) {
          await db.schema.alterTable(table).dropColumn(column).execute();
        }
      }
    },
  };
}
