import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inEnglish } from "../helpers/keyed";
import { db, now } from "~/db/connection.server";
import { EVERYONE_GROUP_ID } from "~/db/schema";
import { assetDecision, archiveDecision } from "~/models/access/access.server";
import {
  ARCHIVE_PERMISSIONS,
  archiveMemberSchema,
  togglePermission,
  withPrerequisites,
  type ArchivePermission,
} from "~/models/archive/archive.schema";
import {
  archiveMembers,
  createArchive,
  type Archive,
  type Collection,
} from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { addPins } from "~/models/pin/pin.server";
import { accessFile, REPLACED_RENDITION_GRACE_MS } from "~/models/rendition/rendition.server";
import { isProblem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { insertAsset } from "../helpers/assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Every archive permission, as issue 16 asks (decision 039): an archive whose access list gives a
 * group View and Preview, a user EditText under a search filter, another user a filtered set of
 * the permissions whose features exist (Download, UploadFile, Alert, CopyTo, MoveTo), and
 * Everyone nothing. Each holder may do exactly what they hold, on exactly the assets their entry's
 * filter selects; what someone may not see answers as what does not exist. Permissions whose
 * features come with later issues are checked where they show today: the collection's
 * `permissions` list holds each exactly when granted. Then the dependency rules as stored.
 */

const LIST = "application/vnd.fotoware.collectionlist+json";
const COLLECTION = "application/vnd.fotoware.collection+json";
const ASSETLIST = "application/vnd.fotoware.assetlist+json";
const ASSET = "application/vnd.fotoware.asset+json";

let server: TestServer;
let archive: Archive;
let portrait: number;
let landscape: number;
const users: Record<string, Viewer> = {};
const clients: Record<string, Client> = {};
/** One archive per permission, each giving the holder View and that permission alone. */
const perPermission = new Map<ArchivePermission, Archive>();
let viewersGroup: number;

interface AssetJson {
  id: number;
  href: string;
  permissions: string[];
  previews: unknown[];
  quickRenditions: unknown[];
  renditions: { href: string; original: boolean }[];
  placeholder: string | null;
}

const PASSWORD = (name: string) => `${name}-password-1`;
const hrefOf = (id: number, name = "any.jpg") =>
  assetHref(archive.id, archive.name, { id, fileName: name });
const MISSING_ASSET = () => hrefOf(999_999_999);
const MISSING_ARCHIVE = "/fotoweb/archives/987654-Nowhere/";

/** An error body without what differs on every request. */
async function refusal(response: Response) {
  const body = (await readApiJson(response)) as Record<string, unknown>;
  delete body.requestId;
  delete body.date;
  return { status: response.status, body };
}

async function collections(client: Client) {
  const response = await client.getJson("/fotoweb/archives/", LIST);
  expect(response.status).toBe(200);
  return (await readApiJson<{ data: Collection[] }>(response)).data;
}

async function gridIds(client: Client, query = "") {
  const response = await client.getJson(`${archive.href}${query}`, ASSETLIST);
  expect(response.status).toBe(200);
  return (await readApiJson<{ data: { id: number }[] }>(response)).data.map((a) => a.id);
}

async function assetJson(client: Client, id: number) {
  const response = await client.getJson(hrefOf(id), ASSET);
  expect(response.status, `asset ${id}`).toBe(200);
  return readApiJson<AssetJson>(response);
}

const rendition = (client: Client, id: number, name: string) =>
  client.get(`${hrefOf(id)}/__renditions/${name}`, { accept: "application/json" });

function createUpload(client: Client, destination: string) {
  return client.request("/fotoweb/api/uploads", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ destination, filename: "new.jpg", fileSize: 1000 }),
  });
}

