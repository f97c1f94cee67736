import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { AREA_NOT_FOUND } from "~/models/access/access.server";
import { createArchive } from "~/models/archive/archive.server";
import { FIXED_FIELD } from "~/models/metadata/metadata.schema";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { inEnglish } from "../helpers/keyed";

/*
 * The metadata administration pages as a browser without JavaScript uses them (decision 041):
 * fields and views created, changed and deleted by plain form posts answered by redirects, every
 * error of a post at once (400) by the form's names, 409 when a view or an archive is in the way,
 * hostile labels and patterns refused or shown as text, the row buttons of the view editor, the
 * field lists' filters in the API (filter_failed), and the area absent to anyone else.
 */

const ADMIN = "/fotoweb/views/admin/metadata";
const CONFIG = "/fotoweb/api/config/metadata";

let server: TestServer;
let owner: Client;
let member: Client;
let guest: Client;
let anonymous: Client;

type Fields = [string, string][];

const post = (client: Client, path: string, fields: Fields) =>
  client.request(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

/** The action's own answer (Remix's data request), to read the errors by their names. */
const postData = async (path: string, route: string, fields: Fields) => {
  const response = await post(owner, `${path}?_data=${encodeURIComponent(route)}`, fields);
  return { status: response.status, body: await readApiJson<Record<string, unknown>>(response) };
};

const countOf = async (table: "metadata_views" | "metadata_fields") =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const fieldNamed = (label: string) =>
  db().selectFrom("metadata_fields").selectAll().where("label", "=", label).executeTakeFirst();

/** Answers replace the defaults of the same name; rows (Values[...]) add to them. */
const withAnswers = (defaults: Fields, answers: Fields): Fields => [
  ...defaults.filter(([name]) => !answers.some(([other]) => other === name)),
  ...answers,
];

const fieldForm = (label: string, extra: Fields = []): Fields =>
  withAnswers(
    [
      ["intent", "save"],
      ["GuiLabel", label],
      ["DataType", "text"],
      ["MaxSize", "200"],
      ["Namespace", "custom"],
      ["Group", "Press"],
    ],
    extra,
  );

const builtin = (title = "5", description = "120", tags = "25"): Fields => [
  ["BuiltinFields.Title.Field", title],
  ["BuiltinFields.Title.IsWritable", "on"],
  ["BuiltinFields.Description.Field", description],
  ["BuiltinFields.Description.IsWritable", "on"],
  ["BuiltinFields.Tags.Field", tags],
  ["BuiltinFields.Tags.IsWritable", "on"],
  ["BuiltinFields.Status.Field", String(FIXED_FIELD.status)],
  ["BuiltinFields.Rating.Field", String(FIXED_FIELD.rating)],
  ["BuiltinFields.Notes.Field", String(FIXED_FIELD.notes)],
];

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
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const PAGES = [
  ADMIN,
  `${ADMIN}/fields/new`,
  `${ADMIN}/fields/5`,
  `${ADMIN}/views`,
  `${ADMIN}/views/new`,
  `${ADMIN}/views/default`,
];

describe("who may reach the pages", () => {
  test("the owner reads every page; the management page links the area", async () => {
    for (const path of PAGES) expect((await owner.get(path)).status, path).toBe(200);
    expect(await (await owner.get("/fotoweb/views/management")).text()).toContain(
      `href="${ADMIN}"`,
    );
  });

  test("to a member every address is not found, existing or not; nobody and the guest sign in", async () => {
    const missing = [`${ADMIN}/nope`, `${ADMIN}/fields/99999`, `${ADMIN}/views/nope/deeper`];
    for (const path of [...PAGES, ...missing]) {
      const refused = await member.get(path);
      expect(refused.status, path).toBe(404);
      expect(await refused.text()).toContain(inEnglish(AREA_NOT_FOUND));
      for (const outsider of [anonymous, guest]) {
        const answer = await outsider.get(path);
        expect(answer.status, path).toBe(302);
        expect(answer.headers.get("location"), path).toMatch(/\/fotoweb\/views\/login/);
      }
    }
    const before = await countOf("metadata_fields");
    for (const path of [`${ADMIN}/fields/new`, `${ADMIN}/views/new`, `${ADMIN}/views/default`])
      expect((await post(member, path, fieldForm("Sneaky"))).status, path).toBe(404);
    expect(await countOf("metadata_fields")).toBe(before);
    expect((await member.get("/fotoweb/views/management")).status).not.toBe(200);
  });

  test("unknown addresses are 404 for the owner too; the API's are 401 for nobody", async () => {
    for (const path of [`${ADMIN}/nope`, `${ADMIN}/fields/abc`, `${ADMIN}/views/..%2Fx`])
      expect((await owner.get(path)).status, path).toBe(404);
    for (const path of [`${CONFIG}/nope`, `${CONFIG}/fields/300/more`]) {
      expect((await owner.getJson(path)).status, path).toBe(404);
      const hidden = await member.getJson(path);
      expect(hidden.status, path).toBe(404);
      expect((await readApiJson<{ value: string }>(hidden)).value).toBe(inEnglish(AREA_NOT_FOUND));
      expect((await anonymous.getJson(path)).status, path).toBe(401);
    }
  });
});

describe("custom fields", () => {
  test("created by a form post, shown in the list, changed, then deleted", async () => {
    const created = await post(
      owner,
      `${ADMIN}/fields/new`,
      fieldForm("Desk", [
        ["DataType", "dropdown"],
        ["Values[0].Value", "News"],
        ["Values[0].Description", "Hard news"],
        ["Values[1].Value", "Sport"],
        ["Values[1].Description", ""],
        ["Values[2].Value", ""],
        ["Values[2].Description", ""],
        ["Validation.HelpText", "Pick one"],
      ]),
    );
    expect(created.status).toBe(302);
    const row = (await fieldNamed("Desk"))!;
    expect(row.id).toBeGreaterThanOrEqual(300);
    expect(created.headers.get("location")).toBe(`${ADMIN}/fields/${row.id}`);
    expect(row.data_type).toBe("dropdown");
    expect(JSON.parse(row.dropdown_values)).toEqual([
      { Value: "News", Description: "Hard news" },
      { Value: "Sport", Description: "" },
    ]);
    expect(JSON.parse(row.validation)).toEqual({ HelpText: "Pick one" });

    const list = await (await owner.get(`${ADMIN}?namespace=custom&q=desk`)).text();
    expect(list).toContain(`href="${ADMIN}/fields/${row.id}"`);
    expect(list).not.toContain(`href="${ADMIN}/fields/5"`);

    const changed = await post(
      owner,
      `${ADMIN}/fields/${row.id}`,
      fieldForm("Desk name", [
        ["MultiInstance", "on"],
        ["Multiline", "on"],
        ["Validation.Regexp", "^[A-Z][a-z]+$"],
      ]),
    );
    expect(changed.status).toBe(302);
    const after = (await fieldNamed("Desk name"))!;
    expect([after.id, after.multi_instance, after.multiline, after.data_type]).toEqual([
      row.id,
      1,
      1,
      "text",
    ]);

    const deleted = await post(owner, `${ADMIN}/fields/${row.id}`, [["intent", "delete"]]);
    expect(deleted.status).toBe(302);
    expect(await fieldNamed("Desk name")).toBeUndefined();
  });

  test("every invalid answer is reported at once by its name, and nothing is stored", async () => {
    const before = await countOf("metadata_fields");
    const { status, body } = await postData(
      `${ADMIN}/fields/new`,
      "routes/fotoweb.views.admin.metadata.fields.new",
      [
        ["intent", "save"],
        ["GuiLabel", "  "],
        ["DataType", "dropdown"],
        ["MaxSize", "lots"],
        ["Multiline", "on"],
        ["Validation.Min", "5"],
        ["Namespace", "IPTC"],
        ["Group", "a/b"],
      ],
    );
    expect(status).toBe(400);
    expect(Object.keys(body.fieldErrors as object).sort()).toEqual(
      ["GuiLabel", "Group", "MaxSize", "Namespace"].sort(),
    );
    // With the types right, the field's own rules are reported together.
    const rules = await postData(
      `${ADMIN}/fields/new`,
      "routes/fotoweb.views.admin.metadata.fields.new",
      [
        ["intent", "save"],
        ["GuiLabel", "Broken"],
        ["DataType", "dropdown"],
        ["Multiline", "on"],
        ["Validation.Min", "5"],
        ["Validation.Max", "1"],
        ["Namespace", "iptc"],
      ],
    );
    expect(rules.status).toBe(400);
    expect(Object.keys(rules.body.fieldErrors as object).sort()).toEqual(
      ["Multiline", "Namespace", "Validation.Min", "Values", "Validation.Max"].sort(),
    );
    const page = await post(owner, `${ADMIN}/fields/new`, fieldForm(" ", [["MaxSize", "0"]]));
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("Enter a label");
    expect(html).toContain("At least 1 character");
    expect(await countOf("metadata_fields")).toBe(before);
  });

  test("patterns RE2 cannot run are refused, on the page and in the API (decision 069)", async () => {
    for (const pattern of ["(?=a)a", "(?<!a)b", "(a)\\1", "x{1,99999}", "(["]) {
      const { status, body } = await postData(
        `${ADMIN}/fields/new`,
        "routes/fotoweb.views.admin.metadata.fields.new",
        fieldForm("Pattern", [["Validation.Regexp", pattern]]),
      );
      expect([pattern, status]).toEqual([pattern, 400]);
      expect(Object.keys(body.fieldErrors as object), pattern).toEqual(["Validation.Regexp"]);
    }
    const api = await owner.request(`${CONFIG}/fields/`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ GuiLabel: "Pattern", Validation: { Regexp: "(?=x)y" } }),
    });
    expect(api.status).toBe(400);
    expect(await fieldNamed("Pattern")).toBeUndefined();
  });

  test("patterns that stall a backtracking engine are saved: RE2 runs them in linear time", async () => {
    const api = await owner.request(`${CONFIG}/fields/`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ GuiLabel: "Hostile", Validation: { Regexp: ".*.*.*.*.*.*x" } }),
    });
    expect(api.status).toBe(201);
    expect(await fieldNamed("Hostile")).toBeDefined();
  });

  test("a hostile label is text on every page that shows it", async () => {
    const label = `<img src=x onerror="alert(1)">&amp;`;
    expect((await post(owner, `${ADMIN}/fields/new`, fieldForm(label))).status).toBe(302);
    const row = (await fieldNamed(label))!;
    for (const path of [ADMIN, `${ADMIN}/fields/${row.id}`, `${ADMIN}/views/new`]) {
      const html = await (await owner.get(path)).text();
      expect(html, path).not.toContain("<img src=x");
      expect(html, path).toContain("&lt;img src=x");
    }
    expect((await post(owner, `${ADMIN}/fields/new`, fieldForm("</script>"))).status).toBe(400);
    await post(owner, `${ADMIN}/fields/${row.id}`, [["intent", "delete"]]);
  });

  test("a built-in field is read-only: its page has no form, and a post is 409", async () => {
    const html = await (await owner.get(`${ADMIN}/fields/5`)).text();
    expect(html).toContain("cannot be changed or removed");
    expect(html).not.toContain('name="GuiLabel"');
    for (const fields of [fieldForm("Renamed"), [["intent", "delete"]] as Fields]) {
      const refused = await post(owner, `${ADMIN}/fields/5`, fields);
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain("is built in");
    }
  });
});

