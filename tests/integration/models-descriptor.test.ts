import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GUEST_USER_ID } from "~/db/schema";
import {
  FULL_DESCRIPTOR_TYPE,
  fullDescriptor,
  PUBLIC_DESCRIPTOR_TYPE,
  publicDescriptor,
} from "~/models/descriptor/descriptor.server";
import { getSiteSettings, updateSiteSettings } from "~/models/site/site.server";
import type { Viewer } from "~/models/user/user.schema";
import {
  createUser,
  findUserById,
  findUserByUsername,
  updatePreferences,
} from "~/models/user/user.server";
import { resetEnvCache } from "~/utils/env.server";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../helpers/database";

/*
 * The API descriptors for the site owner, a plain user and the guest: the same shape for all,
 * permissions only for the owner, and links only to routes that exist.
 */

const routesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../app/routes");

let testDb: TestDatabase;
let owner: Viewer;
let plain: Viewer;
let guest: Viewer;
const savedKeepalive = process.env.KEEPALIVE_SECONDS;

beforeAll(async () => {
  process.env.KEEPALIVE_SECONDS = "120";
  resetEnvCache();
  testDb = await createTestDatabase();
  owner = (await findUserByUsername(TEST_ADMIN.username))!;
  plain = await createUser({
    username: "pia",
    password: "pia-password-1",
    firstName: "Pia",
    lastName: "Plain",
    fullName: "Pia Plain",
    email: "pia@example.test",
  });
  guest = (await findUserById(GUEST_USER_ID))!;
});

afterAll(async () => {
  if (savedKeepalive === undefined) delete process.env.KEEPALIVE_SECONDS;
  else process.env.KEEPALIVE_SECONDS = savedKeepalive;
  resetEnvCache();
  await testDb?.destroy();
});

/** Every link the descriptor carries: each string but the descriptive ones, templates opened. */
const NOT_LINKS = new Set([
  "server",
  "userName",
  "fullName",
  "firstName",
  "lastName",
  "email",
  "user",
]);
function links(value: unknown, key = ""): string[] {
  if (typeof value === "string")
    return NOT_LINKS.has(key) || !value.startsWith("/") ? [] : [value.replace(/\{\?q\}$/, "")];
  if (Array.isArray(value)) return value.flatMap((v) => links(v, key));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => (k === "darkMode" ? [] : links(v, k)));
  }
  return [];
}

/** The Remix flat-route module (page or JSON twin) that serves a path exactly (no splats). */
function routeModuleFor(pathname: string) {
  const segments = pathname.replace(/^\/|\/$/g, "").split("/");
  // A numeric segment (a group's id) is served by the route's $id parameter.
  const named = segments.map((s) => (/^\d+$/.test(s) ? "$id" : s));
  const names = [named.join("."), [...named, "_index"].join(".")];
  const candidates = pathname.endsWith("/") ? names.slice(1) : names;
  return candidates
    .flatMap((name) => [name, `[_json].${name}`])
    .flatMap((name) => [".tsx", ".ts"].map((ext) => path.join(routesDir, name + ext)))
    .find(fs.existsSync);
}

describe("publicDescriptor", () => {
  test("with nobody to browse as, names the site and offers only the log-on service", async () => {
    const settings = await updateSiteSettings({ siteName: "Descriptor site" });
    const descriptor = publicDescriptor(settings, null);
    expect(descriptor).toEqual({
      href: "/fotoweb/",
      server: "Descriptor site",
      utc_offset: -new Date().getTimezoneOffset(),
      services: { login: "/fotoweb/views/login" },
    });
    expect(JSON.stringify(descriptor)).not.toMatch(/user|permission/i);
    expect(PUBLIC_DESCRIPTOR_TYPE).toBe("application/vnd.fotoware.api-descriptor+json");
    expect(FULL_DESCRIPTOR_TYPE).toBe("application/vnd.fotoware.full-api-descriptor+json");
  });

  test("browsing as the guest (or anyone), offers the archives, search and renditions", async () => {
    const settings = await getSiteSettings();
    for (const viewer of [guest, plain]) {
      expect(publicDescriptor(settings, viewer)).toEqual({
        href: "/fotoweb/",
        server: settings.siteName,
        utc_offset: -new Date().getTimezoneOffset(),
        archives: "/fotoweb/archives/",
        searchURL: "/fotoweb/archives/{?q}",
        taxonomies: "/fotoweb/api/taxonomies/",
        albums: "/fotoweb/albums/",
        // An own account's tasks answer it; the shared guest keeps none.
        ...(viewer === plain ? { background_tasks: "/fotoweb/me/background-tasks/" } : {}),
        services: {
          login: "/fotoweb/views/login",
          search: "/fotoweb/search/",
          rendition_request: "/fotoweb/services/renditions",
        },
      });
    }
  });
});

