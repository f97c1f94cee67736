import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { AREA_NOT_FOUND } from "~/models/access/access.server";
import { assetHref } from "~/models/asset/asset.server";
import { updateSiteSettings } from "~/models/site/site.server";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { insertReadyAssets } from "../helpers/grid-assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { inEnglish } from "../helpers/keyed";

/*
 * Metadata fields and views over HTTP on the dialect under test (decision 032): the metadata set
 * at /fotoweb/editors/{id} that every collection's and asset's metadataEditor links, the
 * configuration reads of spec 001 for ManageArchives only, the writes and their rules, and
 * hostile input answered with 4xx without changing anything.
 */

const SET_TYPE = "application/vnd.fotoware.metadata-set+json";
const LIST_TYPE = "application/vnd.fotoware.collectionlist+json";
const CONFIG = "/fotoweb/api/config/metadata";
const VIEWS = "/fotoweb/api/config/metadataviews";

interface Editor {
  name: string;
  href: string;
}
interface SetEntry {
  field: { id: number; label: string; "data-type": string; "multi-instance": boolean };
  isWritable: boolean;
  required: boolean;
  "taxonomy-only": boolean;
}
interface MetadataSet {
  id: string;
  name: string;
  builtinFields: Record<string, SetEntry>;
  detailRegions: { name: string; fields: SetEntry[] }[];
}
interface ConfigField {
  Id: number;
  GuiLabel: string;
  Namespace: string;
  Group: string;
  FieldType: string;
  IsBuiltin: boolean;
  Href: string;
}
interface ConfigView {
  Id: string;
  Name: string;
  Href: string;
  EditorHref: string;
}
interface FormReply {
  fieldErrors: Record<string, string>;
}

let server: TestServer;
let owner: Client;
let member: Client;
let guest: Client;
let anonymous: Client;
let open: Archive;
let assetId: number;

