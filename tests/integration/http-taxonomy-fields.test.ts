import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import type { PickerBrowse } from "~/http/taxonomy/taxonomy-picker.server";
import { createUser } from "~/models/user/user.server";
import { LINKS } from "~/utils/links";
import {
  createTaxonomyFieldsFixture,
  type TaxonomyFieldsFixture,
} from "../../scripts/seeds/taxonomy-fields";
import { readApiJson } from "../helpers/api-contract";
import { insertAsset } from "../helpers/assets";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Taxonomy fields over HTTP as a browser without JavaScript uses them (decision 060): the plain
 * form's select and checkbox list, the picker's data (one level, a search, paging) and its browse
 * page, a refused term answered by its field with nothing written (asset page and batch panel),
 * and a term's markup shown as escaped text.
 */

let server: TestServer;
let fx: TaxonomyFieldsFixture;
let archive: Archive;
let asset: number;
let editor: Client;
let guest: Client;

const ROUTE = "routes/fotoweb.views.taxonomy-picker.$field";
const picker = (field: number, query = "") =>
  `${LINKS.taxonomyPicker}${field}?${query}${query ? "&" : ""}_data=${encodeURIComponent(ROUTE)}`;
const page = () => assetHref(archive.id, archive.name, { id: asset, fileName: "tagged.jpg" });

function post(url: string, entries: [string, string][], accept = "text/html") {
  return editor.request(url, {
    method: "POST",
    body: new URLSearchParams(entries),
    headers: { "content-type": "application/x-www-form-urlencoded", accept },
  });
}

async function stored(): Promise<Record<string, unknown>> {
  const row = await db()
    .selectFrom("assets")
    .select("metadata")
    .where("id", "=", asset)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.metadata) as Record<string, unknown>;
}

beforeAll(async () => {
  server = await startTestServer();
  fx = await createTaxonomyFieldsFixture("Tax http");
  await createUser({ username: "tagger", password: "tagger-password-1" });
  const row = await db()
    .selectFrom("users")
    .select("id")
    .where("username", "=", "tagger")
    .executeTakeFirstOrThrow();
  archive = await createArchive({
    name: "Tagged",
    config: { MetadataSetId: fx.viewId },
    members: [{ type: "user", id: row.id, permissions: ["View", "EditText"], autoSearch: "" }],
  });
  asset = await insertAsset(archive, {
    fileName: "tagged.jpg",
    metadata: { [fx.subjects]: ["cities"] },
  });
  editor = new Client(server.url);
  await editor.signIn("tagger", "tagger-password-1");
  guest = new Client(server.url);
  await guest.signInAsGuest();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the plain form", () => {
  test("offers a select of one value's terms and checkboxes for a bag, with a browse link", async () => {
    const html = (await (await editor.get(`${page()}?edit=metadata`)).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(html).toMatch(new RegExp(`<select[^>]*name="field\\.${fx.mood}"`));
    expect(html).toMatch(/<option value="heading:\d+" disabled="">Gloomy<\/option>/);
    expect(html.match(/<option [^>]*selected=""/g)).toHaveLength(1);
    expect(html).toMatch(new RegExp(`type="checkbox" name="field\\.${fx.subjects}" value="dogs"`));
    expect(html).toContain("&lt;b&gt;Bold&lt;/b&gt; &amp; co");
    expect(html).not.toContain("Retired term");
    expect(html).toContain(`${LINKS.taxonomyPicker}${fx.subjects}?asset=`);
  });

  test("a term is saved; a value that is no term is a 400 by its field and nothing is written", async () => {
    const before = await stored();
    const refused = await post(`${page()}?edit=metadata`, [
      ["edit", String(fx.subjects)],
      ["edit", "5"],
      ["field.5", "Not to be kept"],
      [`field.${fx.subjects}`, "cities"],
      [`field.${fx.subjects}`, "<script>x</script>"],
    ]);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("is not a term of the Tax http subjects taxonomy");
    expect(html).not.toContain("<script>x</script>");
    expect(await stored()).toEqual(before);

    const saved = await post(`${page()}?edit=metadata`, [
      ["edit", String(fx.subjects)],
      [`field.${fx.subjects}`, "cities"],
      [`field.${fx.subjects}`, "<b>bold</b>"],
    ]);
    expect(saved.status).toBe(302);
    expect((await stored())[fx.subjects]).toEqual(["cities", "<b>bold</b>"]);
    const view = await (await editor.get(page())).text();
    expect(view).toContain("&lt;b&gt;Bold&lt;/b&gt; &amp; co");
    expect(view).not.toContain("<b>Bold</b>");
  });

  test("the batch panel refuses a heading by its field and starts no task", async () => {
    const response = await editor.request(
      `${LINKS.batch}?_data=${encodeURIComponent("routes/fotoweb.views.batch")}`,
      {
        method: "POST",
        body: new URLSearchParams([
          ["op", "metadata"],
          ["asset", String(asset)],
          [`add.${fx.subjects}`, "nature"],
        ]),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      },
    );
    expect(response.status).toBe(400);
    const body = (await readApiJson(response)) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors[String(fx.subjects)]).toContain("cannot be chosen");
  });
});

