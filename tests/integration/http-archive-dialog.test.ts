import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { EVERYONE_GROUP_ID } from "~/db/schema";
import { createArchive } from "~/models/archive/archive.server";
import { createGroup, changeUserMembers } from "~/models/group/group.server";
import { createUser, findUserByUsername } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { readApiJson } from "../helpers/api-contract";
import { insertReadyAssets } from "../helpers/grid-assets";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The archive dialog and /fotoweb/api/config/archives over HTTP on the dialect under test
 * (decision 038): create, read and update through the API and the page's form, every refusal
 * code at once, the stale-save conflict, hostile input, and the area's 404 to everyone without
 * manageArchives (401 to nobody and the guest).
 */

const API = "/fotoweb/api/config/archives";
const NEW_PAGE = "/fotoweb/views/admin/archives/new";
const page = (id: number) => `/fotoweb/views/admin/archives/${id}`;
/** The page's action data as JSON, as Remix fetches it for a page with JavaScript. */
const NEW_DATA = `${NEW_PAGE}?_data=${encodeURIComponent("routes/fotoweb.views.admin.archives.new")}`;
const pageData = (id: number) =>
  `${page(id)}?_data=${encodeURIComponent("routes/fotoweb.views.admin.archives.$id")}`;
const PROFILE = "11111111-2222-3333-4444-555555555555";
const PROFILE_SET = "66666666-7777-8888-9999-000000000000";

interface Member {
  Id: number;
  MemberType: string;
  Name: string;
  Description: string;
  AutoSearch: string;
  Permissions: string[];
}
interface Record_ {
  Id: number;
  Name: string;
  Description: string;
  IsHidden: boolean;
  Revision: number;
  Path: string;
  Pool: string | null;
  ConfigHref: string;
  MemberList: Member[];
  [key: string]: unknown;
}
interface Refusal {
  status: number;
  value: string;
  heading: string;
  fieldErrors: Record<string, string>;
  formError?: string;
  codes: string[];
  payload?: Record<string, unknown>;
}

let server: TestServer;
let root: string;
let manager: Client;
let member: Client;
let guest: Client;
let anonymous: Client;
let editorId: number;
let teamId: number;

