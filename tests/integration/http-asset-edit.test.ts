import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive, type ArchiveMember } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { createUser } from "~/models/user/user.server";
import { NO_EDIT_MESSAGE } from "~/http/asset/asset-edit.server";
import { ASSET_NOT_FOUND } from "~/models/asset/asset-details.server";
import { inEnglish } from "../helpers/keyed";
import { insertAsset } from "../helpers/assets";
import { createEditorView, DIGITS_HELP } from "../helpers/editor-fixture";
import { readApiJson } from "../helpers/api-contract";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";

/*
 * The asset page's metadata editing as a browser without JavaScript posts it (and as the inline
 * editor's fetcher does): EditText needed, every refused field's message at once with 400 and
 * nothing written, an asset one may not see answered as one that does not exist.
 */

let server: TestServer;
let editable: Archive;
let viewOnly: Archive;
let hidden: Archive;
let digits: number;
let photo: number;
let looked: number;
let secret: number;
let editor: Client;
let guest: Client;

const href = (archive: Archive, id: number, fileName: string) =>
  assetHref(archive.id, archive.name, { id, fileName });

async function metadataOf(id: number): Promise<Record<string, unknown>> {
  const row = await db()
    .selectFrom("assets")
    .select(["metadata", "current_revision"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return {
    ...(JSON.parse(row.metadata) as Record<string, unknown>),
    revision: row.current_revision,
  };
}

/** The page's action as a fetcher calls it: Remix's data request, answered as JSON. */
const data = (url: string) =>
  `${url}${url.includes("?") ? "&" : "?"}_data=${encodeURIComponent("routes/fotoweb.archives.$archive.$asset")}`;

function post(client: Client, url: string, entries: [string, string][]) {
  return client.request(url, {
    method: "POST",
    body: new URLSearchParams(entries),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

beforeAll(async () => {
  server = await startTestServer();
  const view = await createEditorView("Asset edit test");
  digits = view.digits;
  const member = (permissions: ArchiveMember["permissions"]): ArchiveMember => ({
    type: "group" as const,
    id: REGISTERED_USERS_GROUP_ID,
    permissions,
    autoSearch: "",
  });
  editable = await createArchive({
    name: "Editable",
    config: { MetadataSetId: view.viewId },
    members: [member(["View", "Preview", "EditText"])],
  });
  viewOnly = await createArchive({
    name: "Look only",
    config: { MetadataSetId: view.viewId },
    members: [member(["View", "Preview"])],
  });
  const owner = await createUser({ username: "keeper", password: "keeper-password-1" });
  hidden = await createArchive({
    name: "Hidden",
    members: [{ type: "user", id: owner.id, permissions: ["View", "EditText"], autoSearch: "" }],
  });
  photo = await insertAsset(editable, {
    fileName: "quay.jpg",
    metadata: { "120": "Old caption", "25": ["harbour", "boat"] },
  });
  looked = await insertAsset(viewOnly, { fileName: "look.jpg", metadata: { "120": "Keep" } });
  secret = await insertAsset(hidden, { fileName: "secret.jpg", metadata: { "120": "Secret" } });
  await createUser({ username: "editor", password: "editor-password-1" });
  editor = new Client(server.url);
  await editor.signIn("editor", "editor-password-1");
  guest = new Client(server.url);
  await guest.signInAsGuest();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the asset page for an editor", () => {
  test("shows the Edit metadata link, and ?edit=metadata the plain form of every field", async () => {
    const page = await editor.get(href(editable, photo, "quay.jpg"));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Edit metadata");
    const form = await (
      await editor.get(`${href(editable, photo, "quay.jpg")}?edit=metadata`)
    ).text();
    expect(form).toContain('name="field.120"');
    expect(form).toContain('name="field.25"');
    expect(form).toContain(`name="field.${digits}"`);
    expect(form).toContain('name="edit" value="120"');
  });

  test("a viewer without EditText gets no edit controls", async () => {
    const html = withoutMessages(
      await (await editor.get(href(viewOnly, looked, "look.jpg"))).text(),
    );
    expect(html).not.toContain("Edit metadata");
    expect(html).not.toContain('name="field.120"');
  });
});

describe("saving", () => {
  test("the plain form saves the caption, redirects to the page with a toast", async () => {
    const url = `${href(editable, photo, "quay.jpg")}?edit=metadata`;
    // The toast names the fields that changed; another test may have left other keywords.
    const before = await metadataOf(photo);
    const keywordsChange = JSON.stringify(before["25"]) !== JSON.stringify(["harbour", "boat"]);
    const response = await post(editor, url, [
      ["edit", "120"],
      ["field.120", "  A new caption  "],
      ["edit", "25"],
      ["field.25", "harbour\nboat"],
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(href(editable, photo, "quay.jpg"));
    const stored = await metadataOf(photo);
    expect(stored["120"]).toBe("A new caption");
    expect(stored["25"]).toEqual(["harbour", "boat"]);
    const page = await (await editor.get(response.headers.get("location")!)).text();
    expect(page).toContain("A new caption");
    expect(page).toContain(
      keywordsChange ? "Description and Keywords saved." : "Description saved.",
    );
  });

  test("an inline fetcher gets JSON", async () => {
    const response = await post(editor, data(href(editable, photo, "quay.jpg")), [
      ["_fetch", "1"],
      ["edit", "25"],
      ["field.25", "harbour"],
      ["field.25", "sunset"],
    ]);
    expect(response.status).toBe(200);
    expect(await readApiJson(response)).toEqual({ ok: true, message: "Keywords saved." });
    expect((await metadataOf(photo))["25"]).toEqual(["harbour", "sunset"]);
  });

  test("an unchanged form writes no revision", async () => {
    const before = await metadataOf(photo);
    const response = await post(editor, href(editable, photo, "quay.jpg"), [
      ["edit", "120"],
      ["field.120", String(before["120"])],
    ]);
    expect(response.status).toBe(302);
    expect(await metadataOf(photo)).toEqual(before);
  });
});

describe("refusals", () => {
  test("a value against the field's pattern: 400, every field's message, nothing written", async () => {
    const before = await metadataOf(photo);
    const response = await post(
      editor,
      data(`${href(editable, photo, "quay.jpg")}?edit=metadata`),
      [
        ["edit", "120"],
        ["field.120", "Changed in the same post"],
        ["edit", String(digits)],
        [`field.${digits}`, "twelve"],
      ],
    );
    expect(response.status).toBe(400);
    const body = (await readApiJson(response)) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors[String(digits)]).toBe(DIGITS_HELP);
    expect(await metadataOf(photo)).toEqual(before);
  });

  test("the 400 page shows the help text by its field and the values as typed", async () => {
    const response = await editor.request(`${href(editable, photo, "quay.jpg")}?edit=metadata`, {
      method: "POST",
      body: new URLSearchParams([
        ["edit", String(digits)],
        [`field.${digits}`, "<script>x</script>"],
      ]),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(DIGITS_HELP);
    expect(html).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(html).not.toContain("<script>x</script>");
  });

  test("without EditText: 403, nothing written", async () => {
    const before = await metadataOf(looked);
    const page = await post(editor, href(viewOnly, looked, "look.jpg"), [
      ["edit", "120"],
      ["field.120", "Vandalised"],
    ]);
    expect(page.status).toBe(403);
    const response = await post(editor, data(href(viewOnly, looked, "look.jpg")), [
      ["edit", "120"],
      ["field.120", "Vandalised"],
    ]);
    expect(response.status).toBe(403);
    expect(((await readApiJson(response)) as { value: string }).value).toBe(
      inEnglish(NO_EDIT_MESSAGE),
    );
    expect(await metadataOf(looked)).toEqual(before);
  });

  test("an asset the viewer may not see answers 404 as one that does not exist", async () => {
    const before = await metadataOf(secret);
    const invisible = await post(editor, data(href(hidden, secret, "secret.jpg")), [
      ["edit", "120"],
      ["field.120", "Mine now"],
    ]);
    const missing = await post(editor, data(href(hidden, 99_999_999, "secret.jpg")), [
      ["edit", "120"],
      ["field.120", "Mine now"],
    ]);
    expect(invisible.status).toBe(404);
    expect(missing.status).toBe(404);
    const [a, b] = [
      (await readApiJson(invisible)) as { value: string },
      (await readApiJson(missing)) as { value: string },
    ];
    expect(a.value).toBe(inEnglish(ASSET_NOT_FOUND));
    expect(b.value).toBe(a.value);
    expect(await metadataOf(secret)).toEqual(before);
  });

  test("the guest changes nothing, and a read-only or unknown field is never written", async () => {
    const before = await metadataOf(photo);
    const asGuest = await post(guest, href(editable, photo, "quay.jpg"), [
      ["edit", "120"],
      ["field.120", "Guest was here"],
    ]);
    expect([302, 401, 404]).toContain(asGuest.status);
    const unknown = await post(editor, href(editable, photo, "quay.jpg"), [
      ["edit", "999"],
      ["field.999", "x"],
      ["edit", "../120"],
    ]);
    expect(unknown.status).toBe(302);
    expect(await metadataOf(photo)).toEqual(before);
  });
});
