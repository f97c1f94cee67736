import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { writeRevision } from "~/models/asset/revision-write.server";
import { FIELD } from "~/models/metadata/metadata-fields";
import { createUser } from "~/models/user/user.server";
import { insertAsset } from "../helpers/assets";
import { readApiJson } from "../helpers/api-contract";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The revision calls over HTTP (spec 000 §7, decision 049): the list as JSON and as a page, one
 * revision, rollback and rollback-to with a JSON body and as plain forms, DELETE, compare; one
 * 404 for an asset one may not see and one that does not exist; guests and other users refused.
 */

let server: TestServer;
let archive: Archive;
let secretArchive: Archive;
let keeper: Client;
let reader: Client;
let anonymous: Client;
let assetId: number;
let base: string;
let secretBase: string;

const JSON_HEADERS = { "content-type": "application/json", accept: "application/json" };

async function edit(id: number, title: string) {
  await db()
    .transaction()
    .execute((trx) =>
      writeRevision(trx, id, { kind: "edit", userId: null, fields: { [FIELD.title]: title } }),
    );
}

beforeAll(async () => {
  server = await startTestServer();
  const keeperUser = await createUser({ username: "keeper", password: "keeper-password-1" });
  const readerUser = await createUser({ username: "reader", password: "reader-password-1" });
  archive = await createArchive({
    name: "History",
    members: [
      {
        type: "user",
        id: keeperUser.id,
        permissions: ["View", "Preview", "HistoryView", "HistoryRollback", "HistoryManage"],
        autoSearch: "",
      },
      { type: "user", id: readerUser.id, permissions: ["View", "Preview"], autoSearch: "" },
    ],
  });
  secretArchive = await createArchive({ name: "Secret history", members: [] });
  const secret = await insertAsset(secretArchive, { fileName: "secret.jpg" });
  secretBase = `${assetHref(secretArchive.id, secretArchive.name, { id: secret, fileName: "secret.jpg" })}/__revisions/`;
  keeper = new Client(server.url);
  await keeper.signIn("keeper", "keeper-password-1");
  reader = new Client(server.url);
  await reader.signIn("reader", "reader-password-1");
  anonymous = new Client(server.url);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

// Each test has an asset of its own with three revisions, titled First, Second, Third
// (decision 075): rollbacks and deletes in one test leave the others' history alone.
beforeEach(async () => {
  assetId = await insertAsset(archive, {
    fileName: "photo.jpg",
    title: "First",
    metadata: { [FIELD.title]: "First" },
  });
  // The helper leaves the first revision's metadata empty; an upload's carries the file's own.
  await db()
    .updateTable("revisions")
    .set({ metadata: JSON.stringify({ [FIELD.title]: "First" }) })
    .where("asset_id", "=", assetId)
    .execute();
  for (const title of ["Second", "Third"]) await edit(assetId, title);
  base = `${assetHref(archive.id, archive.name, { id: assetId, fileName: "photo.jpg" })}/__revisions/`;
});

interface ListBody {
  data: { number: number; current: boolean; href: string; rollback: string }[];
  paging: { next: string | null; prev: string | null; first: string; last: string };
  total: number;
}

const list = async () => readApiJson<ListBody>(await keeper.getJson(base));

describe("the list", () => {
  test("JSON, newest first, and the page", async () => {
    const body = await list();
    expect(body.data.map((r) => r.number)).toEqual([3, 2, 1]);
    expect(body.data[0]!.href).toBe(`${base}3`);
    expect(body.paging).toMatchObject({ next: null, prev: null, first: base });
    const page = await keeper.get(base);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Revisions of Third");
    expect(html).toContain(`action="${base}compare"`);
  });

  test("an asset one may not see answers exactly as one that does not exist", async () => {
    const hidden = await keeper.getJson(secretBase);
    const missing = await keeper.getJson(base.replace(`/${assetId}-`, "/999999-"));
    expect([hidden.status, missing.status]).toEqual([404, 404]);
    const a = await readApiJson<{ value: string }>(hidden);
    const b = await readApiJson<{ value: string }>(missing);
    expect(a.value).toBe(b.value);
    const hiddenRollback = await keeper.request(`${secretBase}1/rollback`, {
      method: "POST",
      headers: JSON_HEADERS,
      body: "{}",
    });
    expect(hiddenRollback.status).toBe(404);
    expect((await readApiJson<{ value: string }>(hiddenRollback)).value).toBe(b.value);
  });

  test("HistoryView is needed; the guest, who may not see the asset, finds nothing", async () => {
    expect((await reader.getJson(base)).status).toBe(403);
    expect((await anonymous.getJson(base)).status).toBe(404);
  });

  test("one revision as JSON; hostile numbers are not found", async () => {
    const one = await keeper.getJson(`${base}2`);
    expect(one.status).toBe(200);
    expect((await readApiJson<{ number: number }>(one)).number).toBe(2);
    for (const bad of ["0", "99", "1%2f..%2f..", "-1"])
      expect((await keeper.getJson(`${base}${bad}`)).status).toBe(404);
  });
});

describe("mutations", () => {
  test("rollback with a JSON body makes a new revision; bad rollbackType is 400", async () => {
    const bad = await keeper.request(`${base}1/rollback`, {
      method: "POST",
      headers: JSON_HEADERS,
      body: JSON.stringify({ rollbackType: "<script>" }),
    });
    expect(bad.status).toBe(400);
    expect((await list()).total).toBe(3);
    const response = await keeper.request(`${base}1/rollback`, {
      method: "POST",
      headers: JSON_HEADERS,
      body: JSON.stringify({ rollbackType: "full" }),
    });
    expect(response.status).toBe(200);
    expect(await readApiJson<{ number: number }>(response)).toEqual({ number: 4, previous: 3 });
    const asset = await db()
      .selectFrom("assets")
      .select("title")
      .where("id", "=", assetId)
      .executeTakeFirstOrThrow();
    expect(asset.title).toBe("First");
  });

  test("rollback as a plain form redirects to the list with a toast", async () => {
    const response = await keeper.post(`${base}2/rollback`, { rollbackType: "full" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(base);
    expect(response.headers.get("set-cookie")).toContain("arkiv_toast=");
    expect((await list()).data[0]).toMatchObject({ number: 4, current: true });
  });

  test("others may not roll back; the guest never changes anything", async () => {
    const refused = await reader.request(`${base}1/rollback`, {
      method: "POST",
      headers: JSON_HEADERS,
      body: "{}",
    });
    expect(refused.status).toBe(403);
    const guest = await anonymous.request(`${base}1/rollback`, {
      method: "POST",
      headers: JSON_HEADERS,
      body: "{}",
    });
    expect(guest.status).toBe(404);
    expect((await list()).total).toBe(3);
  });

  test("DELETE removes an earlier revision, refuses the current one", async () => {
    const current = await keeper.request(`${base}3`, {
      method: "DELETE",
      headers: { accept: "application/json" },
    });
    expect(current.status).toBe(409);
    expect((await readApiJson<{ value: string }>(current)).value).toMatch(/current revision/);
    const gone = await keeper.request(`${base}2`, { method: "DELETE" });
    expect(gone.status).toBe(204);
    expect((await list()).data.map((r) => r.number)).toEqual([3, 1]);
    // A plain form's delete of the current one comes back as an error toast.
    const form = await keeper.post(`${base}3`, { intent: "delete" });
    expect(form.status).toBe(302);
    expect((await list()).total).toBe(2);
  });

  test("rollback-to deletes the later revisions", async () => {
    await edit(assetId, "Fourth");
    const response = await keeper.request(`${base}2/rollback-to`, {
      method: "POST",
      headers: JSON_HEADERS,
      body: JSON.stringify({ rollbackType: "full" }),
    });
    expect(response.status).toBe(200);
    expect(await readApiJson(response)).toEqual({ number: 2, deleted: 2 });
    expect((await list()).data.map((r) => [r.number, r.current])).toEqual([
      [2, true],
      [1, false],
    ]);
  });

  test("the list's form: its rollback choice goes to rollback; rollback-to is always whole", async () => {
    const rollback = await keeper.post(`${base}1/rollback`, { rollbackType: "metadata" });
    expect(rollback.status).toBe(302);
    expect((await list()).data.map((r) => r.number)).toEqual([4, 3, 2, 1]);
    const back = await keeper.post(`${base}2/rollback-to`, { rollbackType: "metadata" });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe(base);
    expect((await list()).data.map((r) => [r.number, r.current])).toEqual([
      [2, true],
      [1, false],
    ]);
  });

  test("GET on a mutation's URL is 405", async () => {
    expect((await keeper.getJson(`${base}1/rollback`)).status).toBe(405);
  });
});

describe("compare", () => {
  test("POST with leftRevision and rightRevision answers the comparison", async () => {
    const response = await keeper.request(`${base}compare`, {
      method: "POST",
      headers: JSON_HEADERS,
      body: JSON.stringify({ leftRevision: 1, rightRevision: 2 }),
    });
    expect(response.status).toBe(200);
    const body = await readApiJson<{ fields: { label: string; changed: boolean }[] }>(response);
    expect(body.fields.find((f) => f.label === "Title")?.changed).toBe(true);
  });

  test("the list's form redirects to the compare page, which shows both", async () => {
    const response = await keeper.post(`${base}compare`, { revision: "2" });
    expect(response.status).toBe(302);
    const form = new URLSearchParams();
    form.append("revision", "2");
    form.append("revision", "1");
    const redirect = await keeper.request(`${base}compare`, {
      method: "POST",
      body: form,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("location")).toBe(`${base}compare?left=1&right=2`);
    const page = await keeper.get(`${base}compare?left=1&right=2`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Revisions 1 and 2 of");
    expect((await keeper.get(`${base}compare?left=1&right=x`)).status).toBe(400);
  });
});
