import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readApiJson } from "../helpers/api-contract";
import { db } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { enqueue } from "~/jobs/queue.server";
import { createArchive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { updateSiteSettings } from "~/models/site/site.server";
import { createUser } from "~/models/user/user.server";
import { blobStore } from "~/storage/blob-store.server";
import { insertAsset } from "../helpers/assets";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Walks both descriptors as each kind of viewer and follows every link they carry, each by its
 * documented method: every one answers with success. Then the other side of "exactly": the links
 * a viewer is not given do not answer them with success either.
 */

const PUBLIC_TYPE = "application/vnd.fotoware.api-descriptor+json";
const FULL_TYPE = "application/vnd.fotoware.full-api-descriptor+json";

let server: TestServer;
let renditionHref: string;
let memberTask: number;

/** How each key is followed; a link under a key not listed here fails the walk. */
const HOW: Record<string, "json" | "template" | "rendition" | "logout" | "page"> = {
  href: "json",
  archives: "json",
  searchURL: "template",
  "services.search": "json",
  "services.rendition_request": "rendition",
  "services.logout": "logout",
  "services.keepalive.href": "json",
  "services.login": "page",
  background_tasks: "json",
  pins: "json",
  alerts: "json",
  upload_to: "json",
  user_preferences: "json",
  siteConfigurationHref: "page",
  "views.loggedOut": "page",
  "views.changePassword": "page",
  "views.upload": "page",
  groups: "json",
  "userManagement.groupList": "json",
  "userManagement.everyoneGroup": "json",
  "userManagement.registeredUsersGroup": "json",
  signups: "json",
  users: "json",
  "userManagement.userList": "json",
  "userManagement.guestUser": "json",
  "userManagement.siteOwner": "json",
  "views.createInvitations": "page",
  "views.manageInvitations": "page",
  albums: "json",
  albums_own: "json",
  albums_shared: "json",
  albums_archived: "json",
  albums_deleted: "json",
  albums_contribute: "json",
  taxonomies: "json",
  copy_to: "json",
  move_to: "json",
  people_search: "template",
  users_search: "json",
  groups_search: "json",
  "user.href": "json",
};

/** Every link of a descriptor by its key path (e.g. services.keepalive.href). */
function linksOf(value: unknown, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof v === "string" && v.startsWith("/")) found.set(path, v);
    else if (v && typeof v === "object" && !Array.isArray(v))
      for (const [k, link] of linksOf(v, path)) found.set(k, link);
  }
  return found;
}

/** Follows one link as the client, by its key's method; the status it answered. */
async function follow(client: Client, key: string, href: string): Promise<number> {
  const how = HOW[key];
  if (!how) throw new Error(`no way known to follow ${key}`);
  switch (how) {
    case "json":
      return (await client.getJson(href)).status;
    case "template": {
      expect(href).toMatch(/\{\?q\}$/);
      return (await client.getJson(href.replace("{?q}", "?q=walk"))).status;
    }
    case "page":
      return (await client.get(href, { accept: "text/html" })).status;
    case "rendition": {
      const response = await client.request(href, {
        method: "POST",
        headers: {
          accept: "application/vnd.fotoware.rendition-response+json",
          "content-type": "application/vnd.fotoware.rendition-request+json",
        },
        body: JSON.stringify({ href: renditionHref }),
      });
      if (response.status !== 202) return response.status;
      // The poll of what was accepted is the file itself.
      const file = await client.get(response.headers.get("location")!);
      expect(file.headers.get("content-type")).toBe("image/jpeg");
      return file.status === 200 ? 202 : file.status;
    }
    case "logout":
      return (await client.request(href, { method: "POST", headers: { accept: "*/*" } })).status;
  }
}

/** Ends the walk: the logout ends its session, and the logged-out view is what comes after. */
const LAST = ["services.logout", "views.loggedOut"];

/** Follows every link; the statuses by key. */
async function walk(client: Client, descriptor: unknown) {
  const links = [...linksOf(descriptor)].sort(([a], [b]) => LAST.indexOf(a) - LAST.indexOf(b));
  const statuses: Record<string, number> = {};
  for (const [key, href] of links) statuses[key] = await follow(client, key, href);
  return statuses;
}