describe("PATCH on an asset (the API)", () => {
  test("a heading is a 400 naming the field, nothing written; a term allowing Set is stored", async () => {
    const patch = (metadata: unknown) =>
      editor.request(page(), {
        method: "PATCH",
        body: JSON.stringify({ metadata }),
        headers: {
          "content-type": "application/vnd.fotoware.assetupdate+json",
          accept: "application/vnd.fotoware.asset+json",
        },
      });
    const before = await stored();
    const refused = await patch({ [fx.mood]: { value: "gloomy" }, "5": { value: "Kept out" } });
    expect(refused.status).toBe(400);
    const body = await readApiJson<{ fieldErrors: Record<string, string> }>(refused);
    expect(body.fieldErrors[`metadata.${fx.mood}`]).toContain("cannot be chosen");
    expect(await stored()).toEqual(before);
    const saved = await patch({ [fx.mood]: { value: "calm" } });
    expect(saved.status).toBe(200);
    const asset = await readApiJson<{ metadata: Record<string, { value: unknown }> }>(saved);
    expect(asset.metadata[String(fx.mood)]).toEqual({ value: "calm" });
  });
});

describe("the picker's data and browse page", () => {
  test("one level as a person without edit rights sees it, then a branch, then a search", async () => {
    const roots = (await readApiJson(await editor.get(picker(fx.subjects)))) as PickerBrowse;
    expect(roots.multi).toBe(true);
    expect(roots.page.items.map((i) => [i.name, i.selectable, i.hasChildren])).toEqual([
      ["Nature", false, true],
      ["Cities", true, false],
      ["<b>Bold</b> & co", true, false],
    ]);
    const nature = roots.page.items[0]!.id;
    const branch = (await readApiJson(
      await editor.get(picker(fx.subjects, `parent=${nature}`)),
    )) as PickerBrowse;
    expect(branch.page.ancestors.map((a) => a.name)).toEqual(["Nature"]);
    expect(branch.page.items.map((i) => i.name)).toEqual(["Animals", "Plants"]);
    const found = (await readApiJson(
      await editor.get(picker(fx.subjects, "q=AT")),
    )) as PickerBrowse;
    expect(found.page.items.map((i) => i.name)).toEqual(["Cats", "Nature"]);
  });

  test("an unknown field, parent or another field's item is a 404; a bad offset a 400; guests are sent to sign in", async () => {
    const place = (await readApiJson(await editor.get(picker(fx.place)))) as PickerBrowse;
    const other = place.page.items[0]!.id;
    for (const url of [
      picker(999999),
      picker(fx.subjects, "parent=abc"),
      picker(fx.subjects, `parent=${other}`),
      picker(5),
    ])
      expect((await editor.get(url)).status, url).toBe(404);
    expect((await editor.get(picker(fx.subjects, "offset=-4"))).status).toBe(400);
    const asGuest = await guest.get(`${LINKS.taxonomyPicker}${fx.subjects}`);
    expect(asGuest.status).toBe(302);
  });

  test("the browse page posts back to the asset only; a foreign return address is dropped", async () => {
    const html = await (
      await editor.get(
        `${LINKS.taxonomyPicker}${fx.mood}?asset=${encodeURIComponent(page())}&value=calm`,
      )
    ).text();
    expect(html).toContain(`action="${page()}?edit=metadata"`);
    expect(html).toMatch(/type="radio"[^>]*checked="" value="calm"/);
    const foreign = await (
      await editor.get(
        `${LINKS.taxonomyPicker}${fx.mood}?asset=${encodeURIComponent("//evil.example/x")}`,
      )
    ).text();
    expect(foreign).not.toMatch(/action="[^"]*evil\.example/);
    expect(foreign).not.toContain(`name="field.${fx.mood}"`);
  });
});

