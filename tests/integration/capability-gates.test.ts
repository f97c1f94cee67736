import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createApplication, issueApiToken } from "~/models/application/application.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { fullDescriptor, toolsMenu } from "~/models/descriptor/descriptor.server";
import { CAPABILITIES, type Capability } from "~/models/group/group.schema";
import { getSiteSettings } from "~/models/site/site.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser, findUserByUsername } from "~/models/user/user.server";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Every capability flag gates what it names, on the server, and nothing else (issue 15,
 * decision 035). Each flag that gates a feature today gets a user whose only group holds only
 * that flag (Registered Users' flags are cleared first): the user is let in exactly where the
 * flag names and refused everywhere the others name. A flag whose feature does not exist yet
 * makes the descriptor offer nothing more than it offers a user holding no flag at all.
 */

const GATED = [
  "manageUsers",
  "manageSettings",
  "manageArchives",
  "uploadToUploadArea",
  "api",
] as const;
type Gated = (typeof GATED)[number];
const PEOPLE = [...GATED, "nothing"] as const;
type Person = (typeof PEOPLE)[number];

let server: TestServer;
let archive: Archive;
const clients = new Map<Person, Client>();
const viewers = new Map<Person, Viewer>();
const tokens = new Map<Person | "owner", string>();
let jpeg: Buffer;

async function groupHolding(name: string, capability: Capability | null) {
  const flags =
    capability === null
      ? {}
      : capability.startsWith("albums.")
        ? { albums: { [capability.slice(7)]: true } }
        : { [capability]: true };
  const { id } = await db()
    .insertInto("groups")
    .values({ name, created_at: now(), permissions: JSON.stringify(flags) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function personHolding(username: string, capability: Capability | null): Promise<Viewer> {
  const user = await createUser({ username, password: `${username}-password-1` });
  const group = await groupHolding(`Only ${username}`, capability);
  await db().insertInto("group_members").values({ group_id: group, user_id: user.id }).execute();
  return user;
}

beforeAll(async () => {
  server = await startTestServer();
  // Registered Users grants api and uploads to everyone on upgrade: a flag must come alone here.
  await db()
    .updateTable("groups")
    .set({ permissions: "{}" })
    .where("id", "=", REGISTERED_USERS_GROUP_ID)
    .execute();
  archive = await createArchive({
    name: "Gated",
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview", "UploadFile", "Download"],
        autoSearch: "",
      },
    ],
  });
  const owner = (await findUserByUsername(TEST_ADMIN.username))!;
  for (const person of PEOPLE) {
    const viewer = await personHolding(person, person === "nothing" ? null : person);
    viewers.set(person, viewer);
    const client = new Client(server.url);
    await client.signIn(person, `${person}-password-1`);
    clients.set(person, client);
    const app = await createApplication(owner, {
      name: `App of ${person}`,
      grants: ["client_credentials"],
      redirectUris: [],
      user: viewer.id,
    });
    if (!app.ok) throw new Error("application not created");
    tokens.set(person, await issueApiToken(owner, app.application.clientId));
  }
  const ownerApp = await createApplication(owner, {
    name: "App of the owner",
    grants: ["client_credentials"],
    redirectUris: [],
    user: owner.id,
  });
  if (!ownerApp.ok) throw new Error("application not created");
  tokens.set("owner", await issueApiToken(owner, ownerApp.application.clientId));
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#4080c0" } })
    .jpeg()
    .toBuffer();
}, 90_000);

afterAll(async () => {
  await server?.close();
});

/** What each gated flag lets in, as one request each: allowed status, refused status. */
const GATES: Record<
  Gated,
  { name: string; check: (person: Person) => Promise<number>; allowed: number; refused: number[] }[]
> = {
  manageUsers: [
    {
      name: "the groups page",
      check: async (p) => (await clients.get(p)!.get("/fotoweb/views/admin/groups")).status,
      allowed: 200,
      refused: [404],
    },
    {
      name: "the groups API",
      check: async (p) => (await clients.get(p)!.getJson("/fotoweb/api/groups")).status,
      allowed: 200,
      refused: [404],
    },
  ],
  manageSettings: [
    {
      name: "the management page",
      check: async (p) => (await clients.get(p)!.get("/fotoweb/views/management")).status,
      allowed: 200,
      refused: [404],
    },
    {
      name: "the applications API",
      check: async (p) =>
        (await clients.get(p)!.getJson("/fotoweb/api/config/applications")).status,
      allowed: 200,
      refused: [404],
    },
  ],
  manageArchives: [
    {
      name: "clearing an archive's cover (SetPosterAsset)",
      check: async (p) =>
        (
          await clients.get(p)!.post("/fotoweb/archives/", {
            intent: "clear-cover",
            archive: String(archive.id),
          })
        ).status,
      allowed: 302,
      refused: [403],
    },
    {
      name: "the archive configuration API, which does not exist for anyone else",
      check: async (p) =>
        (await clients.get(p)!.getJson("/fotoweb/api/config/metadataviews")).status,
      allowed: 200,
      refused: [404],
    },
  ],
  uploadToUploadArea: [
    {
      name: "uploading to an archive granting UploadFile",
      check: async (p) => {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(jpeg)]), `${p}.jpg`);
        return (
          await clients.get(p)!.request(archive.href, {
            method: "POST",
            headers: { accept: "application/vnd.fotoware.upload-response+json" },
            body: form,
          })
        ).status;
      },
      allowed: 202,
      refused: [403],
    },
    {
      name: "the upload page's archive choice",
      check: async (p) => {
        const html = await (await clients.get(p)!.get("/fotoweb/views/upload")).text();
        return html.includes(`value="${archive.id}"`) ? 200 : 403;
      },
      allowed: 200,
      refused: [403],
    },
  ],
  api: [
    {
      name: "a request with an API token",
      check: async (p) =>
        (
          await new Client(server.url).request("/fotoweb/me", {
            headers: {
              accept: "application/vnd.fotoware.full-api-descriptor+json",
              FWAPITOKEN: tokens.get(p)!,
            },
          })
        ).status,
      allowed: 200,
      refused: [403],
    },
  ],
};