describe("fullDescriptor", () => {
  test("describes the site owner with every management permission", async () => {
    const settings = await getSiteSettings();
    const descriptor = await fullDescriptor(settings, owner);
    expect(descriptor.href).toBe("/fotoweb/me");
    expect(descriptor.server).toBe(settings.siteName);
    expect(descriptor.user).toEqual({
      userId: owner.id,
      userName: TEST_ADMIN.username,
      fullName: "Site owner",
      firstName: "",
      lastName: "",
      email: "",
      isGuest: false,
      isForcePasswordChangeSet: false,
      // The owner manages users: the own record answers at its href.
      href: `/fotoweb/api/users/${owner.id}`,
    });
    expect(descriptor.permissions).toMatchObject({
      hasManageArchivesPermission: true,
      hasManageSettingsPermission: true,
      hasManageServicesPermission: true,
      hasAuditPermission: true,
    });
  });

  test("describes a plain user with no management permission", async () => {
    const descriptor = await fullDescriptor(await getSiteSettings(), plain);
    expect(descriptor.user).toEqual({
      userId: plain.id,
      userName: "pia",
      fullName: "Pia Plain",
      firstName: "Pia",
      lastName: "Plain",
      email: "pia@example.test",
      isGuest: false,
      isForcePasswordChangeSet: false,
    });
    expect(descriptor.permissions).toMatchObject({
      hasManageArchivesPermission: false,
      hasManageSettingsPermission: false,
      hasManageServicesPermission: false,
      hasAuditPermission: false,
    });
  });

  test("describes the guest as a guest with no management permission", async () => {
    const descriptor = await fullDescriptor(await getSiteSettings(), guest);
    expect(descriptor.user).toMatchObject({
      userId: GUEST_USER_ID,
      userName: "Guest",
      isGuest: true,
      isForcePasswordChangeSet: false,
    });
    expect(Object.values(descriptor.permissions).filter((v) => v === true)).toEqual([]);
  });

  test("grants nothing for features that do not exist yet, to anyone", async () => {
    const settings = await getSiteSettings();
    for (const viewer of [owner, plain, guest]) {
      const { permissions, security } = await fullDescriptor(settings, viewer);
      expect(permissions.hasManageWorkflowsPermission).toBe(false);
      // manageTaxonomies (decision 059): the site owner holds every capability.
      expect(permissions.allowTaxonomyEditing).toBe(viewer === owner);
      expect(security).toEqual({ allowFileSystemDestinations: false });
    }
  });

  test("album flags and links come from the group flags, never for the guest (decision 052)", async () => {
    const settings = await getSiteSettings();
    const ownerDescriptor = await fullDescriptor(settings, owner);
    expect(ownerDescriptor.permissions.albums).toMatchObject({ create: true, addAssets: true });
    expect(ownerDescriptor).toMatchObject({
      albums: "/fotoweb/me/albums/",
      albums_own: "/fotoweb/me/albums/mine/",
      albums_shared: "/fotoweb/me/albums/shared-with-me/",
      albums_archived: "/fotoweb/me/albums/archived/",
      albums_deleted: "/fotoweb/me/albums/deleted/",
      albums_contribute: "/fotoweb/me/albums/contribute/",
    });
    // Registered Users hold albums.create by default; guests hold nothing and get no album list.
    expect((await fullDescriptor(settings, plain)).permissions.albums.create).toBe(true);
    const guestDescriptor = await fullDescriptor(settings, guest);
    expect(Object.values(guestDescriptor.permissions.albums).every((v) => v === false)).toBe(true);
    expect(Object.keys(guestDescriptor).filter((k) => k.startsWith("albums"))).toEqual([]);
  });

  test("the user and permissions have the same keys for every viewer; never a password hash", async () => {
    const settings = await getSiteSettings();
    const shapes = [];
    for (const v of [owner, plain, guest]) {
      // user.href is given exactly where the user's record answers (those who manage users).
      const {
        user: { href: _href, ...user },
        permissions,
      } = await fullDescriptor(settings, v);
      shapes.push(
        JSON.stringify({ user, permissions }, (_k, value: unknown) =>
          value && typeof value === "object" ? value : typeof value,
        ),
      );
    }
    expect(new Set(shapes).size).toBe(1);
    for (const viewer of [owner, plain, guest]) {
      expect(JSON.stringify(await fullDescriptor(settings, viewer))).not.toMatch(
        /argon2|password_hash/,
      );
    }
  });

  test("offers log-off and keepalive, the keepalive interval from the environment", async () => {
    for (const viewer of [owner, plain, guest]) {
      expect((await fullDescriptor(await getSiteSettings(), viewer)).services).toEqual({
        search: "/fotoweb/search/",
        rendition_request: "/fotoweb/services/renditions",
        logout: "/fotoweb/services/logout",
        keepalive: { href: "/fotoweb/services/keepalive", interval: 120 },
      });
    }
  });

  test("links what an own account keeps for users, not for the shared guest", async () => {
    const settings = await getSiteSettings();
    const own = {
      background_tasks: "/fotoweb/me/background-tasks/",
      pins: "/fotoweb/me/pins/",
      upload_to: "/fotoweb/me/upload-to/",
      user_preferences: "/fotoweb/me/user-preferences/",
    };
    expect(await fullDescriptor(settings, plain)).toMatchObject({
      archives: "/fotoweb/me/archives/",
      searchURL: "/fotoweb/archives/{?q}",
      ...own,
      views: {
        loggedOut: "/fotoweb/views/login",
        changePassword: "/fotoweb/views/change-password",
        upload: "/fotoweb/views/upload",
      },
    });
    const forGuest = await fullDescriptor(settings, guest);
    expect(forGuest.archives).toBe("/fotoweb/me/archives/");
    for (const key of [...Object.keys(own), "siteConfigurationHref"])
      expect(forGuest, key).not.toHaveProperty(key);
    expect(forGuest.views).toEqual({ loggedOut: "/fotoweb/views/login" });
  });

  test("links the site configuration for the site owner only", async () => {
    const settings = await getSiteSettings();
    expect((await fullDescriptor(settings, owner)).siteConfigurationHref).toBe(
      "/fotoweb/views/management",
    );
    expect(await fullDescriptor(settings, plain)).not.toHaveProperty("siteConfigurationHref");
  });

  test("reports the site's and the user's halves of the dark-mode rule", async () => {
    await updatePreferences(plain.id, (p) => ({
      ...p,
      intranet: { ...p.intranet, interfaceStyle: "dark" },
    }));
    const refreshed = (await findUserById(plain.id))!;
    const settings = await updateSiteSettings({ darkModeEnabled: false });
    expect((await fullDescriptor(settings, refreshed)).darkMode).toEqual({
      site: false,
      user: "dark",
    });
    const enabled = await updateSiteSettings({ darkModeEnabled: true });
    expect((await fullDescriptor(enabled, owner)).darkMode).toEqual({ site: true, user: "auto" });
  });

  test("flags a user who must change their password", async () => {
    const forced = await createUser({
      username: "quinn",
      password: "quinn-password-1",
      forcePasswordChange: true,
    });
    expect(
      (await fullDescriptor(await getSiteSettings(), forced)).user.isForcePasswordChangeSet,
    ).toBe(true);
  });
});