describe("metadata views", () => {
  test("made with a custom field, shown on the editor page, refused while used, then deleted", async () => {
    expect((await post(owner, `${ADMIN}/fields/new`, fieldForm("Assignment"))).status).toBe(302);
    const custom = (await fieldNamed("Assignment"))!;
    const created = await post(owner, `${ADMIN}/views/new`, [
      ["intent", "save"],
      ["Id", "newsroom"],
      ["Name", "Newsroom"],
      ...builtin(),
      ["DetailRegions[0].Name", "Story"],
      ["DetailRegions[0].Fields[0].Field", "105"],
      ["DetailRegions[0].Fields[0].IsWritable", "on"],
      ["DetailRegions[0].Fields[0].Required", "on"],
      ["DetailRegions[0].Add", String(custom.id)],
      ["DetailRegions[1].Name", "Place"],
      ["DetailRegions[1].Fields[0].Field", "90"],
    ]);
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe(`${ADMIN}/views/newsroom`);
    const set = await readApiJson<{
      detailRegions: {
        name: string;
        fields: { field: { id: number }; required: boolean; isWritable: boolean }[];
      }[];
    }>(await owner.getJson("/fotoweb/editors/newsroom"));
    expect(
      set.detailRegions.map((r) => [
        r.name,
        r.fields.map((f) => [f.field.id, f.isWritable, f.required]),
      ]),
    ).toEqual([
      [
        "Story",
        [
          [105, true, true],
          [custom.id, true, false],
        ],
      ],
      ["Place", [[90, false, false]]],
    ]);
    const editorPage = await (await owner.get("/fotoweb/editors/newsroom")).text();
    expect(editorPage).toContain("Assignment");

    const fieldInUse = await post(owner, `${ADMIN}/fields/${custom.id}`, [["intent", "delete"]]);
    expect(fieldInUse.status).toBe(409);
    expect(await fieldInUse.text()).toContain("Newsroom");

    await createArchive({ name: "Wire desk", config: { MetadataSetId: "newsroom" } });
    const list = await (await owner.get(`${ADMIN}/views`)).text();
    expect(list).toContain("Wire desk");
    const inUse = await post(owner, `${ADMIN}/views/newsroom`, [["intent", "delete"]]);
    expect(inUse.status).toBe(409);
    expect(await inUse.text()).toContain("Wire desk");
    const fallback = await post(owner, `${ADMIN}/views/default`, [["intent", "delete"]]);
    expect(fallback.status).toBe(409);

    const changed = await post(owner, `${ADMIN}/views/newsroom`, [
      ["intent", "save"],
      ["Name", "Newsroom 2"],
      ...builtin("105"),
    ]);
    expect(changed.status).toBe(302);
    const stored = await db()
      .selectFrom("metadata_views")
      .selectAll()
      .where("id", "=", "newsroom")
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe("Newsroom 2");
    expect(JSON.parse(stored.detail_regions)).toEqual([]);
    expect(JSON.parse(stored.builtin_fields).Title.Field).toBe(105);

    await db()
      .updateTable("archives")
      .set({ config: "{}" })
      .where("name", "=", "Wire desk")
      .execute();
    expect((await post(owner, `${ADMIN}/views/newsroom`, [["intent", "delete"]])).status).toBe(302);
    expect((await post(owner, `${ADMIN}/fields/${custom.id}`, [["intent", "delete"]])).status).toBe(
      302,
    );
  });

  test("every rule a view breaks is reported at once, by the form's names", async () => {
    const before = await countOf("metadata_views");
    const { status, body } = await postData(
      `${ADMIN}/views/new`,
      "routes/fotoweb.views.admin.metadata.views.new",
      [
        ["intent", "save"],
        ["Name", ""],
        ...withAnswers(builtin("25", "55", "5"), [["BuiltinFields.Status.Field", "5"]]),
        ["DetailRegions[0].Name", "Twice"],
        ["DetailRegions[0].Fields[0].Field", "90"],
        ["DetailRegions[0].Fields[0].Required", "on"],
        ["DetailRegions[1].Name", "twice"],
        ["DetailRegions[1].Fields[0].Field", "90"],
        ["DetailRegions[1].Fields[1].Field", "55"],
        ["DetailRegions[1].Fields[1].IsWritable", "on"],
        ["DetailRegions[1].Fields[1].TaxonomyOnly", "on"],
        ["DetailRegions[1].Fields[2].Field", "99999"],
      ],
    );
    expect(status).toBe(400);
    expect(Object.keys(body.fieldErrors as object).sort()).toEqual(
      [
        "Name",
        "BuiltinFields.Title.Field",
        "BuiltinFields.Description.Field",
        "BuiltinFields.Tags.Field",
        "BuiltinFields.Status.Field",
        "DetailRegions[0].Fields[0].Required",
        "DetailRegions[1].Name",
        "DetailRegions[1].Fields[0].Field",
        "DetailRegions[1].Fields[1].TaxonomyOnly",
        "DetailRegions[1].Fields[2].Field",
      ].sort(),
    );
    expect(await countOf("metadata_views")).toBe(before);
  });

  test("a taken name is refused by its field; the page shows the errors", async () => {
    const page = await post(owner, `${ADMIN}/views/new`, [
      ["intent", "save"],
      ["Name", "default"],
      ...builtin(),
    ]);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Another metadata view has this name");
  });

  test("without JavaScript the row buttons come back changed and unsaved", async () => {
    const before = await countOf("metadata_views");
    const base: Fields = [
      ["Name", "Draft"],
      ...builtin(),
      ["DetailRegions[0].Name", "First"],
      ["DetailRegions[0].Fields[0].Field", "90"],
      ["DetailRegions[0].Fields[1].Field", "92"],
      ["DetailRegions[1].Name", "Second"],
      ["DetailRegions[1].Add", "101"],
    ];
    /** The regions the page shows again: each name, then the ids of its fields. */
    const regions = async (intent: string) => {
      const page = await post(owner, `${ADMIN}/views/new`, [...base, ["intent", intent]]);
      expect(page.status, intent).toBe(200);
      const html = await page.text();
      const shown: [string, number[]][] = [];
      for (const m of html.matchAll(
        /name="DetailRegions\[(\d+)\]\.(Name|Fields\[\d+\]\.Field)"[^>]*value="([^"]*)"/g,
      )) {
        const r = Number(m[1]);
        shown[r] ??= ["", []];
        if (m[2] === "Name") shown[r]![0] = m[3]!;
        else shown[r]![1].push(Number(m[3]));
      }
      return shown;
    };
    expect(await regions("region.down.0")).toEqual([
      ["Second", [101]],
      ["First", [90, 92]],
    ]);
    expect(
      (await post(owner, `${ADMIN}/views/new`, [...base, ["intent", "region.up.99"]])).status,
    ).toBe(400);
    expect(await countOf("metadata_views")).toBe(before);
  });
});