const succeeded = (statuses: Record<string, number>) =>
  Object.values(statuses).every((status) => status >= 200 && status < 300);

async function descriptorOf(client: Client, path: string, type: string) {
  const response = await client.getJson(path, type);
  expect(response.status).toBe(200);
  return (await readApiJson(response)) as Record<string, unknown>;
}

async function signedIn(username: string, password: string) {
  const client = new Client(server.url);
  await client.signIn(username, password);
  return client;
}

async function guestClient() {
  const client = new Client(server.url);
  await client.signInAsGuest();
  return client;
}

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  const member = await createUser({ username: "walker", password: "walker-password-1" });
  const archive = await createArchive({
    name: "Walk",
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview", "UploadFile"],
        autoSearch: "",
      },
      { type: "group", id: EVERYONE_GROUP_ID, permissions: ["View", "Preview"], autoSearch: "" },
    ],
  });
  const assetId = await insertAsset(archive, { fileName: "walk.jpg" });
  // The preview's bytes, so following the rendition to its file answers it.
  const blob = await blobStore().put(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
  await db().updateTable("renditions").set({ blob_hash: blob.hash }).execute();
  const href = assetHref(archive.id, archive.name, { id: assetId, fileName: "walk.jpg" });
  renditionHref = `${href}/__renditions/PREVIEW`;
  // A type no worker takes: it stays pending, and is the member's own.
  memberTask = (await enqueue("descriptor-walk", {}, { ownerId: member.id })).id;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the full descriptor's links all answer their viewer", () => {
  test("as the site owner", async () => {
    const owner = await signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const statuses = await walk(owner, await descriptorOf(owner, "/fotoweb/me", FULL_TYPE));
    const publicOnly = ["services.login"];
    expect(Object.keys(statuses).sort()).toEqual(
      Object.keys(HOW)
        .filter((key) => !publicOnly.includes(key))
        .sort(),
    );
    expect(succeeded(statuses), JSON.stringify(statuses)).toBe(true);
  });

  test("as a member", async () => {
    const member = await signedIn("walker", "walker-password-1");
    const descriptor = await descriptorOf(member, "/fotoweb/me/", FULL_TYPE);
    const tasks = (await readApiJson(
      await member.getJson(String(descriptor.background_tasks)),
    )) as {
      data: { href: string; job: { status: string } }[];
    };
    expect(tasks.data).toEqual([
      expect.objectContaining({
        href: `/fotoweb/me/background-tasks/${memberTask}`,
        job: expect.objectContaining({ status: "pending" }),
      }),
    ]);
    const statuses = await walk(member, descriptor);
    expect(Object.keys(statuses)).not.toContain("siteConfigurationHref");
    expect(Object.keys(statuses)).toContain("pins");
    expect(succeeded(statuses), JSON.stringify(statuses)).toBe(true);
    // The walk ended with the logout: the session is gone.
    expect((await member.getJson("/fotoweb/me", FULL_TYPE)).status).toBe(401);
  });

  test("as the guest", async () => {
    const guest = await guestClient();
    const statuses = await walk(guest, await descriptorOf(guest, "/fotoweb/me", FULL_TYPE));
    expect(Object.keys(statuses).sort()).toEqual([
      "archives",
      "href",
      "searchURL",
      "services.keepalive.href",
      "services.logout",
      "services.rendition_request",
      "services.search",
      "taxonomies",
      "views.loggedOut",
    ]);
    expect(succeeded(statuses), JSON.stringify(statuses)).toBe(true);
  });
});