describe("adding a term from the picker (allowTaxonomyEditing)", () => {
  const add = (client: Client, entries: [string, string][], data = true) =>
    client.request(data ? picker(fx.place) : `${LINKS.taxonomyPicker}${fx.place}`, {
      method: "POST",
      body: new URLSearchParams(entries),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  const terms = async () =>
    (
      await db()
        .selectFrom("taxonomy_items")
        .select("name")
        .where("field_id", "=", fx.place)
        .execute()
    ).map((r) => r.name);

  test("an editor without manageTaxonomies is refused and nothing is added", async () => {
    const response = await add(editor, [
      ["name", "Narvik"],
      ["_fetch", "1"],
    ]);
    expect(response.status).toBe(403);
    await readApiJson(response);
    expect(await terms()).not.toContain("Narvik");
    const roots = (await readApiJson(await editor.get(picker(fx.place)))) as PickerBrowse;
    expect(roots.canEdit).toBe(false);
  });

  test("a taxonomy manager adds a term (as JSON for the picker, or back to the page), a blank name by its field", async () => {
    const admin = new Client(server.url);
    await admin.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    expect(((await readApiJson(await admin.get(picker(fx.place)))) as PickerBrowse).canEdit).toBe(
      true,
    );
    const added = await add(admin, [
      ["name", "Narvik <north>"],
      ["_fetch", "1"],
    ]);
    expect(added.status).toBe(200);
    const body = (await readApiJson(added)) as { item: { name: string; value: string } };
    expect(body.item).toMatchObject({ name: "Narvik <north>", value: "Narvik north" });
    const blank = await add(admin, [
      ["name", "   "],
      ["_fetch", "1"],
    ]);
    expect(blank.status).toBe(400);
    expect(
      ((await readApiJson(blank)) as { fieldErrors: Record<string, string> }).fieldErrors.name,
    ).toBeTruthy();
    const plain = await add(admin, [["name", "Alta"]], false);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe(`${LINKS.taxonomyPicker}${fx.place}`);
    expect(await terms()).toEqual(expect.arrayContaining(["Narvik <north>", "Alta"]));
  });
});

describe("editing and deleting a term from the picker's edit modal", () => {
  const change = (client: Client, field: number, entries: [string, string][], data = true) =>
    client.request(data ? picker(field) : `${LINKS.taxonomyPicker}${field}`, {
      method: "POST",
      body: new URLSearchParams(entries),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  const item = (field: number, name: string) =>
    db()
      .selectFrom("taxonomy_items")
      .selectAll()
      .where("field_id", "=", field)
      .where("name", "=", name)
      .executeTakeFirst();
  let admin: Client;

  beforeAll(async () => {
    admin = new Client(server.url);
    await admin.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  });

  // Each test starts with the terms Tromsø and Bodø as new (decision 075): the others rename
  // and delete them.
  beforeEach(async () => {
    await db().deleteFrom("taxonomy_items").where("field_id", "=", fx.place).execute();
    for (const name of ["Tromsø", "Bodø"])
      expect(
        (
          await change(admin, fx.place, [
            ["name", name],
            ["_fetch", "1"],
          ])
        ).status,
      ).toBe(200);
  });

  test("a manager renames a term (JSON for the picker), its search and ACL kept; markup stays text", async () => {
    const before = (await item(fx.place, "Tromsø"))!;
    await db()
      .updateTable("taxonomy_items")
      .set({ custom_search: "25:arctic", acl: "Navigate,Query,Set" })
      .where("id", "=", before.id)
      .execute();
    const saved = await change(admin, fx.place, [
      ["intent", "edit"],
      ["item", String(before.id)],
      ["name", "Tromsø <b>city</b>"],
      ["value", "Tromso"],
      ["description", "Gateway to the Arctic"],
      ["_fetch", "1"],
    ]);
    expect(saved.status).toBe(200);
    const body = (await readApiJson(saved)) as { item: Record<string, unknown> };
    expect(body.item).toMatchObject({
      id: before.id,
      name: "Tromsø <b>city</b>",
      value: "Tromso",
      description: "Gateway to the Arctic",
      selectable: true,
    });
    const after = (await item(fx.place, "Tromsø <b>city</b>"))!;
    expect(after).toMatchObject({ value: "Tromso", custom_search: "25:arctic" });
  });

  test("a blank label or value is a 400 by its field and nothing changes", async () => {
    const bodo = (await item(fx.place, "Bodø"))!;
    for (const [name, value, field] of [
      ["  ", "Bodo", "name"],
      ["Bodø", "   ", "value"],
    ] as const) {
      const refused = await change(admin, fx.place, [
        ["intent", "edit"],
        ["item", String(bodo.id)],
        ["name", name],
        ["value", value],
        ["_fetch", "1"],
      ]);
      expect(refused.status).toBe(400);
      const reply = (await readApiJson(refused)) as { fieldErrors: Record<string, string> };
      expect(reply.fieldErrors[field]).toBeTruthy();
    }
    expect(await item(fx.place, "Bodø")).toEqual(bodo);
  });

  test("non-managers, another taxonomy's item and unknown intents are refused, nothing changed", async () => {
    const bodo = (await item(fx.place, "Bodø"))!;
    const edit = (id: string): [string, string][] => [
      ["intent", "edit"],
      ["item", id],
      ["name", "Hijacked"],
      ["value", "Hijacked"],
      ["_fetch", "1"],
    ];
    const denied = await change(editor, fx.place, edit(String(bodo.id)));
    expect(denied.status).toBe(403);
    await readApiJson(denied);
    const deniedDelete = await change(editor, fx.place, [
      ["intent", "delete"],
      ["item", String(bodo.id)],
      ["_fetch", "1"],
    ]);
    expect(deniedDelete.status).toBe(403);
    await readApiJson(deniedDelete);
    // The item exists, but under another field: the same 404 as a missing one.
    const foreign = await change(admin, fx.mood, edit(String(bodo.id)));
    expect(foreign.status).toBe(404);
    await readApiJson(foreign);
    for (const id of ["", "abc", "99999999", "-1"]) {
      const missing = await change(admin, fx.place, edit(id));
      expect(missing.status).toBe(404);
      await readApiJson(missing);
    }
    const odd = await change(admin, fx.place, [
      ["intent", "rename-all"],
      ["_fetch", "1"],
    ]);
    expect(odd.status).toBe(400);
    await readApiJson(odd);
    expect(await item(fx.place, "Bodø")).toEqual(bodo);
    expect(await item(fx.place, "Hijacked")).toBeUndefined();
  });

  test("a manager deletes a term with what is under it; a plain form goes back with a toast", async () => {
    const bodo = (await item(fx.place, "Bodø"))!;
    const child = await change(admin, fx.place, [
      ["name", "Bodø harbour"],
      ["parent", String(bodo.id)],
      ["_fetch", "1"],
    ]);
    expect(child.status).toBe(200);
    const removed = await change(admin, fx.place, [
      ["intent", "delete"],
      ["item", String(bodo.id)],
      ["_fetch", "1"],
    ]);
    expect(removed.status).toBe(200);
    expect(await readApiJson(removed)).toEqual({ ok: true, removed: 2 });
    expect(await item(fx.place, "Bodø")).toBeUndefined();
    expect(await item(fx.place, "Bodø harbour")).toBeUndefined();
    const tromso = (await item(fx.place, "Tromsø"))!;
    const plain = await change(
      admin,
      fx.place,
      [
        ["intent", "delete"],
        ["item", String(tromso.id)],
      ],
      false,
    );
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe(`${LINKS.taxonomyPicker}${fx.place}`);
    expect(await item(fx.place, "Tromsø")).toBeUndefined();
    const again = await change(admin, fx.place, [
      ["intent", "delete"],
      ["item", String(tromso.id)],
      ["_fetch", "1"],
    ]);
    expect(again.status).toBe(404);
    await readApiJson(again);
  });

  test("the browse page links a manager's terms to their administration form, and no one else's", async () => {
    const bodyOf = async (client: Client) =>
      (await client.get(`${LINKS.taxonomyPicker}${fx.place}`)).text();
    const managerPage = await bodyOf(admin);
    expect(managerPage).toMatch(
      new RegExp(`aria-label="Edit [^"]+" href="${LINKS.adminTaxonomies}/${fx.place}\\?edit=\\d+"`),
    );
    expect(await bodyOf(editor)).not.toContain(`${LINKS.adminTaxonomies}/${fx.place}?edit=`);
  });
});
