import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { archiveConfigSchema, type ArchiveConfigInput } from "~/models/archive/archive.schema";
import { navigationPane, socialFeatures } from "~/models/archive/archive-effects";
import { createArchive, findArchive, type Archive } from "~/models/archive/archive.server";
import { createUser } from "~/models/user/user.server";
import { insertAsset } from "../helpers/assets";
import { TEST_ADMIN } from "../helpers/database";
import { readApiJson } from "../helpers/api-contract";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Archive settings that change what the archive does (decision 043): crawler indexing, comments
 * and annotations, the navigation pane and the archive's own auto-search filter, each seen from
 * outside: pages, headers, the API.
 */

let server: TestServer;
let owner: Client;
let reader: Client;

const members = [
  {
    type: "group" as const,
    id: REGISTERED_USERS_GROUP_ID,
    permissions: ["View" as const, "Preview" as const, "Download" as const],
    autoSearch: "",
  },
  { type: "group" as const, id: EVERYONE_GROUP_ID, permissions: ["View" as const], autoSearch: "" },
];

async function setConfig(archive: Archive, patch: ArchiveConfigInput) {
  const current = (await findArchive(archive.id))!.config;
  const config = archiveConfigSchema.parse({ ...current, ...patch });
  await db()
    .updateTable("archives")
    .set({ config: JSON.stringify(config) })
    .where("id", "=", archive.id)
    .execute();
}