describe("the public descriptor's links all answer their viewer", () => {
  test("anonymous, while guests are allowed", async () => {
    const anonymous = new Client(server.url);
    const statuses = await walk(anonymous, await descriptorOf(anonymous, "/fotoweb", PUBLIC_TYPE));
    expect(Object.keys(statuses).sort()).toEqual([
      "albums",
      "archives",
      "href",
      "searchURL",
      "services.login",
      "services.rendition_request",
      "services.search",
      "taxonomies",
    ]);
    expect(succeeded(statuses), JSON.stringify(statuses)).toBe(true);
  });

  test("signed in: the person's background tasks too", async () => {
    const member = await signedIn("walker", "walker-password-1");
    const descriptor = await descriptorOf(member, "/fotoweb/", PUBLIC_TYPE);
    expect(descriptor.background_tasks).toBe("/fotoweb/me/background-tasks/");
    const { "services.login": _login, ...statuses } = await walk(member, descriptor);
    // The log-on page sends a signed-in person on; every other link answers.
    expect(succeeded(statuses), JSON.stringify(statuses)).toBe(true);
  });

  test("anonymous with guests turned off: only the log-on, and the archives refuse", async () => {
    await updateSiteSettings({ guestAccess: false });
    try {
      const anonymous = new Client(server.url);
      const descriptor = await descriptorOf(anonymous, "/fotoweb/", PUBLIC_TYPE);
      const statuses = await walk(anonymous, descriptor);
      expect(Object.keys(statuses).sort()).toEqual(["href", "services.login"]);
      expect(succeeded(statuses)).toBe(true);
      for (const path of ["/fotoweb/archives/", "/fotoweb/search/?q=walk"])
        expect((await anonymous.getJson(path)).status, path).toBe(401);
    } finally {
      await updateSiteSettings({ guestAccess: true });
    }
  });
});

describe("the links a viewer is not given do not answer them", () => {
  test("the guest's own-account links are refused with 403", async () => {
    const guest = await guestClient();
    for (const path of [
      "/fotoweb/me/pins/",
      "/fotoweb/me/user-preferences/",
      "/fotoweb/me/background-tasks/",
      "/fotoweb/me/upload-to/",
    ]) {
      const response = await guest.getJson(path);
      expect(response.status, path).toBe(403);
      expect(((await readApiJson(response)) as { value: string }).value).toContain("guest");
    }
    for (const path of ["/fotoweb/views/change-password", "/fotoweb/views/upload"])
      expect((await guest.get(path, { accept: "text/html" })).status, path).toBe(302);
    // The album lists are an own account's too (decision 052).
    for (const path of ["/fotoweb/me/albums/", "/fotoweb/me/albums/mine/"]) {
      const response = await guest.getJson(path);
      expect(response.status, path).toBe(401);
      await readApiJson(response);
    }
  });

  test("the site configuration is not a member's", async () => {
    const member = await signedIn("walker", "walker-password-1");
    const response = await member.get("/fotoweb/views/management", { accept: "text/html" });
    expect(response.status).toBeGreaterThanOrEqual(400);
  });

  test("without a session the full descriptor's services ask for sign-in", async () => {
    const anonymous = new Client(server.url);
    for (const path of ["/fotoweb/me", "/fotoweb/services/keepalive", "/fotoweb/me/pins/"])
      expect((await anonymous.getJson(path)).status, path).toBe(401);
    const logout = await anonymous.request("/fotoweb/services/logout", { method: "POST" });
    expect(logout.status).toBe(401);
  });

  test("the logout service takes POST only", async () => {
    const owner = await signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const response = await owner.getJson("/fotoweb/services/logout");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect((await owner.getJson("/fotoweb/me")).status).toBe(200);
  });
});

describe("the search service", () => {
  test("answers JSON as the searchURL does: the archives with a match and their counts", async () => {
    const anonymous = new Client(server.url);
    const [service, template] = await Promise.all(
      ["/fotoweb/search/?q=walk", "/fotoweb/archives/?q=walk"].map(async (path) => {
        const response = await anonymous.getJson(path);
        expect(response.status, path).toBe(200);
        return (await readApiJson(response)) as { data: { name: string; assetCount: number }[] };
      }),
    );
    expect(service!.data).toEqual(template!.data);
    expect(service!.data.map((c) => [c.name, c.assetCount])).toEqual([["Walk", 1]]);
  });

  test("a bad expression is 400, and a browser is sent to the header's search", async () => {
    const anonymous = new Client(server.url);
    expect((await anonymous.getJson("/fotoweb/search/?q=(")).status).toBe(400);
    const page = await anonymous.get("/fotoweb/search/?q=walk", { accept: "text/html" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/fotoweb/archives/?q=walk");
  });
});
