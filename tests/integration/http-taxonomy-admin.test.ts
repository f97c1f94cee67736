import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import {
  createItem,
  createTaxonomy,
  deleteTaxonomy,
  fieldsOpenToTaxonomy,
} from "~/models/taxonomy/taxonomy-write.server";
import { findTaxonomy, taxonomyItems } from "~/models/taxonomy/taxonomy.server";
import { createUser } from "~/models/user/user.server";
import { LINKS } from "~/utils/links";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";

/*
 * The taxonomy administration pages as plain form posts (JavaScript off), and the CSV import and
 * export (decision 059): only manageTaxonomies reaches them; an import with any bad line changes
 * nothing and names every line.
 */

let server: TestServer;
let admin: Client;
let plain: Client;
let keywords: number;
let colours: number;

async function field(label: string): Promise<number> {
  const at = now();
  const row = await db()
    .insertInto("metadata_fields")
    .values({ label, data_type: "text", created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const names = async (fieldId: number, parent: number | null = null) =>
  (await taxonomyItems(fieldId, parent, { canEdit: true })).items.map((i) => i.name);

beforeAll(async () => {
  server = await startTestServer();
  keywords = await field("Subject words");
  colours = await field("Colours");
  await createUser({ username: "taxplain", password: "plain-pass-123" });
  admin = new Client(server.url);
  await admin.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  plain = new Client(server.url);
  await plain.signIn("taxplain", "plain-pass-123");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the pages", () => {
  test("only manageTaxonomies reaches them; others meet an unknown address", async () => {
    expect((await admin.get(LINKS.adminTaxonomies)).status).toBe(200);
    expect((await plain.get(LINKS.adminTaxonomies)).status).toBe(404);
    expect((await plain.get(`${LINKS.adminTaxonomies}/${keywords}`)).status).toBe(404);
    const anonymous = await new Client(server.url).get(LINKS.adminTaxonomies);
    expect(anonymous.status).toBe(302);
    expect((await plain.post(LINKS.adminTaxonomies, { intent: "create" })).status).toBe(404);
  });

  test("create, add root and child, edit, move, delete as plain forms", async () => {
    const bad = await admin.post(LINKS.adminTaxonomies, { intent: "create", pluralName: "" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Choose a text field.");
    expect(badHtml).toContain("Give the taxonomy a plural name.");
    const made = await admin.post(LINKS.adminTaxonomies, {
      intent: "create",
      field: String(keywords),
      pluralName: "Keywords",
    });
    expect(made.status).toBe(302);
    expect(await findTaxonomy(keywords)).not.toBeNull();
    const page = `${LINKS.adminTaxonomies}/${keywords}`;
    const empty = await admin.post(page, { intent: "add", name: "  ", value: "" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Give the item a name.");
    expect((await admin.post(page, { intent: "add", name: "Nature", acl: "Set" })).status).toBe(
      302,
    );
    const [nature] = (await taxonomyItems(keywords, null, { canEdit: true })).items;
    const child = await admin.post(page, {
      intent: "add",
      parent: String(nature!.id),
      name: "<i>Trees</i>",
      value: "",
    });
    expect(child.status).toBe(302);
    expect(child.headers.get("location")).toContain(`open=${nature!.id}`);
    const [trees] = (await taxonomyItems(keywords, nature!.id, { canEdit: true })).items;
    expect(trees).toMatchObject({ name: "<i>Trees</i>", value: "iTrees/i" });
    const html = await (await admin.get(`${page}?open=${nature!.id}`)).text();
    expect(html).toContain("&lt;i&gt;Trees&lt;/i&gt;");
    expect(html).not.toContain("<i>Trees</i>");

    const edited = await admin.post(page, {
      intent: "edit",
      item: String(trees!.id),
      name: "Trees",
      value: "tree",
      acl: "Set",
    });
    expect(edited.status).toBe(302);
    const cyclic = await admin.post(page, {
      intent: "move",
      item: String(nature!.id),
      parent: String(trees!.id),
    });
    expect(cyclic.status).toBe(409);
    expect(
      (await admin.post(page, { intent: "move", item: String(trees!.id), parent: "" })).status,
    ).toBe(302);
    expect(await names(keywords)).toEqual(["Nature", "Trees"]);
    expect((await admin.post(page, { intent: "delete", item: String(nature!.id) })).status).toBe(
      302,
    );
    expect(await names(keywords)).toEqual(["Trees"]);
    const search = await (await admin.get(`${page}?q=tre`)).text();
    expect(search).toContain("Search results");
  });
  test("a long level below the root shows a page, then all of it by its link", async () => {
    const shades = await field("Shades");
    await createTaxonomy(shades, { pluralName: "Shades" });
    const parent = await createItem(shades, null, { name: "Palette" });
    for (let i = 0; i < 105; i++)
      await createItem(shades, parent.id, { name: `Shade ${String(i).padStart(3, "0")}` });
    const page = `${LINKS.adminTaxonomies}/${shades}`;
    const first = await (await admin.get(`${page}?open=${parent.id}`)).text();
    expect(first).toContain("Shade 099");
    expect(first).not.toContain("Shade 100");
    expect(first).toContain("Show 5 more");
    expect(first).toContain(`all=${parent.id}`);
    const all = await (await admin.get(`${page}?open=${parent.id}&all=${parent.id}`)).text();
    expect(all).toContain("Shade 104");
    expect(all).not.toContain("Show 5 more");
    // A hostile list is read as ids or ignored, never a 500.
    expect((await admin.get(`${page}?open=${parent.id}&all=x,-1,%3Cb%3E`)).status).toBe(200);
  });
});

describe("which fields the list offers (issue 31)", () => {
  const ALL_TAKEN = "Every text field has a taxonomy already.";

  test("built-in text fields are offered, Keywords among them; dates are not", async () => {
    const html = await (await admin.get(LINKS.adminTaxonomies)).text();
    expect(html).toMatch(/<option value="25">Keywords \(25\)<\/option>/);
    expect(html).toMatch(/<option value="5">[^<]+\(5\)<\/option>/);
    expect(html).not.toContain('<option value="55">');
    // The page carries its words (the messages block), this sentence among them: not in view.
    expect(withoutMessages(html)).not.toContain(ALL_TAKEN);
    const made = await admin.post(LINKS.adminTaxonomies, {
      intent: "create",
      field: "25",
      pluralName: "Keywords",
    });
    expect(made.status).toBe(302);
    try {
      expect(await findTaxonomy(25)).not.toBeNull();
      expect(await (await admin.get(LINKS.adminTaxonomies)).text()).not.toContain(
        '<option value="25">',
      );
    } finally {
      await deleteTaxonomy(25);
    }
  });

  test("the list says every text field has a taxonomy only when that is so", async () => {
    const open = await fieldsOpenToTaxonomy();
    for (const f of open) await createTaxonomy(f.Id, { pluralName: `All ${f.Id}` });
    try {
      const html = await (await admin.get(LINKS.adminTaxonomies)).text();
      expect(html).toContain(ALL_TAKEN);
      expect(html).not.toContain("Create taxonomy</button>");
    } finally {
      for (const f of open) await deleteTaxonomy(f.Id);
    }
  });
});

describe("import and export", () => {
  test("a clean file imports; export gives the same rows back", async () => {
    await createTaxonomy(colours, { pluralName: "Colours" });
    const csv = [
      "path,name,value,description,customSearch,acl",
      ",Warm,,,,Navigate;Query",
      'Warm,Red,red,"Like fire, or blood",,Set',
      "Warm > Red,Crimson,,,,Set",
      ",Cold,,,,",
    ].join("\n");
    const imported = await admin.request(`/fotoweb/api/taxonomies/${colours}/import`, {
      method: "POST",
      headers: { "content-type": "text/csv", accept: "application/json" },
      body: csv,
    });
    expect(imported.status).toBe(200);
    expect(await readApiJson(imported)).toEqual({ added: 4, updated: 0 });
    expect(await names(colours)).toEqual(["Warm", "Cold"]);
    const exported = await admin.get(`/fotoweb/api/taxonomies/${colours}/export.csv`);
    expect(exported.headers.get("content-type")).toContain("text/csv");
    const text = await exported.text();
    expect(text.split("\r\n")).toEqual([
      "path,name,value,description,customSearch,acl",
      ",Warm,Warm,,,Navigate;Query",
      'Warm,Red,red,"Like fire, or blood",,Set',
      "Warm > Red,Crimson,Crimson,,,Set",
      ",Cold,Cold,,,Navigate;Query;Set",
      "",
    ]);
    const again = await admin.request(`/fotoweb/api/taxonomies/${colours}/import`, {
      method: "POST",
      headers: { "content-type": "text/csv", accept: "application/json" },
      body: text,
    });
    expect(await readApiJson(again)).toEqual({ added: 0, updated: 4 });
    expect((await plain.get(`/fotoweb/api/taxonomies/${colours}/export.csv`)).status).toBe(403);
  });

  test("cells a spreadsheet would run as formulas are exported quoted and import back exactly (issue 29)", async () => {
    const formulas = await field("Formulas");
    await createTaxonomy(formulas, { pluralName: "Formulas" });
    const root = await createItem(formulas, null, {
      name: '=HYPERLINK("http://evil.example","x")',
      value: "+1",
      description: "@SUM(A1)",
    });
    await createItem(formulas, root.id, {
      name: "-minus",
      value: "'=quoted",
      description: "plain",
    });
    const exported = await admin.get(`/fotoweb/api/taxonomies/${formulas}/export.csv`);
    const text = await exported.text();
    expect(text.split("\r\n")).toEqual([
      "path,name,value,description,customSearch,acl",
      `,"'=HYPERLINK(""http://evil.example"",""x"")",'+1,'@SUM(A1),,Navigate;Query;Set`,
      `"'=HYPERLINK(""http://evil.example"",""x"")",'-minus,''=quoted,plain,,Navigate;Query;Set`,
      "",
    ]);
    const again = await admin.request(`/fotoweb/api/taxonomies/${formulas}/import`, {
      method: "POST",
      headers: { "content-type": "text/csv", accept: "application/json" },
      body: text,
    });
    expect(await readApiJson(again)).toEqual({ added: 0, updated: 2 });
    const items = await db()
      .selectFrom("taxonomy_items")
      .select(["name", "value", "description"])
      .where("field_id", "=", formulas)
      .orderBy("id")
      .execute();
    expect(items).toEqual([
      { name: '=HYPERLINK("http://evil.example","x")', value: "+1", description: "@SUM(A1)" },
      { name: "-minus", value: "'=quoted", description: "plain" },
    ]);
  });

  test("any bad line: nothing changes, every line named", async () => {
    // Its own taxonomy: the clean import's test makes Colours's.
    const shades = await field("Shades");
    await createTaxonomy(shades, { pluralName: "Shades" });
    const before = await names(shades);
    const csv = [
      "path,name,value,description,customSearch,acl",
      ",Green,,,,",
      "Nowhere,Lost,,,,",
      ",  ,,,,",
      ',Odd,,,"a AND (",',
      ",Green,,,,",
    ].join("\n");
    const answer = await admin.request(`/fotoweb/api/taxonomies/${shades}/import`, {
      method: "POST",
      headers: { "content-type": "text/csv", accept: "application/json" },
      body: csv,
    });
    expect(answer.status).toBe(400);
    const body = await readApiJson<{ messages?: string[]; value: string }>(answer);
    expect(body.value).toMatch(/not imported/);
    expect(await names(shades)).toEqual(before);
    const form = new FormData();
    form.set("intent", "import");
    form.set("file", new Blob([csv], { type: "text/csv" }), "bad.csv");
    const page = await admin.request(`${LINKS.adminTaxonomies}/${shades}`, {
      method: "POST",
      body: form,
    });
    expect(page.status).toBe(400);
    const html = await page.text();
    for (const line of ["Line 3:", "Line 4:", "Line 5:", "Line 6:"]) expect(html).toContain(line);
    expect(html).not.toContain("Line 2:");
    const deep = await createItem(shades, null, { name: "Deep" });
    expect(deep.id).toBeGreaterThan(0);
    const unclosed = await admin.request(`/fotoweb/api/taxonomies/${shades}/import`, {
      method: "POST",
      headers: { "content-type": "text/csv", accept: "application/json" },
      body: 'path,name\n,"open',
    });
    expect(unclosed.status).toBe(400);
    await readApiJson(unclosed);
  });
});