async function withFolder(archive: Archive, fileName: string, title: string) {
  const folder = await db()
    .insertInto("folders")
    .values({
      archive_id: archive.id,
      parent_id: null,
      name: "Harbour",
      path: "Harbour",
      created_at: now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return insertAsset(archive, { fileName, title, folder: true }, folder.id);
}

beforeAll(async () => {
  server = await startTestServer();
  await createUser({ username: "reader", password: "reader-password-1" });
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  reader = new Client(server.url);
  await reader.signIn("reader", "reader-password-1");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("crawler indexing (RobotSettings.AllowIndexing)", () => {
  test("off: robots meta on the archive and asset pages, X-Robots-Tag on files and renditions", async () => {
    const archive = await createArchive({ name: "Private eye", members });
    const id = await insertAsset(archive, { fileName: "boat.jpg", title: "Boat" });
    const asset = `${archive.href}${id}-boat.jpg.info`;
    const meta = '<meta name="robots" content="noindex, nofollow"/>';

    expect(await (await reader.get(archive.href)).text()).not.toContain(meta);
    expect(await (await reader.get(asset)).text()).not.toContain(meta);
    const open = await reader.get(`${asset}/__renditions/PREVIEW`);
    expect(open.status).toBe(302);
    expect(open.headers.get("x-robots-tag")).toBeNull();

    await setConfig(archive, { RobotSettings: { AllowIndexing: false } });
    expect(await (await reader.get(archive.href)).text()).toContain(meta);
    expect(await (await reader.get(asset)).text()).toContain(meta);
    const rendition = await reader.get(`${asset}/__renditions/PREVIEW`);
    expect(rendition.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const file = await reader.request(rendition.headers.get("location")!, { method: "HEAD" });
    expect(file.status).toBe(200);
    expect(file.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const original = await reader.get(`${asset}/__renditions/ORIGINAL`);
    expect(original.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });
});

describe("comments and annotations (SocialSettings)", () => {
  test("the collection and the asset JSON carry them as the reference's props", async () => {
    const archive = await createArchive({ name: "Talkative", members });
    const id = await insertAsset(archive, { fileName: "talk.jpg" });
    const props = async () => {
      const collection = await reader.getJson(
        archive.href,
        "application/vnd.fotoware.collection+json",
      );
      const asset = await reader.getJson(
        `${archive.href}${id}-talk.jpg.info`,
        "application/vnd.fotoware.asset+json",
      );
      const c = (await readApiJson(collection)) as { props: unknown };
      const a = (await readApiJson(asset)) as { props: unknown };
      return [c.props, a.props];
    };
    const off = {
      shares: { enabled: false },
      comments: { enabled: false },
      annotations: { enabled: false },
    };
    expect(await props()).toEqual([off, off]);
    await setConfig(archive, { SocialSettings: { CommentType: 1, AnnotationsEnabled: true } });
    const on = {
      shares: { enabled: false },
      comments: { enabled: true },
      annotations: { enabled: true },
    };
    expect(await props()).toEqual([on, on]);
    expect(socialFeatures((await findArchive(archive.id))!.config)).toEqual({
      comments: true,
      annotations: true,
    });
  });
});

describe("the navigation pane (NavigationPaneControl)", () => {
  test("folder list, smart folders heading with its custom name, nothing when off", async () => {
    const archive = await createArchive({ name: "Navigated", members });
    await withFolder(archive, "in-folder.jpg", "Quay");
    const page = async () => (await reader.get(archive.href)).text();

    let html = await page();
    // The pane's sections are headed under its own "Navigation" (issue 31, decision 089).
    expect(html).toContain('aria-labelledby="folders-heading"');
    expect(html).toContain(">Smart folders</h3>");
    expect(html).not.toContain("consent-status-filter");

    await setConfig(archive, {
      NavigationPaneControl: {
        ShowFolderList: false,
        ShowSmartFolders: true,
        EnableCustomSmartFolderName: true,
        CustomSmartFolderName: "Saved searches",
        EnableConsentStatusFilter: true,
      },
      EnableConsentManagement: true,
    });
    html = await page();
    expect(html).not.toContain('aria-labelledby="folders-heading"');
    expect(html).toContain(">Saved searches</h3>");
    // Consent forms are not built: the filter stays away even with every archive setting on.
    expect(html).not.toContain("consent-status-filter");

    await setConfig(archive, {
      NavigationPaneControl: { ShowSmartFolders: false, EnableCustomSmartFolderName: true },
    });
    html = await page();
    expect(html).not.toContain("smart-folders");
    expect(html).not.toContain("Saved searches");
  });

  test("the rules: consent filter needs all three; document folders need file-system destinations", () => {
    const config = archiveConfigSchema.parse({
      EnableConsentManagement: true,
      NavigationPaneControl: {
        EnableConsentStatusFilter: true,
        FolderListSettings: { ShowDocumentFolders: true },
        SearchTreeFields: [25, 80],
      },
    });
    const none = { consentForms: false, fileSystemDestinations: false };
    const all = { consentForms: true, fileSystemDestinations: true };
    expect(navigationPane(config, none)).toMatchObject({
      consentStatusFilter: false,
      documentFolders: false,
      taxonomyFields: [25, 80],
    });
    expect(navigationPane(config, all)).toMatchObject({
      consentStatusFilter: true,
      documentFolders: true,
    });
    const managementOff = archiveConfigSchema.parse({ ...config, EnableConsentManagement: false });
    expect(navigationPane(managementOff, all).consentStatusFilter).toBe(false);
  });
});

describe("the archive's auto-search filter (AutoSearch)", () => {
  test("everyone, the site owner included, sees only matching assets; an invalid filter shows none", async () => {
    const archive = await createArchive({ name: "Filtered by archive", members });
    const boat = await insertAsset(archive, { fileName: "boat.jpg", title: "harbour boat" });
    const car = await insertAsset(archive, { fileName: "car.jpg", title: "street car" });
    const ids = async (client: Client) => {
      const response = await client.getJson(
        archive.href,
        "application/vnd.fotoware.assetlist+json",
      );
      const body = (await readApiJson(response)) as { data: { href: string }[] };
      return body.data.map((a) => Number(/\/(\d+)-[^/]*\.info$/.exec(a.href)![1])).sort();
    };
    expect(await ids(reader)).toEqual([boat, car].sort());
    await setConfig(archive, { AutoSearch: "harbour" });
    expect(await ids(reader)).toEqual([boat]);
    expect(await ids(owner)).toEqual([boat]);
    expect((await reader.get(`${archive.href}${car}-car.jpg.info`)).status).toBe(404);
    await setConfig(archive, { AutoSearch: "cs:hsl" });
    expect(await ids(reader)).toEqual([]);
    expect(await ids(owner)).toEqual([]);
  });
});