describe("stale saves", () => {
  test("a save made from an older revision is 409 and changes nothing; the page's next save wins", async () => {
    expect((await post(owner, `${ADMIN}/fields/new`, fieldForm("Shared"))).status).toBe(302);
    const field = (await fieldNamed("Shared"))!;
    const opened = field.updated_at;
    expect(
      (
        await post(
          owner,
          `${ADMIN}/fields/${field.id}`,
          fieldForm("Shared", [["Revision", opened]]),
        )
      ).status,
    ).toBe(302);
    const other = (await fieldNamed("Shared"))!.updated_at;
    const stale = await post(
      owner,
      `${ADMIN}/fields/${field.id}`,
      fieldForm("Mine", [["Revision", opened]]),
    );
    expect(stale.status).toBe(409);
    const html = await stale.text();
    expect(html).toContain("Someone else saved this after you opened it");
    // The page offers the stored revision now: saving again is a choice made knowing it.
    expect(html).toContain(`name="Revision" value="${other}"`);
    expect(await fieldNamed("Mine")).toBeUndefined();

    const view: Fields = [["intent", "save"], ["Id", "shared"], ["Name", "Shared"], ...builtin()];
    expect((await post(owner, `${ADMIN}/views/new`, view)).status).toBe(302);
    const revision = async () =>
      (
        await db()
          .selectFrom("metadata_views")
          .select("updated_at")
          .where("id", "=", "shared")
          .executeTakeFirstOrThrow()
      ).updated_at;
    const first = await revision();
    const save = (name: string, rev: string) =>
      post(owner, `${ADMIN}/views/shared`, [
        ["intent", "save"],
        ["Name", name],
        ["Revision", rev],
        ...builtin(),
      ]);
    expect((await save("Shared one", first)).status).toBe(302);
    const refused = await save("Shared two", first);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Someone else saved this after you opened it");
    expect((await save("Shared two", await revision())).status).toBe(302);
    await post(owner, `${ADMIN}/views/shared`, [["intent", "delete"]]);
    await post(owner, `${ADMIN}/fields/${field.id}`, [["intent", "delete"]]);
  });
});

