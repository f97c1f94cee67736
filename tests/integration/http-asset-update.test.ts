import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { createField, createView } from "~/models/metadata/metadata.server";
import { fieldInputSchema, viewInputSchema } from "~/models/metadata/metadata.schema";
import { createUser, findUserById } from "~/models/user/user.server";
import { TEST_ADMIN } from "../helpers/database";
import { insertAsset } from "../helpers/assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/*
 * PATCH on an asset over HTTP (reference PatchMetadata, decision 045): the asset update as
 * FotoWare takes it, field errors in the house shape, the refusals in their order, and hostile
 * bodies answered 4xx with nothing written.
 */

const UPDATE = "application/vnd.fotoware.assetupdate+json";
const ASSET_JSON = "application/vnd.fotoware.asset+json";

let server: TestServer;
let photos: Archive;
let secret: Archive;
let editor: Client;
let reader: Client;
let anonymous: Client;
let photo: number;
let hidden: number;
let codeField: number;

interface AssetBody {
  metadata: Record<string, { value: string | string[] }>;
  builtinFields: { field: string; value: unknown }[];
}

beforeAll(async () => {
  server = await startTestServer();
  const editorUser = await createUser({ username: "patcher", password: "patcher-password-1" });
  await createUser({ username: "looker", password: "looker-password-1" });
  const ownerRow = await db()
    .selectFrom("users")
    .select("id")
    .where("username", "=", TEST_ADMIN.username)
    .executeTakeFirstOrThrow();
  const owner = (await findUserById(ownerRow.id))!;
  codeField = (
    await createField(
      owner,
      fieldInputSchema.parse({
        GuiLabel: "Job code",
        Validation: { Regexp: "[A-Z]{3}-\\d+", HelpText: "A code like ABC-123" },
      }),
    )
  ).Id;
  const entry = (Field: number) => ({ Field, IsWritable: true });
  const view = await createView(
    owner,
    viewInputSchema.parse({
      Name: "Patch view",
      BuiltinFields: { Title: entry(5), Description: entry(120), Tags: entry(25) },
      DetailRegions: [{ Name: "Work", Fields: [entry(codeField)] }],
    }),
  );
  if (!view.ok) throw new Error(JSON.stringify(view.fieldErrors));
  photos = await createArchive({
    name: "Patch photos",
    config: { MetadataSetId: view.view.Id },
    members: [
      { type: "user", id: editorUser.id, permissions: ["View", "EditText"], autoSearch: "" },
      { type: "group", id: REGISTERED_USERS_GROUP_ID, permissions: ["View"], autoSearch: "" },
    ],
  });
  secret = await createArchive({ name: "Patch secret", members: [] });
  editor = new Client(server.url);
  await editor.signIn("patcher", "patcher-password-1");
  reader = new Client(server.url);
  await reader.signIn("looker", "looker-password-1");
  anonymous = new Client(server.url);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await db().deleteFrom("assets").execute();
  photo = await insertAsset(photos, {
    fileName: "quay.jpg",
    title: "Quay",
    metadata: { 5: "Quay", 25: ["boat", "sea"] },
  });
  hidden = await insertAsset(secret, { fileName: "hidden.jpg" });
});

const urlOf = (archive: Archive, id: number, fileName: string) =>
  assetHref(archive.id, archive.name, { id, fileName });

const patch = (
  client: Client,
  body: unknown,
  href = urlOf(photos, photo, "quay.jpg"),
  type = UPDATE,
) =>
  client.request(href, {
    method: "PATCH",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": type, accept: ASSET_JSON },
  });

const stored = async () =>
  db().selectFrom("assets").selectAll().where("id", "=", photo).executeTakeFirstOrThrow();