describe("each flag that gates a feature today", () => {
  for (const flag of GATED) {
    test(`${flag} grants what it names and nothing else`, async () => {
      for (const person of PEOPLE) {
        for (const [gated, gates] of Object.entries(GATES) as [Gated, (typeof GATES)[Gated]][]) {
          for (const gate of gates) {
            if (person !== flag && gated !== flag) continue;
            const status = await gate.check(person);
            const label = `${person} at ${gate.name}`;
            if (person === gated) expect(status, label).toBe(gate.allowed);
            else expect(gate.refused, `${label} answered ${status}`).toContain(status);
          }
        }
      }
    });
  }

  test("the site owner's programs need no api flag; browsers' cookies are not API-gated", async () => {
    const owner = await new Client(server.url).request("/fotoweb/me", {
      headers: {
        accept: "application/vnd.fotoware.full-api-descriptor+json",
        FWAPITOKEN: tokens.get("owner")!,
      },
    });
    expect(owner.status).toBe(200);
    const cookie = await clients
      .get("nothing")!
      .getJson("/fotoweb/me", "application/vnd.fotoware.full-api-descriptor+json");
    expect(cookie.status).toBe(200);
  });
});

/** Each leaf of a descriptor by its path, the viewer's own identity left out. */
function leaves(value: unknown, prefix = ""): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${k}` : k;
      if (path === "user" || path === "darkMode") continue;
      for (const [p, leaf] of leaves(v, path)) found.set(p, leaf);
    }
  } else found.set(prefix, value);
  return found;
}

/** The paths where a viewer's descriptor differs from that of someone holding no flag. */
async function offeredBeyondNothing(viewer: Viewer): Promise<string[]> {
  const settings = await getSiteSettings();
  const base = leaves(await fullDescriptor(settings, viewers.get("nothing")!));
  const mine = leaves(await fullDescriptor(settings, viewer));
  const paths = new Set([...base.keys(), ...mine.keys()]);
  return [...paths]
    .filter((p) => JSON.stringify(base.get(p)) !== JSON.stringify(mine.get(p)))
    .sort();
}

const DESCRIBED: Partial<Record<Capability, string[]>> = {
  manageUsers: [
    "groups",
    "groups_search",
    "userManagement.everyoneGroup",
    "userManagement.groupList",
    "userManagement.guestUser",
    "userManagement.registeredUsersGroup",
    "userManagement.siteOwner",
    "userManagement.userList",
    "users",
    "users_search",
  ],
  manageSettings: ["permissions.hasManageSettingsPermission", "siteConfigurationHref"],
  manageArchives: ["groups_search", "permissions.hasManageArchivesPermission", "users_search"],
  manageTaxonomies: ["permissions.allowTaxonomyEditing"],
  uploadToUploadArea: ["upload_to", "views.upload"],
  inviteUsers: ["views.createInvitations", "views.manageInvitations"],
  approvePendingSignups: ["signups"],
  // Reported as the reference's booleans; nothing to manage is offered with them yet.
  manageServices: ["permissions.hasManageServicesPermission"],
  audit: ["permissions.hasAuditPermission"],
  // The album flags are the reference's AlbumPermissions (decision 052).
  "albums.create": ["permissions.albums.addAssets", "permissions.albums.create"],
  "albums.comment": ["permissions.albums.comment"],
  "albums.showOnHomepage": ["permissions.albums.showOnHomepage"],
  // Sharing with people reads the people directory, which the descriptor names (decision 111).
  "albums.shareWithUsers": ["groups_search", "permissions.albums.shareWithUsers", "users_search"],
  "albums.shareWithGroups": ["groups_search", "permissions.albums.shareWithGroups", "users_search"],
  "albums.shareWithGuests": ["permissions.albums.shareWithGuests"],
  "albums.restrictToFriends": ["permissions.albums.restrictToFriends"],
  "albums.delegateDownloads": [
    "permissions.albums.delegateDownloads",
    "permissions.delegateDownload",
  ],
};

const TOOLS: Partial<Record<Capability, string[]>> = {
  manageUsers: ["people"],
  manageSettings: ["site"],
  manageArchives: ["archives"],
  manageTaxonomies: ["taxonomies"],
  inviteUsers: ["createInvitations", "manageInvitations"],
  approvePendingSignups: ["signups"],
};

describe("the descriptor and the tools menu", () => {
  test("each flag offers exactly its own links; a flag whose feature is not built offers nothing", async () => {
    for (const capability of CAPABILITIES) {
      const viewer = (GATED as readonly string[]).includes(capability)
        ? viewers.get(capability as Gated)!
        : await personHolding(`holder-${capability.replace(".", "-")}`, capability);
      expect(await offeredBeyondNothing(viewer), capability).toEqual(DESCRIBED[capability] ?? []);
      const menu = await toolsMenu(viewer);
      expect(menu?.entries.map((e) => e.id) ?? [], capability).toEqual(TOOLS[capability] ?? []);
    }
    expect(await toolsMenu(viewers.get("nothing")!)).toBeNull();
  });
});