async function problemOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isProblem(error)) return error.kind;
    throw error;
  }
  return "allowed";
}

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ["viewer", "looker", "editor", "narrow", "stranger", "holder"]) {
    users[name] = await createUser({ username: name, password: PASSWORD(name) });
  }
  const { id: viewers } = await db()
    .insertInto("groups")
    .values({ name: "Viewers", created_at: now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  viewersGroup = viewers;
  for (const name of ["viewer", "editor"])
    await db()
      .insertInto("group_members")
      .values({ group_id: viewers, user_id: users[name]!.id })
      .execute();
  archive = await createArchive({
    name: "Permissions",
    members: [
      { type: "group", id: viewers, permissions: ["View", "Preview"], autoSearch: "" },
      { type: "user", id: users.looker!.id, permissions: ["View"], autoSearch: "" },
      {
        type: "user",
        id: users.editor!.id,
        permissions: ["EditText"],
        autoSearch: "o:portrait",
      },
      {
        type: "user",
        id: users.narrow!.id,
        permissions: ["View", "Preview", "Download", "UploadFile", "Alert", "CopyTo", "MoveTo"],
        autoSearch: "o:portrait",
      },
      { type: "group", id: EVERYONE_GROUP_ID, permissions: [], autoSearch: "" },
    ],
  });
  portrait = await insertAsset(archive, {
    fileName: "portrait.jpg",
    title: "harbour",
    width: 200,
    height: 300,
  });
  landscape = await insertAsset(archive, {
    fileName: "landscape.jpg",
    title: "harbour",
    width: 300,
    height: 200,
  });
  for (const permission of ARCHIVE_PERMISSIONS) {
    perPermission.set(
      permission,
      await createArchive({
        name: `Only ${permission}`,
        members: [
          {
            type: "user",
            id: users.holder!.id,
            permissions: ["View", permission],
            autoSearch: "",
          },
        ],
      }),
    );
  }
  for (const name of Object.keys(users)) {
    clients[name] = new Client(server.url);
    await clients[name]!.signIn(name, PASSWORD(name));
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("View", () => {
  test("the holder finds the archive in the list, its grid, its assets and its search", async () => {
    const viewer = clients.viewer!;
    expect((await collections(viewer)).map((c) => c.name)).toContain("Permissions");
    expect((await viewer.getJson(archive.href, COLLECTION)).status).toBe(200);
    expect((await gridIds(viewer)).sort()).toEqual([portrait, landscape].sort());
    expect((await gridIds(viewer, "?q=harbour")).sort()).toEqual([portrait, landscape].sort());
    expect((await assetJson(viewer, landscape)).id).toBe(landscape);
    const page = await viewer.get(hrefOf(landscape), { accept: "text/html" });
    expect(page.status).toBe(200);
  });

  test("without it (Everyone holds nothing) the archive and its assets do not exist", async () => {
    const stranger = clients.stranger!;
    expect((await collections(stranger)).map((c) => c.name)).not.toContain("Permissions");
    const hidden = await refusal(await stranger.getJson(archive.href, ASSETLIST));
    const absent = await refusal(await stranger.getJson(MISSING_ARCHIVE, ASSETLIST));
    expect(hidden).toEqual(absent);
    expect(hidden.status).toBe(404);
    expect(await refusal(await stranger.getJson(hrefOf(portrait), ASSET))).toEqual(
      await refusal(await stranger.getJson(MISSING_ASSET(), ASSET)),
    );
    const search = await stranger.getJson("/fotoweb/search/?q=harbour", LIST);
    expect(JSON.stringify(await readApiJson(search))).not.toContain("Permissions");
  });

  test("a member's search filter: an asset outside it cannot be read, searched or pinned", async () => {
    const narrow = clients.narrow!;
    expect(await gridIds(narrow)).toEqual([portrait]);
    expect(await gridIds(narrow, "?q=harbour")).toEqual([portrait]);
    expect(await refusal(await narrow.getJson(hrefOf(landscape), ASSET))).toEqual(
      await refusal(await narrow.getJson(MISSING_ASSET(), ASSET)),
    );
    expect(await problemOf(addPins(users.narrow!, [landscape]))).toBe("not-found");
    expect(await problemOf(addPins(users.narrow!, [portrait]))).toBe("allowed");
    await db().deleteFrom("asset_pins").execute();
  });
});

describe("Preview", () => {
  test("the holder gets preview links in the asset JSON and the preview file", async () => {
    const json = await assetJson(clients.viewer!, portrait);
    expect(json.previews.length).toBeGreaterThan(0);
    expect(json.renditions.some((r) => r.href.endsWith("/__renditions/PREVIEW"))).toBe(true);
    expect((await rendition(clients.viewer!, portrait, "PREVIEW")).status).toBe(302);
  });

  test("View without Preview: no image at all, links nor files (the house rule)", async () => {
    const json = await assetJson(clients.looker!, portrait);
    expect(json.previews).toEqual([]);
    expect(json.quickRenditions).toEqual([]);
    expect(json.renditions).toEqual([]);
    expect(json.placeholder).toBeNull();
    expect((await rendition(clients.looker!, portrait, "PREVIEW")).status).toBe(403);
    // The file address itself, learnt from someone who may preview, is refused too.
    const file = (await rendition(clients.viewer!, portrait, "PREVIEW")).headers.get("location")!;
    expect((await clients.looker!.get(file)).status).toBe(403);
    expect((await clients.stranger!.get(file)).status).toBe(404);
    // And the archive's cover in the list holds no images either.
    const cover = (await collections(clients.looker!)).find((c) => c.name === "Permissions")!;
    expect(cover.posterImages).toEqual([]);
  });
});

describe("Download", () => {
  test("the holder gets the original of what their filter selects, nothing else", async () => {
    const narrow = clients.narrow!;
    expect((await rendition(narrow, portrait, "ORIGINAL")).status).toBe(302);
    const json = await assetJson(narrow, portrait);
    expect(json.renditions.some((r) => r.original)).toBe(true);
    expect((await rendition(narrow, landscape, "ORIGINAL")).status).toBe(404);
  });

  test("without it no original: not offered, and refused by address", async () => {
    const viewer = clients.viewer!;
    expect((await assetJson(viewer, portrait)).renditions.some((r) => r.original)).toBe(false);
    expect((await rendition(viewer, portrait, "ORIGINAL")).status).toBe(403);
    const file = (await rendition(clients.narrow!, portrait, "ORIGINAL")).headers.get("location")!;
    expect((await viewer.get(file)).status).toBe(403);
    expect((await clients.stranger!.get(file)).status).toBe(404);
  });
});

describe("UploadFile", () => {
  test("the holder may upload into the archive and a revision onto what their filter selects", async () => {
    expect((await createUpload(clients.narrow!, archive.href)).status).toBe(200);
    expect((await createUpload(clients.narrow!, hrefOf(portrait))).status).toBe(200);
    await db().deleteFrom("uploads").execute();
    expect(await refusal(await createUpload(clients.narrow!, hrefOf(landscape)))).toEqual(
      await refusal(await createUpload(clients.narrow!, MISSING_ASSET())),
    );
  });

  test("without it: refused where the archive is seen, absent where it is not", async () => {
    const viewer = await createUpload(clients.viewer!, archive.href);
    expect(viewer.status).toBe(403);
    expect(await refusal(await createUpload(clients.stranger!, archive.href))).toEqual(
      await refusal(await createUpload(clients.stranger!, MISSING_ARCHIVE)),
    );
    expect(await db().selectFrom("uploads").select("id").execute()).toEqual([]);
  });
});

describe("Alert, CopyTo, MoveTo and UploadFile as the collection's abilities", () => {
  test("each flag is true exactly for the holder", async () => {
    const of = async (name: string) =>
      (await collections(clients[name]!)).find((c) => c.name === "Permissions")!;
    expect(await of("narrow")).toMatchObject({
      canCreateAlerts: true,
      canCopyTo: true,
      canMoveTo: true,
      canUploadTo: true,
    });
    expect(await of("viewer")).toMatchObject({
      canCreateAlerts: false,
      canCopyTo: false,
      canMoveTo: false,
      canUploadTo: false,
    });
    const own = await clients.narrow!.getJson(archive.href, COLLECTION);
    expect(await readApiJson(own)).toMatchObject({ canCreateAlerts: true, canCopyTo: true });
  });
});

describe("EditText under a search filter", () => {
  test("applies to the assets the entry's filter selects, while View comes from the group", async () => {
    const editor = users.editor!;
    expect((await assetDecision(editor, portrait, "EditText")).allowed).toBe(true);
    const outside = await assetDecision(editor, landscape, "EditText");
    expect(outside.allowed).toBe(false);
    // The landscape is seen through the group, so the refusal may say so.
    if (!outside.allowed) expect(outside.problem.kind).toBe("forbidden");
    expect((await assetJson(clients.editor!, portrait)).permissions).toContain("EditText");
    expect((await assetJson(clients.editor!, landscape)).permissions).not.toContain("EditText");
    expect((await gridIds(clients.editor!)).sort()).toEqual([portrait, landscape].sort());
  });

  test("the others hold no EditText; narrow's hidden landscape is refused as absent", async () => {
    expect((await assetDecision(users.viewer!, portrait, "EditText")).allowed).toBe(false);
    const hidden = await assetDecision(users.narrow!, landscape, "UploadFile");
    expect(hidden.allowed ? null : inEnglish(hidden.problem.message)).toBe(
      "There is no asset at this address.",
    );
    expect((await archiveDecision(users.stranger!, archive.id, "View")).allowed).toBe(false);
  });
});

describe("HistoryView under a search filter", () => {
  /** The first revision's preview of each asset, once a second revision is current. */
  const firstRevisions: Record<"portrait" | "landscape", number> = { portrait: 0, landscape: 0 };

  beforeAll(async () => {
    const history = await createArchive({
      name: "History",
      members: [
        { type: "group", id: viewersGroup, permissions: ["View", "Preview"], autoSearch: "" },
        {
          type: "user",
          id: users.editor!.id,
          permissions: ["HistoryView"],
          autoSearch: "o:portrait",
        },
      ],
    });
    for (const [kind, width, height] of [
      ["portrait", 200, 300],
      ["landscape", 300, 200],
    ] as const) {
      const id = await insertAsset(history, { fileName: `${kind}.jpg`, width, height });
      const first = await db()
        .selectFrom("revisions")
        .select("id")
        .where("asset_id", "=", id)
        .executeTakeFirstOrThrow();
      firstRevisions[kind] = first.id;
      await db()
        .insertInto("revisions")
        .values({
          asset_id: id,
          number: 2,
          blob_hash: "c".repeat(64),
          file_name: `${kind}.jpg`,
          file_size: 1000,
          mime: "image/jpeg",
          created_by: null,
          // Replaced two days ago: past the while a just-replaced revision's renditions keep
          // answering (decision 070), so the history's own permission decides.
          created_at: new Date(Date.now() - 2 * REPLACED_RENDITION_GRACE_MS).toISOString(),
        })
        .execute();
      await db().updateTable("assets").set({ current_revision: 2 }).where("id", "=", id).execute();
    }
  });

  test("an earlier revision's file opens only on the assets the HistoryView entry selects", async () => {
    const editor = users.editor!;
    expect(await accessFile(editor, firstRevisions.portrait, "preview")).toMatchObject({
      ok: true,
    });
    expect(await accessFile(editor, firstRevisions.landscape, "preview")).toMatchObject({
      ok: false,
      status: 404,
    });
    // Without HistoryView the history does not exist for the group's other members.
    expect(await accessFile(users.viewer!, firstRevisions.portrait, "preview")).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

describe("every permission in the collection's permissions list exactly when granted", () => {
  test("one archive per permission, View and that one alone", async () => {
    const list = await collections(clients.holder!);
    for (const [permission, only] of perPermission) {
      const entry = list.find((c) => c.name === only.name);
      expect(entry, permission).toBeDefined();
      expect([...entry!.permissions].sort(), permission).toEqual(
        withPrerequisites(["View", permission]).sort(),
      );
      expect(entry).toMatchObject({
        canUploadTo: permission === "UploadFile",
        canCopyTo: permission === "CopyTo",
        canMoveTo: permission === "MoveTo",
        canCreateAlerts: permission === "Alert",
      });
    }
  });

  test("the group's members hold View and Preview; the filtered members their own lists", async () => {
    const permissionsOf = async (name: string) =>
      (await collections(clients[name]!)).find((c) => c.name === "Permissions")?.permissions;
    expect(await permissionsOf("viewer")).toEqual(["View", "Preview"]);
    expect(await permissionsOf("looker")).toEqual(["View"]);
    expect(await permissionsOf("editor")).toEqual(["View", "Preview", "EditText"]);
    expect(await permissionsOf("stranger")).toBeUndefined();
  });
});

describe("the dependency rules as stored (spec 001 section 4)", () => {
  const stored = async (permissions: string[]) => {
    const member = archiveMemberSchema.parse({
      Id: users.holder!.id,
      MemberType: "user",
      Permissions: permissions,
    });
    const made = await createArchive({
      name: `Rules ${permissions.join(" ")}`,
      members: [{ type: "user", id: member.Id, permissions: member.Permissions, autoSearch: "" }],
    });
    return (await archiveMembers(made.id))[0]!.permissions;
  };

  test("a dependent saved alone stores its prerequisites", async () => {
    expect(await stored(["HistoryRollback"])).toEqual(["HistoryView", "HistoryRollback"]);
    expect(await stored(["HistoryManage"])).toEqual(["HistoryView", "HistoryManage"]);
    expect(await stored(["ManageConsentStatus"])).toEqual([
      "ViewConsentSummary",
      "ViewConsentDetails",
      "ManageConsentStatus",
    ]);
    expect(await stored(["ViewConsentDetails"])).toEqual([
      "ViewConsentSummary",
      "ViewConsentDetails",
    ]);
  });

  test("the model stores prerequisites whoever calls it, and grants them from an old entry", async () => {
    const made = await createArchive({
      name: "Rules direct",
      members: [
        { type: "user", id: users.holder!.id, permissions: ["HistoryManage"], autoSearch: "" },
      ],
    });
    const raw = await db()
      .selectFrom("archive_members")
      .select("permissions")
      .where("archive_id", "=", made.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(raw.permissions)).toEqual(["HistoryView", "HistoryManage"]);
    // An entry written without them (by an older writer) still grants them.
    await db()
      .updateTable("archive_members")
      .set({ permissions: JSON.stringify(["View", "ManageConsentStatus"]) })
      .where("archive_id", "=", made.id)
      .execute();
    const entry = (await collections(clients.holder!)).find((c) => c.name === "Rules direct");
    expect(entry?.permissions).toEqual([
      "View",
      "ViewConsentSummary",
      "ViewConsentDetails",
      "ManageConsentStatus",
    ]);
  });

  test("removing HistoryView removes what needs it", async () => {
    const held = await stored(["View", "HistoryRollback", "HistoryManage"]);
    const after = togglePermission(held, "HistoryView", false);
    expect(after).toEqual(["View"]);
    const member = archiveMemberSchema.parse({ Id: 1, MemberType: "user", Permissions: after });
    expect(member.Permissions).toEqual(["View"]);
  });
});