describe("links", () => {
  test("every link in either descriptor leads to a route module that exists", async () => {
    const settings = await getSiteSettings();
    const all = new Set([
      ...links(publicDescriptor(settings, guest)),
      ...(await Promise.all([owner, plain, guest].map((v) => fullDescriptor(settings, v)))).flatMap(
        (d) => links(d),
      ),
    ]);
    expect([...all].sort()).toEqual([
      "/fotoweb/",
      "/fotoweb/albums/",
      "/fotoweb/api/groups",
      "/fotoweb/api/groups/10000",
      "/fotoweb/api/groups/10001",
      "/fotoweb/api/groups/public/all",
      "/fotoweb/api/signups/",
      "/fotoweb/api/site-owner",
      "/fotoweb/api/taxonomies/",
      "/fotoweb/api/users",
      "/fotoweb/api/users/15000",
      `/fotoweb/api/users/${owner.id}`,
      "/fotoweb/api/users/public/all",
      "/fotoweb/archives/",
      "/fotoweb/me",
      "/fotoweb/me/albums/",
      "/fotoweb/me/albums/archived/",
      "/fotoweb/me/albums/contribute/",
      "/fotoweb/me/albums/deleted/",
      "/fotoweb/me/albums/mine/",
      "/fotoweb/me/albums/shared-with-me/",
      "/fotoweb/me/alerts/",
      "/fotoweb/me/archives/",
      "/fotoweb/me/background-tasks/",
      "/fotoweb/me/copy-to/",
      "/fotoweb/me/move-to/",
      "/fotoweb/me/people/",
      "/fotoweb/me/pins/",
      "/fotoweb/me/upload-to/",
      "/fotoweb/me/user-preferences/",
      "/fotoweb/search/",
      "/fotoweb/services/keepalive",
      "/fotoweb/services/logout",
      "/fotoweb/services/renditions",
      "/fotoweb/views/admin/invitations",
      "/fotoweb/views/admin/invite",
      "/fotoweb/views/change-password",
      "/fotoweb/views/login",
      "/fotoweb/views/management",
      "/fotoweb/views/upload",
    ]);
    for (const link of all) {
      expect(routeModuleFor(link), `route module for ${link}`).toBeDefined();
    }
  });

  test("the route check itself rejects a path with no module of its own", () => {
    expect(routeModuleFor("/fotoweb/services/no-such-service")).toBeUndefined();
    expect(routeModuleFor("/fotoweb/views/login")).toBeDefined();
  });
});