describe("the field lists' filters in the API", () => {
  test("type, only and q filter; a filter that cannot apply is filter_failed", async () => {
    const bags = await readApiJson<{ data: { FieldType: string }[] }>(
      await owner.getJson(`${CONFIG}/fields/all?only=Bag`),
    );
    expect(bags.data.length).toBeGreaterThan(0);
    expect(bags.data.every((f) => f.FieldType === "Bag")).toBe(true);
    const dates = await readApiJson<{ data: { Id: number }[] }>(
      await owner.getJson(`${CONFIG}/groups/Origin/fields?type=Date`),
    );
    expect(dates.data.map((f) => f.Id)).toEqual([55]);
    const found = await readApiJson<{ data: { Id: number }[] }>(
      await owner.getJson(`${CONFIG}/namespaces/iptc/fields?q=by-line`),
    );
    expect(found.data.map((f) => f.Id)).toEqual([80, 85]);
    for (const query of [
      "type=Nope",
      "only=Date",
      "q=" + "x".repeat(201),
      "type=Bag&type=Single",
    ]) {
      const refused = await owner.getJson(`${CONFIG}/fields/all?${query}`);
      expect(refused.status, query).toBe(400);
      expect((await readApiJson<{ value: string }>(refused)).value, query).toBe("filter_failed");
    }
  });
});