const send = (client: Client, method: string, url: string, body: unknown) =>
  client.request(url, {
    method,
    headers: { "content-type": "application/json", accept: "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** A form post with repeated fields, as a browser sends the dialog. */
const postForm = (client: Client, url: string, fields: [string, string][]) =>
  client.request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

async function create(body: Record<string, unknown>): Promise<Record_> {
  const response = await send(manager, "POST", API, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return readApiJson<Record_>(response);
}

async function insertNamed(table: "processing_profiles" | "processing_profile_sets", id: string) {
  await db()
    .insertInto(table)
    .values({
      id,
      name: `${table} one`,
      name_key: `${table} one`,
      created_at: now(),
      updated_at: now(),
    })
    .execute();
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-roots-"));
  fs.mkdirSync(path.join(root, "photos"));
  server = await startTestServer({ ARCHIVE_ROOTS: root });
  const owner = (await findUserByUsername(TEST_ADMIN.username)) as Viewer;
  const archivist = await createUser({ username: "archivist", password: "archivist-password-1" });
  await createUser({ username: "member", password: "member-password-1" });
  const editor = await createUser({
    username: "editor",
    password: "editor-password-1",
    fullName: "Eddie Editor",
  });
  editorId = editor.id;
  const managers = await createGroup(owner, {
    name: "Archive managers",
    permissions: { manageArchives: true },
  });
  await changeUserMembers(owner, managers.id, { add: [archivist.id] });
  teamId = (await createGroup(owner, { name: "Picture desk" })).id;
  await insertNamed("processing_profiles", PROFILE);
  await insertNamed("processing_profile_sets", PROFILE_SET);
  manager = new Client(server.url);
  await manager.signIn("archivist", "archivist-password-1");
  member = new Client(server.url);
  await member.signIn("member", "member-password-1");
  guest = new Client(server.url);
  await guest.signInAsGuest();
  anonymous = new Client(server.url);
}, 60_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("who may use the area", () => {
  test("404 at every address for a member without manageArchives; 401 to nobody and the guest", async () => {
    const made = await create({ Name: "Gate test" });
    const reads = [
      API,
      `${API}/${made.Id}`,
      `${API}/999999`,
      "/fotoweb/api/config/archives-old",
      "/fotoweb/api/config/options",
    ];
    for (const url of reads) {
      const refused = await member.getJson(url);
      expect(refused.status, url).toBe(404);
      const body = await readApiJson<{ value: string }>(refused);
      expect(body.value).toBe("There is nothing at this address.");
      for (const nobody of [guest, anonymous])
        expect((await nobody.getJson(url)).status, url).toBe(401);
    }
    const writes: [string, string][] = [
      ["POST", API],
      ["PUT", `${API}/${made.Id}`],
      ["PUT", `${API}/999999`],
    ];
    for (const [method, url] of writes) {
      expect((await send(member, method, url, { Name: "Taken over" })).status, url).toBe(404);
      expect((await send(anonymous, method, url, { Name: "Taken over" })).status, url).toBe(401);
    }
    for (const url of [NEW_PAGE, page(made.Id), page(999999)]) {
      expect((await member.get(url, { accept: "text/html" })).status, url).toBe(404);
      expect((await member.post(url, { Name: "Taken over" })).status, url).toBe(404);
      expect((await anonymous.get(url, { accept: "text/html" })).status, url).toBe(302);
    }
    const stored = await readApiJson<Record_>(await manager.getJson(`${API}/${made.Id}`));
    expect(stored.Name).toBe("Gate test");
    expect(stored.Revision).toBe(made.Revision);
  });
});

describe("the API", () => {
  test("POST creates with the defaults: 201, Location, Everyone with View and Preview last", async () => {
    const response = await send(manager, "POST", API, {
      Name: "Press photos",
      MemberList: [
        { Id: EVERYONE_GROUP_ID, MemberType: "group", Permissions: ["View", "Preview"] },
        { Id: editorId, MemberType: "user", Permissions: ["EditText"], AutoSearch: "25:press" },
      ],
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const made = await readApiJson<Record_>(response);
    expect(response.headers.get("location")).toBe(`${API}/${made.Id}`);
    expect(made.Id).toBeGreaterThanOrEqual(5000);
    expect(made.Revision).toBe(1);
    expect(made.Pool).toBe("default");
    expect(made.UploadDefaultJpegQuality).toBe(80);
    expect(made.MemberList.map((m) => [m.MemberType, m.Id, m.Name])).toEqual([
      ["user", editorId, "Eddie Editor"],
      ["group", EVERYONE_GROUP_ID, "Everyone"],
    ]);
    const again = await readApiJson<Record_>(await manager.getJson(made.ConfigHref));
    expect(again).toEqual(made);
    const list = await readApiJson<{ data: Record_[] }>(await manager.getJson(API));
    expect(list.data.map((a) => a.Id)).toContain(made.Id);
    const old = await readApiJson<{ data: Record<string, unknown>[] }>(
      await manager.getJson("/fotoweb/api/config/archives-old"),
    );
    const flat = old.data.find((a) => a.Id === made.Id)!;
    expect(flat).toMatchObject({ Name: "Press photos", IsHidden: false, Color: "#4D4D4D" });
    expect(flat).not.toHaveProperty("MemberList");
  });

  test("hidden archives are listed for managers", async () => {
    const hidden = await create({ Name: "Hidden one", IsHidden: true });
    const list = await readApiJson<{ data: Record_[] }>(await manager.getJson(API));
    expect(list.data.find((a) => a.Id === hidden.Id)?.IsHidden).toBe(true);
  });

  test("options say what the dialog may offer", async () => {
    const options = await readApiJson<Record<string, unknown>>(
      await manager.getJson("/fotoweb/api/config/options"),
    );
    expect(options).toMatchObject({
      allowFileSystemDestinations: true,
      enableConsentForms: false,
      maxArchives: 1000,
    });
    expect(options.palette).toHaveLength(36);
    expect((options.icons as string[]).length).toBeGreaterThan(0);
  });

  test("every refusal at once: codes, fields by path, the first code as value", async () => {
    await createArchive({ name: "Taken by another archive" });
    const before = await readApiJson<{ data: unknown[] }>(await manager.getJson(API));
    const response = await send(manager, "POST", API, {
      Name: "",
      MetadataSetId: "no-such-view",
      Pool: "elsewhere",
      DownloadProcessing: { ProcessingType: 1 },
      AutoSearch: "(unclosed",
      MetadataMacros: { Macros: [{ Field: 99998, Operation: 0, Value: "x", IngestionTypes: 1 }] },
      MemberList: [{ Id: 4242, MemberType: "user", AutoSearch: "" }],
    });
    expect(response.status).toBe(400);
    const body = await readApiJson<Refusal>(response);
    expect(body.value).toBe("name_required");
    // Refused for its name, the record still gets every other rule checked.
    expect(body.codes).toEqual([
      "name_required",
      "metadata_invalid",
      "path_invalid",
      "processing_profile_invalid",
      "search_expression_invalid",
      "macro_invalid",
      "member_invalid",
    ]);
    expect(Object.keys(body.fieldErrors)).toHaveLength(7);
    // With a name taken, name_exists joins them.
    const second = await readApiJson<Refusal>(
      await send(manager, "POST", API, {
        Name: "TAKEN by another archive",
        MetadataSetId: "no-such-view",
        Pool: "elsewhere",
        DownloadProcessing: { ProcessingType: 1 },
        AutoSearch: "(unclosed",
        MetadataMacros: { Macros: [{ Field: 99998, Operation: 0, Value: "x", IngestionTypes: 1 }] },
        MemberList: [{ Id: 4242, MemberType: "user", AutoSearch: "(also" }],
      }),
    );
    expect(second.status).toBe(400);
    expect(second.value).toBe("name_exists");
    expect(second.heading).toBe("InvalidSearchExpression");
    expect(second.codes).toEqual([
      "name_exists",
      "metadata_invalid",
      "path_invalid",
      "processing_profile_invalid",
      "search_expression_invalid",
      "macro_invalid",
      "member_invalid",
    ]);
    expect(Object.keys(second.fieldErrors).sort()).toEqual(
      [
        "Name",
        "MetadataSetId",
        "Pool",
        "DownloadProcessing.SpecificProcessingProfile",
        "AutoSearch",
        "MetadataMacros.Macros[0].Field",
        "MemberList[0].Id",
        "MemberList[0].AutoSearch",
      ].sort(),
    );
    const after = await readApiJson<{ data: unknown[] }>(await manager.getJson(API));
    expect(after.data.length).toBe(before.data.length);
  });

  test("processing profile and set: refused when empty or unknown, kept when they exist", async () => {
    const unknownSet = await readApiJson<Refusal>(
      await send(manager, "POST", API, {
        Name: "Set archive",
        DownloadProcessing: { ProcessingType: 2, CustomProcessingProfileSet: PROFILE },
      }),
    );
    expect(unknownSet.value).toBe("processing_profile_set_invalid");
    const withSet = await create({
      Name: "Set archive",
      DownloadProcessing: {
        ProcessingType: 2,
        CustomProcessingProfileSet: PROFILE_SET,
        SpecificProcessingProfile: PROFILE,
      },
    });
    // Type 2 keeps only the set (spec 001 section 4).
    expect(withSet.DownloadProcessing).toEqual({
      ProcessingType: 2,
      SpecificProcessingProfile: "00000000-0000-0000-0000-000000000000",
      CustomProcessingProfileSet: PROFILE_SET,
    });
    const withProfile = await create({
      Name: "Profile archive",
      DownloadProcessing: { ProcessingType: 1, SpecificProcessingProfile: PROFILE },
    });
    expect(withProfile.DownloadProcessing).toMatchObject({ SpecificProcessingProfile: PROFILE });
  });

  test("name_exists ignores case, on create and on rename; keeping one's own name is fine", async () => {
    const a = await create({ Name: "Unique Alpha" });
    await create({ Name: "Unique Beta" });
    const dup = await readApiJson<Refusal>(
      await send(manager, "POST", API, { Name: "UNIQUE alpha" }),
    );
    expect(dup.value).toBe("name_exists");
    const rename = await readApiJson<Refusal>(
      await send(manager, "PUT", `${API}/${a.Id}`, { Name: "unique beta", Revision: a.Revision }),
    );
    expect(rename.value).toBe("name_exists");
    const own = await send(manager, "PUT", `${API}/${a.Id}`, {
      Name: "UNIQUE ALPHA",
      Revision: a.Revision,
    });
    expect(own.status).toBe(200);
    expect((await readApiJson<Record_>(own)).Name).toBe("UNIQUE ALPHA");
  });

  test("PUT replaces the record and members, raises the revision; a stale one is 409 naming the change", async () => {
    const made = await create({ Name: "Shared desk" });
    const first = await send(manager, "PUT", `${API}/${made.Id}`, {
      ...made,
      Description: "Changed by the first",
      MemberList: [
        { Id: teamId, MemberType: "group", Permissions: ["View", "Preview"] },
        { Id: teamId, MemberType: "group", Permissions: ["Download"] },
      ],
    });
    expect(first.status).toBe(200);
    const saved = await readApiJson<Record_>(first);
    expect(saved.Revision).toBe(made.Revision + 1);
    // Duplicates are dropped (the first wins) and Everyone, absent, is not added back.
    expect(saved.MemberList.map((m) => [m.Id, m.Permissions])).toEqual([
      [teamId, ["View", "Preview"]],
    ]);
    const stale = await send(manager, "PUT", `${API}/${made.Id}`, {
      ...made,
      Name: "Shared desk (second)",
      Base: made,
    });
    expect(stale.status).toBe(409);
    const body = await readApiJson<Refusal>(stale);
    expect(body.value).toMatch(/description is now "Changed by the first"/);
    expect(body.value).toMatch(/access list changed/);
    const stored = await readApiJson<Record_>(await manager.getJson(`${API}/${made.Id}`));
    expect(stored.Name).toBe("Shared desk");
    expect(stored.Revision).toBe(saved.Revision);
  });

  test("path archives: a folder under the allowed roots, refused outside them", async () => {
    const outside = await readApiJson<Refusal>(
      await send(manager, "POST", API, { Name: "Outside", Path: os.tmpdir() }),
    );
    expect(outside.value).toBe("path_invalid");
    expect(outside.fieldErrors.Path).toMatch(/outside/);
    const escape = await readApiJson<Refusal>(
      await send(manager, "POST", API, { Name: "Escape", Path: `${root}/photos/../../etc` }),
    );
    expect(escape.value).toBe("path_invalid");
    const inside = await create({ Name: "On disk", Path: path.join(root, "photos") });
    expect(inside.Path).toBe(fs.realpathSync(path.join(root, "photos")));
    expect(inside.Pool).toBeNull();
    // Saving a folder queues its scan at once (decision 042); a pool archive queues none.
    const scans = await db()
      .selectFrom("jobs")
      .select("payload")
      .where("type", "=", "archiveScan")
      .execute();
    expect(scans.map((j) => JSON.parse(j.payload).archiveId)).toContain(inside.Id);
    const pool = await create({ Name: "In the pool" });
    const after = await db()
      .selectFrom("jobs")
      .select("payload")
      .where("type", "=", "archiveScan")
      .execute();
    expect(after.map((j) => JSON.parse(j.payload).archiveId)).not.toContain(pool.Id);
  });

  test("DELETE moves an archive into the trash can, asking first when it holds assets", async () => {
    const doomed = await create({ Name: "Doomed" });
    await insertReadyAssets(doomed.Id, 1);
    const refused = await send(manager, "DELETE", `${API}/${doomed.Id}`, "");
    expect(refused.status).toBe(409);
    await readApiJson(refused);
    expect((await manager.getJson(`${API}/${doomed.Id}`)).status).toBe(200);
    expect(
      (await send(member, "DELETE", `${API}/${doomed.Id}?confirmAssets=true`, "")).status,
    ).toBe(404);
    const done = await send(manager, "DELETE", `${API}/${doomed.Id}?confirmAssets=true`, "");
    expect(done.status).toBe(200);
    expect(await readApiJson<{ Name: string; AssetCount: number }>(done)).toMatchObject({
      Name: "Doomed",
      AssetCount: 1,
    });
    expect((await manager.getJson(`${API}/${doomed.Id}`)).status).toBe(404);
    expect((await send(manager, "DELETE", `${API}/${doomed.Id}`, "")).status).toBe(404);
    const trash = await db().selectFrom("trash_entries").select(["name", "asset_count"]).execute();
    expect(trash).toContainEqual({ name: "Doomed", asset_count: 1 });
  });

  test("hostile input is refused with 4xx and changes nothing", async () => {
    const made = await create({ Name: "Target" });
    const cases: [string, string, unknown, number][] = [
      ["POST", API, "{not json", 400],
      ["POST", API, "[1,2]", 400],
      ["POST", API, "null", 400],
      ["POST", API, { Name: "x".repeat(10_000) }, 400],
      ["POST", API, { Name: "a/b" }, 400],
      ["POST", API, { Name: "ok", MemberList: "everyone" }, 400],
      ["POST", API, { Name: "ok", MemberList: [{ Id: -5, MemberType: "user" }] }, 400],
      ["POST", API, { Name: "ok", MemberList: [{ Id: teamId, MemberType: "user" }] }, 400],
      ["POST", API, { Name: "ok", MemberList: [{ Id: 1, MemberType: "robot" }] }, 400],
      ["POST", API, { Name: "ok", Color: "red;background:url(x)" }, 400],
      ["POST", API, { Name: "ok", UploadDefaultJpegQuality: 101 }, 400],
      ["POST", API, { Name: "ok", InputLocation: 9 }, 400],
      ["POST", API, { Name: "ok", Properties: [{ key: 1 }] }, 400],
      ["PUT", `${API}/${made.Id}`, { Name: "Target", Revision: "soon" }, 400],
      ["PUT", `${API}/${made.Id}`, { Name: "Target", AutoSearch: "x".repeat(5000) }, 400],
      ["PUT", `${API}/${made.Id}-Target`, { Name: "Renamed" }, 404],
      ["PUT", `${API}/abc`, { Name: "Renamed" }, 404],
      ["PUT", `${API}/99999999999`, { Name: "Renamed" }, 404],
      ["DELETE", `${API}/abc`, null, 404],
      ["DELETE", `${API}/${made.Id}-Target`, null, 404],
      ["DELETE", `${API}/99999999999`, null, 404],
      ["PATCH", `${API}/${made.Id}`, { Name: "Patched" }, 405],
    ];
    for (const [method, url, body, status] of cases) {
      const response = await send(manager, method, url, body);
      expect(response.status, `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
      await readApiJson(response);
    }
    const stored = await readApiJson<Record_>(await manager.getJson(`${API}/${made.Id}`));
    expect(stored).toMatchObject({ Name: "Target", Revision: made.Revision });
    // Ids as strings (a form's, or another client's dialect) are read as numbers.
    const stringIds = await create({
      Name: "String ids",
      MemberList: [{ Id: String(teamId), MemberType: "group", Permissions: ["View"] }],
    });
    expect(stringIds.MemberList[0]!.Id).toBe(teamId);
    // Markup in a name is text: the page shows it escaped.
    const script = await create({ Name: "<img src=x onerror=alert(1)>" });
    const html = await (await manager.get(page(script.Id), { accept: "text/html" })).text();
    expect(html).not.toContain("<img src=x onerror=alert(1)>");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});

/** Every field of the dialog with a value other than its default, as the form posts it. */
function everyField(name: string): [string, string][] {
  return [
    ["Name", name],
    ["Description", "Every setting"],
    ["Revision", "0"],
    ["Color", "#1E88E5"],
    ["IconCharacter", "Camera"],
    ["Path", ""],
    ["Pool", "default"],
    ["AutoSearch", "25:ready"],
    ["MetadataSetId", "default"],
    ["IsIndexed", "true"],
    ["DataMining.Enabled", ""],
    ["RobotSettings.AllowIndexing", ""],
    ["SocialSettings.CommentType", "1"],
    ["SocialSettings.AnnotationsEnabled", "on"],
    ["NavigationPaneControl.TaxonomyFilters", "on"],
    ["NavigationPaneControl.SearchTreeFields", "25"],
    ["NavigationPaneControl.SearchTreeFields", "80"],
    ["NavigationPaneControl.FolderListSettings.ShowDocumentFolders", "on"],
    ["NavigationPaneControl.ShowSmartFolders", "on"],
    ["NavigationPaneControl.EnableCustomSmartFolderName", "on"],
    ["NavigationPaneControl.CustomSmartFolderName", "Saved searches"],
    ["WatermarkSettings.WatermarkFilename", ""],
    ["WatermarkSettings.WatermarkAlignment", "2"],
    ["WatermarkSettings.ScaleToFit", "on"],
    ["PreviewSizeList", "small-set"],
    ["DownloadProcessing.ProcessingType", "1"],
    ["DownloadProcessing.SpecificProcessingProfile", PROFILE],
    ["DownloadProcessing.CustomProcessingProfileSet", PROFILE_SET],
    ["UploadEnableClientSideResize", "on"],
    ["UploadDefaultJpegQuality", "65"],
    ["RestrictImageSize", "on"],
    ["UploadRestrictImageSize", "1024000"],
    ["RestrictFileSize", "on"],
    ["UploadRestrictFileSize", ""],
    ["AllowCropProfileChanges", "on"],
    ["CropProfileSet", "crop-set"],
    ["InputLocation", "2"],
    ["InputFolder", "Incoming/2026"],
    ["MetadataMacros.Macros[0].Field", "80"],
    ["MetadataMacros.Macros[0].Operation", "2"],
    ["MetadataMacros.Macros[0].Value", "Staff photographer"],
    ["MetadataMacros.Macros[0].IngestionTypes", "1"],
    ["MetadataMacros.Macros[0].IngestionTypes", "4"],
    ["MemberList[0].Id", String(EVERYONE_GROUP_ID)],
    ["MemberList[0].MemberType", "group"],
    ["MemberList[0].Permissions", "View"],
    ["MemberList[1].Id", String(teamId)],
    ["MemberList[1].MemberType", "group"],
    ["MemberList[1].Permissions", "View"],
    ["MemberList[1].Permissions", "Preview"],
    ["MemberList[1].Permissions", "HistoryRollback"],
    ["MemberList[1].AutoSearch", "25:desk"],
    ["Properties[0].key", "owner"],
    ["Properties[0].value", "Picture desk"],
    ["Properties[1].key", "dropped"],
    ["Properties[1].value", ""],
  ];
}

describe("the dialog's pages", () => {
  test("titles: Add archive and Archive details", async () => {
    const html = await (await manager.get(NEW_PAGE, { accept: "text/html" })).text();
    expect(html).toContain("<title>Add archive | Arkiv</title>");
    expect(html).toMatch(/<h1 id="archive-title">Add archive<\/h1>/);
    for (const section of ["General", "Export/Import", "Access list", "Custom properties"])
      expect(html).toContain(`>${section}</h2>`);
  });

  test("every setting on every tab is saved, reloaded and shown", async () => {
    const created = await postForm(manager, NEW_PAGE, everyField("Every setting"));
    expect(created.status).toBe(302);
    const location = created.headers.get("location")!;
    const id = Number(/\/(\d+)$/.exec(location)![1]);
    const record = await readApiJson<Record_>(await manager.getJson(`${API}/${id}`));
    expect(record).toMatchObject({
      Name: "Every setting",
      Description: "Every setting",
      IsHidden: true,
      Color: "#1E88E5",
      IconCharacter: "Camera",
      Pool: "default",
      AutoSearch: "25:ready",
      MetadataSetId: "default",
      RobotSettings: { AllowIndexing: false },
      SocialSettings: { CommentType: 1, AnnotationsEnabled: true },
      NavigationPaneControl: {
        SearchTreeFields: [25, 80],
        FolderListSettings: { ShowDocumentFolders: true },
        ShowFolderList: false,
        ShowSmartFolders: true,
        EnableCustomSmartFolderName: true,
        CustomSmartFolderName: "Saved searches",
      },
      // Scale-to-fit exists only for the centre: alignment 2 turns it off.
      WatermarkSettings: { WatermarkFilename: "", WatermarkAlignment: 2, ScaleToFit: false },
      PreviewSizeList: "small-set",
      DownloadProcessing: {
        ProcessingType: 1,
        SpecificProcessingProfile: PROFILE,
        CustomProcessingProfileSet: "00000000-0000-0000-0000-000000000000",
      },
      UploadEnableClientSideResize: true,
      UploadDefaultJpegQuality: 65,
      UploadRestrictImageSize: 1_024_000,
      // Turned on without a size: the smallest step.
      UploadRestrictFileSize: 512_000,
      AllowCropProfileChanges: true,
      CropProfileSet: "crop-set",
      InputLocation: 2,
      InputFolder: "Incoming/2026",
      MetadataMacros: {
        Macros: [{ Field: 80, Operation: 2, Value: "Staff photographer", IngestionTypes: 5 }],
      },
      Properties: [{ key: "owner", value: "Picture desk" }],
    });
    // Everyone kept last; HistoryRollback brought HistoryView with it.
    expect(record.MemberList.map((m) => [m.Id, m.Permissions, m.AutoSearch])).toEqual([
      [teamId, ["View", "Preview", "HistoryView", "HistoryRollback"], "25:desk"],
      [EVERYONE_GROUP_ID, ["View"], ""],
    ]);
    const html = await (await manager.get(location, { accept: "text/html" })).text();
    expect(html).toContain('<h1 id="archive-title">Archive details</h1>');
    for (const shown of [
      'value="Every setting"',
      'value="25:ready"',
      'value="Saved searches"',
      'value="Incoming/2026"',
      'value="Staff photographer"',
      'value="owner"',
      'value="Picture desk"',
      'value="25:desk"',
    ])
      expect(html, shown).toContain(shown);
    expect(html).toMatch(/value="#1E88E5"[^>]*checked|checked[^>]*value="#1E88E5"/);
    expect(html).toMatch(/value="Camera"[^>]*checked|checked[^>]*value="Camera"/);

    // Posting the same fields again (now with the stored revision) changes nothing but the revision.
    const again = await postForm(
      manager,
      location,
      everyField("Every setting").map(([k, v]) => [
        k,
        k === "Revision" ? String(record.Revision) : v,
      ]),
    );
    expect(again.status).toBe(302);
    const reloaded = await readApiJson<Record_>(await manager.getJson(`${API}/${id}`));
    expect({ ...reloaded, Revision: 0 }).toEqual({ ...record, Revision: 0 });
    expect(reloaded.Revision).toBe(record.Revision + 1);
  });

  test("errors by field from the form, all at once, with the values to show again", async () => {
    const fields = everyField("").map(([k, v]): [string, string] =>
      k === "AutoSearch" ? [k, "(broken"] : k === "MetadataSetId" ? [k, "gone"] : [k, v],
    );
    const response = await postForm(manager, NEW_DATA, fields);
    expect(response.status).toBe(400);
    const body = await readApiJson<Refusal>(response);
    expect(body.value).toBe("name_required");
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["AutoSearch", "MetadataSetId", "Name"]);
    const named = fields.map(([k, v]): [string, string] =>
      k === "Name" ? [k, "Fixed name"] : [k, v],
    );
    const second = await readApiJson<Refusal>(await postForm(manager, NEW_DATA, named));
    expect(Object.keys(second.fieldErrors).sort()).toEqual(["AutoSearch", "MetadataSetId"]);
    expect(second.payload).toMatchObject({ Name: "Fixed name", InputFolder: "Incoming/2026" });
    // Without JavaScript the page shows them by their fields.
    const html = await (
      await manager.request(NEW_PAGE, {
        method: "POST",
        body: new URLSearchParams(named),
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      })
    ).text();
    expect(html).toContain("This search filter is not valid");
    expect(html).toContain("Choose one of the metadata views.");
  });

  test("a stale form save is 409 and says what the other changed", async () => {
    const made = await create({ Name: "Two editors" });
    const base = JSON.stringify(made);
    const form = (name: string): [string, string][] => [
      ...everyField(name).map(([k, v]): [string, string] => [k, k === "Revision" ? "1" : v]),
      ["Base", base],
    ];
    expect((await postForm(manager, page(made.Id), form("Two editors, first"))).status).toBe(302);
    const stale = await postForm(manager, pageData(made.Id), form("Two editors, second"));
    expect(stale.status).toBe(409);
    const body = await readApiJson<Refusal>(stale);
    expect(body.formError).toMatch(/name is now "Two editors, first"/);
  });

  test("without JavaScript: rows removed and people found and added, nothing saved until Save", async () => {
    const made = await create({ Name: "Rows" });
    const fields = everyField("Rows");
    const removed = await postForm(manager, pageData(made.Id), [
      ...fields,
      ["__intent__", JSON.stringify({ type: "remove", payload: { name: "MemberList", index: 1 } })],
    ]);
    expect(removed.status).toBe(200);
    const afterRemove = await readApiJson<{ payload: { MemberList: { Id: string }[] } }>(removed);
    expect(afterRemove.payload.MemberList.map((m) => m.Id)).toEqual([String(EVERYONE_GROUP_ID)]);
    const found = await readApiJson<{ candidates: { key: string }[] }>(
      await postForm(manager, pageData(made.Id), [
        ...fields,
        ["memberQuery", "eddie"],
        ["memberIntent", "find"],
      ]),
    );
    expect(found.candidates.map((c) => c.key)).toEqual([`user:${editorId}`]);
    const added = await readApiJson<{
      payload: { MemberList: { Id: string; Permissions: string[] }[] };
    }>(
      await postForm(manager, pageData(made.Id), [
        ...fields,
        ["addMember", `user:${editorId}`],
        ["addMember", `group:${teamId}`],
        ["addMember", "group:424242"],
        ["memberIntent", "add"],
      ]),
    );
    expect(added.payload.MemberList.map((m) => m.Id)).toEqual([
      String(teamId),
      String(editorId),
      String(EVERYONE_GROUP_ID),
    ]);
    expect(added.payload.MemberList[1]!.Permissions).toEqual(["View", "Preview"]);
    const stored = await readApiJson<Record_>(await manager.getJson(`${API}/${made.Id}`));
    expect(stored.Revision).toBe(made.Revision);
    expect(stored.MemberList.map((m) => m.Id)).toEqual([EVERYONE_GROUP_ID]);
  });
});

describe("ways in", () => {
  test("the add-archive tile on the archives list and the details link, for managers only", async () => {
    const made = await create({ Name: "Linked from its page" });
    const list = await (await manager.get("/fotoweb/archives/", { accept: "text/html" })).text();
    expect(list).toContain('data-testid="add-archive-tile"');
    expect(list).toContain(`href="${NEW_PAGE}"`);
    const albums = await (await manager.get("/fotoweb/albums/", { accept: "text/html" })).text();
    expect(albums).not.toContain("add-archive-tile");
    const archivePage = await (
      await manager.get(made.Href as string, { accept: "text/html" })
    ).text();
    expect(archivePage).toContain(`<a href="${page(made.Id)}">Archive details</a>`);
    // Everyone may view it, so the member sees the archive but neither way in.
    const memberList = await (
      await member.get("/fotoweb/archives/", { accept: "text/html" })
    ).text();
    expect(memberList).toContain("Linked from its page");
    expect(memberList).not.toContain("add-archive-tile");
    const memberPage = await (
      await member.get(made.Href as string, { accept: "text/html" })
    ).text();
    expect(memberPage).toContain("Linked from its page");
    // As a link: the words themselves travel in the page's messages block (decision 101).
    expect(memberPage).not.toContain(">Archive details</a>");
    expect(memberPage).not.toContain(`href="${page(made.Id)}"`);
  });
});