describe("PATCH on an asset", () => {
  test("sets fields by id and builtin name, answering the asset (asset+json)", async () => {
    const response = await patch(editor, {
      metadata: { "120": { value: "Boats at the quay" }, "25": { value: ["boat", "harbour"] } },
      builtinFields: [{ field: "title", value: "The quay" }],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain(ASSET_JSON);
    const body = await readApiJson<AssetBody>(response);
    expect(body.metadata["120"]).toEqual({ value: "Boats at the quay" });
    expect(body.metadata["25"]).toEqual({ value: ["boat", "harbour"] });
    expect(body.metadata["5"]).toEqual({ value: "The quay" });
    const row = await stored();
    expect(row).toMatchObject({ title: "The quay", current_revision: 2 });
  });

  test("an empty array or an empty text clears a field; add and remove keep the others", async () => {
    expect(
      (await patch(editor, { metadata: { "25": { value: [] }, "5": { value: "" } } })).status,
    ).toBe(200);
    expect(JSON.parse((await stored()).metadata)).toEqual({});
    await patch(editor, { metadata: { "25": { value: ["a", "b"] } } });
    const added = await patch(editor, { metadata: { "25": { action: "add", value: ["c"] } } });
    expect((await readApiJson<AssetBody>(added)).metadata["25"]).toEqual({
      value: ["a", "b", "c"],
    });
    const removed = await patch(editor, { metadata: { "25": { action: "remove", value: ["a"] } } });
    expect((await readApiJson<AssetBody>(removed)).metadata["25"]).toEqual({ value: ["b", "c"] });
  });

  test("a value failing its field's rule: 400 naming the field, nothing written", async () => {
    const response = await patch(editor, {
      metadata: { "5": { value: "Fine" } },
      builtinFields: [{ field: "rating", value: 9 }],
    });
    expect(response.status).toBe(400);
    const body = await readApiJson<{ fieldErrors: Record<string, string>; value: string }>(
      response,
    );
    expect(body.fieldErrors).toEqual({ "metadata.251": "A rating from 0 to 5" });
    expect((await stored()).title).toBe("Quay");
    expect((await stored()).current_revision).toBe(1);
  });

  test("a custom field: its rule's help text names it; a good value is answered back", async () => {
    const bad = await patch(editor, { metadata: { [codeField]: { value: "abc" } } });
    expect(bad.status).toBe(400);
    const body = await readApiJson<{ fieldErrors: Record<string, string> }>(bad);
    expect(body.fieldErrors).toEqual({ [`metadata.${codeField}`]: "A code like ABC-123" });
    const good = await patch(editor, { metadata: { [codeField]: { value: "ABC-7" } } });
    expect(good.status).toBe(200);
    expect((await readApiJson<AssetBody>(good)).metadata[String(codeField)]).toEqual({
      value: "ABC-7",
    });
    // Outside the archive's view: refused, named.
    const outside = await patch(editor, { metadata: { "116": { value: "(c)" } } });
    expect(outside.status).toBe(400);
    expect(Object.keys((await readApiJson<{ fieldErrors: object }>(outside)).fieldErrors)).toEqual([
      "metadata.116",
    ]);
  });

  test("refusals: 401 unsigned, 404 invisible, 403 without EditText, 415 wrong type", async () => {
    const body = { metadata: { "5": { value: "x" } } };
    expect((await patch(anonymous, body)).status).toBe(401);
    const invisible = await patch(editor, body, urlOf(secret, hidden, "hidden.jpg"));
    expect(invisible.status).toBe(404);
    expect(await readApiJson(invisible)).toMatchObject({ status: 404 });
    const missing = await patch(editor, body, urlOf(photos, 99_999_999, "gone.jpg"));
    expect(missing.status).toBe(404);
    // Same answer for invisible and missing.
    expect((await readApiJson<{ value: string }>(missing)).value).toBe(
      (
        await readApiJson<{ value: string }>(
          await patch(editor, body, urlOf(secret, hidden, "hidden.jpg")),
        )
      ).value,
    );
    const refused = await patch(reader, body);
    expect(refused.status).toBe(403);
    expect(await readApiJson(refused)).toMatchObject({ status: 403 });
    expect((await patch(editor, body, undefined, "text/plain")).status).toBe(415);
    expect(
      (await patch(editor, "title=x", undefined, "application/x-www-form-urlencoded")).status,
    ).toBe(415);
    expect((await stored()).title).toBe("Quay");
  });

  test("other methods are 405 with Allow", async () => {
    const response = await editor.request(urlOf(photos, photo, "quay.jpg"), {
      method: "PUT",
      body: "{}",
      headers: { "content-type": "application/json", accept: ASSET_JSON },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("PATCH");
  });

  test("hostile and malformed bodies: 400, nothing written", async () => {
    for (const bad of [
      "not json",
      "[]",
      "null",
      "{}",
      JSON.stringify({ metadata: [] }),
      JSON.stringify({ metadata: { title: { value: "x" } } }),
      JSON.stringify({ metadata: { "5": "x" } }),
      JSON.stringify({ metadata: { "5": { value: { $ne: 1 } } } }),
      JSON.stringify({ metadata: { "5": { value: "x", action: "drop" } } }),
      JSON.stringify({ metadata: { "5": { value: "line\nbreak\u0000" } } }),
      JSON.stringify({ metadata: { "5": { value: "x".repeat(5000) } } }),
      JSON.stringify({ metadata: { "999999": { value: "x" } } }),
      JSON.stringify({ metadata: { __proto__: { value: "x" } } }),
      JSON.stringify({ builtinFields: [{ field: "constructor", value: "x" }] }),
      JSON.stringify({ builtinFields: { field: "title" } }),
    ]) {
      const response = await patch(editor, bad);
      expect(response.status, bad.slice(0, 80)).toBe(400);
      expect(await readApiJson(response)).toMatchObject({ status: 400 });
    }
    const row = await stored();
    expect(row).toMatchObject({ title: "Quay", current_revision: 1 });
  });
});