const send = (client: Client, method: string, path: string, body: unknown) =>
  client.request(path, {
    method,
    headers: { "content-type": "application/json", accept: "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const count = async (table: "metadata_views" | "metadata_fields") =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const entry = (field: number) => ({ Field: field });

/** A valid view over built-in fields, with a name and id of its own. */
const viewBody = (name: string, extra: Record<string, unknown> = {}) => ({
  Name: name,
  BuiltinFields: { Title: entry(5), Description: entry(120), Tags: entry(25) },
  DetailRegions: [{ Name: "Story", Fields: [entry(5), entry(120), entry(105)] }],
  ...extra,
});

beforeAll(async () => {
  server = await startTestServer();
  await createUser({ username: "member", password: "member-password-1" });
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  member = new Client(server.url);
  await member.signIn("member", "member-password-1");
  guest = new Client(server.url);
  await guest.signInAsGuest();
  anonymous = new Client(server.url);
  open = await createArchive({ name: "Open archive" });
  const [made] = await insertReadyAssets(open.id, 1);
  assetId = made!.id;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the metadata set at /fotoweb/editors/{id}", () => {
  test("every collection and asset names its archive's view, and the href answers it", async () => {
    const list = await readApiJson<{ data: { href: string; metadataEditor: Editor }[] }>(
      await member.getJson("/fotoweb/archives/", LIST_TYPE),
    );
    const entry = list.data.find((c) => c.href === open.href)!;
    expect(entry.metadataEditor).toEqual({ name: "Default", href: "/fotoweb/editors/default" });
    for (const type of [
      "application/vnd.fotoware.collection+json",
      "application/vnd.fotoware.collectioninfo+json",
    ]) {
      const own = await readApiJson<{ metadataEditor: Editor }>(
        await member.getJson(open.href, type),
      );
      expect(own.metadataEditor, type).toEqual(entry.metadataEditor);
    }
    const assets = await readApiJson<{ data: { metadataEditor: Editor }[] }>(
      await member.getJson(open.href, "application/vnd.fotoware.assetlist+json"),
    );
    expect(assets.data.map((a) => a.metadataEditor)).toEqual([entry.metadataEditor]);
    const href = assetHref(open.id, open.name, { id: assetId, fileName: "name00.jpg" });
    const asset = await readApiJson<{ metadataEditor: Editor }>(
      await member.getJson(href, "application/vnd.fotoware.asset+json"),
    );
    expect(asset.metadataEditor).toEqual(entry.metadataEditor);

    const response = await member.getJson(asset.metadataEditor.href, SET_TYPE);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain(SET_TYPE);
    const set = await readApiJson<MetadataSet>(response);
    expect(set.name).toBe("Default");
    expect(Object.keys(set.builtinFields).sort()).toEqual(
      ["description", "notes", "rating", "status", "tags", "title"].sort(),
    );
    expect(set.builtinFields.title!.field.id).toBe(5);
    expect(set.builtinFields.tags!.field["multi-instance"]).toBe(true);
    expect(set.detailRegions.map((r) => r.name)).toEqual([
      "Description",
      "Location",
      "Rights",
      "Origin",
    ]);
    const ids = set.detailRegions.flatMap((r) => r.fields.map((f) => f.field.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("plain JSON and the vendor type; another JSON type is 406; a browser gets a page", async () => {
    const plain = await member.getJson("/fotoweb/editors/default");
    expect(plain.headers.get("content-type")).toContain("application/json");
    const set = await readApiJson<MetadataSet>(plain);
    expect(set.id).toBe("default");
    const other = await member.getJson(
      "/fotoweb/editors/default",
      "application/vnd.fotoware.collection+json",
    );
    expect(other.status).toBe(406);
    await readApiJson(other);
    const page = await member.get("/fotoweb/editors/default", { accept: "text/html" });
    expect(page.status).toBe(200);
    const html = await page.text();
    // React separates the text from the value with an empty comment.
    expect(html).toMatch(/<h1 id="view-title">Metadata view: (<!-- -->)?Default<\/h1>/);
    for (const region of set.detailRegions) expect(html).toContain(`>${region.name}</h2>`);
  });

  test("whoever may browse reads it: the guest and anonymous visitors while guests are allowed", async () => {
    expect((await guest.getJson("/fotoweb/editors/default", SET_TYPE)).status).toBe(200);
    expect((await anonymous.getJson("/fotoweb/editors/default", SET_TYPE)).status).toBe(200);
    await updateSiteSettings({ guestAccess: false });
    try {
      const refused = await anonymous.getJson("/fotoweb/editors/default", SET_TYPE);
      expect(refused.status).toBe(401);
      await readApiJson(refused);
      const page = await anonymous.get("/fotoweb/editors/default", { accept: "text/html" });
      expect(page.status).toBe(302);
    } finally {
      await updateSiteSettings({ guestAccess: true });
    }
  });

  test("unknown, hostile and huge ids are 404, as JSON and as a page", async () => {
    const ids = [
      "nope",
      "..%2F..%2Fetc%2Fpasswd",
      "..%5Cdefault",
      "default%00",
      "default%20",
      "%E2%80%AEdefault",
      "'%3B%20drop%20table%20metadata_views%3B--",
      "a".repeat(4000),
      "%25",
    ];
    for (const id of ids) {
      const json = await member.getJson(`/fotoweb/editors/${id}`, SET_TYPE);
      expect(json.status, id).toBe(404);
      const body = await readApiJson<{ value: string }>(json);
      expect(body.value).toBe("There is no metadata view at this address.");
      const page = await member.get(`/fotoweb/editors/${id}`, { accept: "text/html" });
      expect(page.status, id).toBe(404);
    }
    expect(await count("metadata_views")).toBeGreaterThanOrEqual(1);
  });
});

describe("the configuration reads (ManageArchives)", () => {
  const reads = [
    `${CONFIG}/fields/all`,
    `${CONFIG}/fields/`,
    `${CONFIG}/fields/5`,
    `${CONFIG}/namespaces`,
    `${CONFIG}/namespaces/iptc/fields`,
    `${CONFIG}/fields/known`,
    `${CONFIG}/groups`,
    `${CONFIG}/groups/Location/fields`,
    VIEWS,
    `${VIEWS}/default`,
  ];

  test("the site owner reads every one", async () => {
    for (const path of reads) {
      const response = await owner.getJson(path);
      expect(response.status, path).toBe(200);
      await readApiJson(response);
    }
    const all = await readApiJson<{ data: ConfigField[] }>(
      await owner.getJson(`${CONFIG}/fields/all`),
    );
    expect(all.data.find((f) => f.Id === 25)).toMatchObject({
      GuiLabel: "Keywords",
      FieldType: "Bag",
      Namespace: "iptc",
      IsBuiltin: true,
    });
    // Each field's href answers that field.
    const byHref = await readApiJson<ConfigField>(await owner.getJson(all.data[0]!.Href));
    expect(byHref.Id).toBe(all.data[0]!.Id);
    // A plain list, as the real product answers it, with the Url, Alias and Name clients read.
    const namespaces = await readApiJson<
      { Alias: string; Name: string; Url: string; Href: string }[]
    >(await owner.getJson(`${CONFIG}/namespaces`));
    expect(namespaces.find((ns) => ns.Alias === "iptc")).toMatchObject({
      Name: "IPTC",
      Url: "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/",
    });
    for (const ns of namespaces) {
      const inside = await readApiJson<{ data: ConfigField[] }>(await owner.getJson(ns.Href));
      expect(inside.data.every((f) => f.Namespace === ns.Alias)).toBe(true);
    }
    const groups = await readApiJson<{ data: { Name: string; Href: string }[] }>(
      await owner.getJson(`${CONFIG}/groups`),
    );
    expect(groups.data.map((g) => g.Name)).toEqual(
      expect.arrayContaining(["Description", "Location", "Rights"]),
    );
    const location = await readApiJson<{ data: ConfigField[] }>(
      await owner.getJson(groups.data.find((g) => g.Name === "Location")!.Href),
    );
    expect(location.data.map((f) => f.Id).sort()).toEqual([90, 92, 95, 101].sort());
    const views = await readApiJson<{ data: ConfigView[] }>(await owner.getJson(VIEWS));
    const fallback = views.data.find((v) => v.Id === "default")!;
    expect(fallback.EditorHref).toBe("/fotoweb/editors/default");
  });

  test("the known fields: a plain list of every field in the real product's known-field shape", async () => {
    const known = await readApiJson<Record<string, unknown>[]>(
      await owner.getJson(`${CONFIG}/fields/known`),
    );
    const all = await readApiJson<{ data: ConfigField[] }>(
      await owner.getJson(`${CONFIG}/fields/all`),
    );
    expect(known.map((f) => f["Id"])).toEqual(all.data.map((f) => f.Id));
    const keys = ["Id", "Name", "GuiLabel", "FieldType", "ValueType", "Namespace"];
    const more = ["NamespaceLabel", "MaxSize", "StructName", "StructLabel", "AdobeName"];
    for (const field of known)
      for (const key of [...keys, ...more, "CoreName", "IsMultiline"])
        expect(field, String(field["Id"])).toHaveProperty(key);
    expect(known.find((f) => f["Id"] === 25)).toMatchObject({
      Name: "Keywords",
      FieldType: "Bag",
      ValueType: "Text",
      Namespace: "iptc",
    });
    // A date is one of the real product's field types, its value type saying Date.
    expect(known.find((f) => f["Id"] === 55)).toMatchObject({
      FieldType: "Single",
      ValueType: "Date",
    });
    expect(known.find((f) => f["Id"] === 251)).toMatchObject({ ValueType: "Integer" });
    const types = new Set(known.map((f) => f["FieldType"]));
    expect([...types].every((t) => ["AltLang", "Bag", "Seq", "Single"].includes(String(t)))).toBe(
      true,
    );
  });

  test("to a member the area does not exist: 404 at every address, existing or not; the guest and nobody 401", async () => {
    const missing = [`${CONFIG}/fields/99999`, `${CONFIG}/groups/Nope/fields`, `${VIEWS}/nope`];
    for (const path of [...reads, ...missing]) {
      const refused = await member.getJson(path);
      expect(refused.status, path).toBe(404);
      const body = await readApiJson<{ value: string }>(refused);
      expect(body.value).toBe(inEnglish(AREA_NOT_FOUND));
      expect((await guest.getJson(path)).status, path).toBe(401);
      expect((await anonymous.getJson(path)).status, path).toBe(401);
    }
    const before = await count("metadata_views");
    expect((await send(member, "POST", VIEWS, viewBody("Sneaky"))).status).toBe(404);
    expect((await send(member, "DELETE", `${VIEWS}/default`, "")).status).toBe(404);
    expect((await send(member, "POST", `${CONFIG}/fields/`, { GuiLabel: "Sneaky" })).status).toBe(
      404,
    );
    expect(await count("metadata_views")).toBe(before);
  });

  test("unknown and hostile keys, aliases and names are 404 for the owner", async () => {
    const paths = [
      `${CONFIG}/fields/299`,
      `${CONFIG}/fields/abc`,
      `${CONFIG}/fields/-1`,
      `${CONFIG}/fields/1e3`,
      `${CONFIG}/fields/${"9".repeat(40)}`,
      `${CONFIG}/fields/..%2F..%2Fetc`,
      `${CONFIG}/namespaces/nope/fields`,
      `${CONFIG}/namespaces/${"x".repeat(3000)}/fields`,
      `${CONFIG}/groups/%00/fields`,
      `${CONFIG}/groups/..%2F/fields`,
      `${VIEWS}/nope`,
      `${VIEWS}/${"v".repeat(3000)}`,
      `${VIEWS}/..%2Fdefault`,
    ];
    for (const path of paths) {
      const response = await owner.getJson(path);
      expect(response.status, path).toBe(404);
      await readApiJson(response);
    }
    // Writes to such addresses are refused the same way, before their bodies are read.
    const before = [await count("metadata_views"), await count("metadata_fields")];
    for (const path of paths.filter((p) => p.startsWith(VIEWS) || /fields\/[^/]+$/.test(p))) {
      const body = path.startsWith(VIEWS) ? viewBody("Hostile") : { GuiLabel: "Hostile" };
      expect((await send(owner, "PUT", path, body)).status, path).toBe(404);
      expect((await send(owner, "DELETE", path, "")).status, path).toBe(404);
    }
    expect([await count("metadata_views"), await count("metadata_fields")]).toEqual(before);
  });
});

describe("changing fields and views", () => {
  test("a custom field is numbered from 300 and its href answers it", async () => {
    const created = await send(owner, "POST", `${CONFIG}/fields/`, {
      GuiLabel: "Photographer's agency",
      DataType: "dropdown",
      Values: ["NTB", { Value: "Scanpix", Description: "Now part of NTB" }],
      Group: "Rights",
    });
    expect(created.status).toBe(201);
    const field = await readApiJson<ConfigField>(created);
    expect(field.Id).toBeGreaterThanOrEqual(300);
    expect(field.Namespace).toBe("custom");
    expect(created.headers.get("location")).toBe(field.Href);
    const read = await readApiJson<ConfigField & { Values: unknown[] }>(
      await owner.getJson(field.Href),
    );
    expect(read.Values).toEqual([
      { Value: "NTB", Description: "" },
      { Value: "Scanpix", Description: "Now part of NTB" },
    ]);
    const rights = await readApiJson<{ data: ConfigField[] }>(
      await owner.getJson(`${CONFIG}/groups/rights/fields`),
    );
    expect(rights.data.map((f) => f.Id)).toContain(field.Id);
  });

  test("an invalid field is refused with every problem at once, and nothing is stored", async () => {
    const before = await count("metadata_fields");
    const refused = await send(owner, "POST", `${CONFIG}/fields/`, {
      GuiLabel: " ",
      DataType: "dropdown",
      MaxSize: -3,
      Namespace: "iptc",
      Validation: { Regexp: "([", Min: 5 },
    });
    expect(refused.status).toBe(400);
    const body = await readApiJson<FormReply>(refused);
    expect(Object.keys(body.fieldErrors).sort()).toEqual(
      ["GuiLabel", "MaxSize", "Namespace", "Validation.Min", "Validation.Regexp", "Values"].sort(),
    );
    const rules = await send(owner, "POST", `${CONFIG}/fields/`, {
      GuiLabel: "Bad",
      DataType: "dropdown",
      Namespace: "iptc",
      Validation: { Min: 5 },
    });
    expect(Object.keys((await readApiJson<FormReply>(rules)).fieldErrors).sort()).toEqual(
      ["Namespace", "Validation.Min", "Values"].sort(),
    );
    for (const body of ["{nope", "[]", "null", JSON.stringify({ GuiLabel: "x".repeat(100_000) })]) {
      const response = await send(owner, "POST", `${CONFIG}/fields/`, body);
      expect(response.status, body.slice(0, 20)).toBe(400);
      await readApiJson(response);
    }
    expect(await count("metadata_fields")).toBe(before);
  });

  test("a view is made, used by an archive, changed, and removed once nothing uses it", async () => {
    const tagsField = await readApiJson<ConfigField>(
      await send(owner, "POST", `${CONFIG}/fields/`, {
        GuiLabel: "Subjects",
        MultiInstance: true,
      }),
    );
    const created = await send(
      owner,
      "POST",
      VIEWS,
      viewBody("Press", {
        Id: "press",
        BuiltinFields: { Title: entry(5), Description: entry(120), Tags: entry(tagsField.Id) },
      }),
    );
    expect(created.status).toBe(201);
    const view = await readApiJson<ConfigView>(created);
    expect(view).toMatchObject({ Id: "press", EditorHref: "/fotoweb/editors/press" });

    const archive = await createArchive({
      name: "Press archive",
      config: { MetadataSetId: "press" },
    });
    const own = await readApiJson<{ metadataEditor: Editor }>(
      await owner.getJson(archive.href, "application/vnd.fotoware.collectioninfo+json"),
    );
    expect(own.metadataEditor).toEqual({ name: "Press", href: "/fotoweb/editors/press" });
    const set = await readApiJson<MetadataSet>(
      await owner.getJson(own.metadataEditor.href, SET_TYPE),
    );
    expect(set.builtinFields.tags!.field).toMatchObject({ id: tagsField.Id, label: "Subjects" });

    // What a view uses cannot go, nor change in a way that breaks it.
    const inUse = await send(owner, "DELETE", `${VIEWS}/press`, "");
    expect(inUse.status).toBe(409);
    expect((await readApiJson<{ value: string }>(inUse)).value).toContain("Press archive");
    expect((await send(owner, "DELETE", tagsField.Href, "")).status).toBe(409);
    const breaking = await send(owner, "PUT", tagsField.Href, { GuiLabel: "Subjects" });
    expect(breaking.status).toBe(409);
    expect((await send(owner, "DELETE", `${CONFIG}/fields/5`, "")).status).toBe(409);
    expect((await send(owner, "DELETE", `${VIEWS}/default`, "")).status).toBe(409);

    const renamed = await send(owner, "PUT", `${VIEWS}/press`, viewBody("Press desk"));
    expect(renamed.status).toBe(200);
    expect((await readApiJson<ConfigView>(renamed)).Name).toBe("Press desk");
    const after = await readApiJson<{ metadataEditor: Editor }>(
      await owner.getJson(archive.href, "application/vnd.fotoware.collectioninfo+json"),
    );
    expect(after.metadataEditor.name).toBe("Press desk");

    await db().deleteFrom("archives").where("id", "=", archive.id).execute();
    expect((await send(owner, "DELETE", `${VIEWS}/press`, "")).status).toBe(204);
    expect((await owner.getJson("/fotoweb/editors/press", SET_TYPE)).status).toBe(404);
    expect((await send(owner, "DELETE", tagsField.Href, "")).status).toBe(204);
    expect((await owner.getJson(tagsField.Href)).status).toBe(404);
  });

  test("a view that breaks the rules is refused by the paths at fault, and nothing changes", async () => {
    const before = await count("metadata_views");
    const refused = await send(owner, "POST", VIEWS, {
      Name: "Default",
      BuiltinFields: {
        Title: entry(25),
        Description: entry(120),
        Tags: entry(5),
        Status: entry(5),
      },
      DetailRegions: [
        { Name: "One", Fields: [entry(5), entry(424242)] },
        { Name: "one", Fields: [{ Field: 5, Required: true, IsWritable: false }] },
      ],
    });
    expect(refused.status).toBe(400);
    const errors = (await readApiJson<FormReply>(refused)).fieldErrors;
    expect(Object.keys(errors).sort()).toEqual(
      [
        "Name",
        "BuiltinFields.Title.Field",
        "BuiltinFields.Tags.Field",
        "BuiltinFields.Status.Field",
        "DetailRegions.0.Fields.1.Field",
        "DetailRegions.1.Name",
        "DetailRegions.1.Fields.0.Field",
        "DetailRegions.1.Fields.0.Required",
      ].sort(),
    );
    for (const body of [{}, { Name: "x", BuiltinFields: "no" }, { ...viewBody("y"), Id: "../x" }]) {
      const response = await send(owner, "POST", VIEWS, body);
      expect(response.status).toBe(400);
      await readApiJson(response);
    }
    const unchanged = await send(owner, "PUT", `${VIEWS}/default`, {
      ...viewBody("Default"),
      Id: "other",
    });
    expect(unchanged.status).toBe(400);
    expect((await send(owner, "PUT", `${VIEWS}/nope`, viewBody("Nope"))).status).toBe(404);
    expect(await count("metadata_views")).toBe(before);
    const set = await readApiJson<MetadataSet>(
      await owner.getJson("/fotoweb/editors/default", SET_TYPE),
    );
    expect(set.detailRegions.map((r) => r.name)).toEqual([
      "Description",
      "Location",
      "Rights",
      "Origin",
    ]);
  });
});
