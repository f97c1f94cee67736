import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { alertHref, LINKS } from "~/utils/links";
import { inEnglish } from "../helpers/keyed";
import { INTERVAL_MESSAGE } from "~/models/alert/alert.schema";
import { readApiJson } from "../helpers/api-contract";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";

/*
 * Alerts over HTTP (decision 062) on the dialect under test: the API (list, create with 201 and
 * Location, read, change, delete), the alerts list page and its plain form posts, the
 * create-alert button's post from an archive search, the header menu's rule, the descriptor
 * link, and every refusal: an unreadable search, an archive without Alert, another's alert.
 */

const ALERT = "application/vnd.fotoware.alert+json";
const ALERT_LIST = "application/vnd.fotoware.alert-list+json";

interface AlertJson {
  id: string;
  href: string;
  collection: string;
  archiveName: string;
  interval: string;
  dtSearchString: string;
}

let server: TestServer;
let follower: Viewer;
let follow: Client;
let stranger: Client;
let plain: Client;
let open: Archive;
let second: Archive;
let noAlerts: Archive;

const send = (client: Client, method: string, path: string, body?: unknown) =>
  client.request(path, {
    method,
    headers: {
      accept: "application/json",
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

const html = async (client: Client, path: string) => {
  const response = await client.get(path, { accept: "text/html" });
  return { status: response.status, text: await response.text() };
};

beforeAll(async () => {
  server = await startTestServer();
  follower = await createUser({
    username: "hfollower",
    password: "follower-pass-1",
    email: "f@example.org",
  });
  await createUser({ username: "hstranger", password: "stranger-pass-1", email: "s@example.org" });
  await createUser({ username: "hplain", password: "plain-pass-123", email: "p@example.org" });
  const plainUser = (
    await db()
      .selectFrom("users")
      .select("id")
      .where("username", "=", "hplain")
      .executeTakeFirstOrThrow()
  ).id;
  const strangerUser = (
    await db()
      .selectFrom("users")
      .select("id")
      .where("username", "=", "hstranger")
      .executeTakeFirstOrThrow()
  ).id;
  open = await createArchive({
    name: "Alert news",
    members: [
      { type: "user", id: follower.id, permissions: ["View", "Preview", "Alert"], autoSearch: "" },
      { type: "user", id: strangerUser, permissions: ["View", "Alert"], autoSearch: "" },
      { type: "user", id: plainUser, permissions: ["View"], autoSearch: "" },
    ],
  });
  second = await createArchive({
    name: "Alert second",
    members: [{ type: "user", id: follower.id, permissions: ["View", "Alert"], autoSearch: "" }],
  });
  noAlerts = await createArchive({
    name: "Alert none",
    members: [{ type: "user", id: follower.id, permissions: ["View"], autoSearch: "" }],
  });
  follow = new Client(server.url);
  await follow.signIn("hfollower", "follower-pass-1");
  stranger = new Client(server.url);
  await stranger.signIn("hstranger", "stranger-pass-1");
  plain = new Client(server.url);
  await plain.signIn("hplain", "plain-pass-123");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the API", () => {
  test("create (201, Location), read, list, change and delete", async () => {
    const empty = await readApiJson<{ data: AlertJson[] }>(
      await follow.getJson(LINKS.alerts, ALERT_LIST),
    );
    expect(empty.data).toEqual([]);
    const made = await send(follow, "POST", LINKS.alerts, {
      collection: open.href,
      interval: "every_day",
      dtSearchString: "harbour",
    });
    expect(made.status).toBe(201);
    const location = made.headers.get("location")!;
    const body = await readApiJson<AlertJson>(made);
    expect(location).toBe(body.href);
    expect(location).toBe(alertHref(body.id));
    const fetched = await readApiJson<AlertJson>(await follow.getJson(location, ALERT));
    expect(fetched).toMatchObject({
      collection: open.href,
      interval: "every_day",
      dtSearchString: "harbour",
      archiveName: open.name,
    });
    const list = await readApiJson<{ data: AlertJson[] }>(await follow.getJson(LINKS.alerts));
    expect(list.data.map((a) => a.id)).toEqual([body.id]);

    const changed = await send(follow, "PUT", location, {
      collection: second.href,
      interval: "every_week",
      dtSearchString: "dawn",
    });
    expect(changed.status).toBe(200);
    expect(await readApiJson<AlertJson>(changed)).toMatchObject({
      collection: second.href,
      interval: "every_week",
    });
    const deleted = await send(follow, "DELETE", location);
    expect(deleted.status).toBe(204);
    expect((await follow.getJson(location)).status).toBe(404);
  });

  test("bad input: an unreadable search, an unknown interval, an archive without Alert", async () => {
    const invalid = await send(follow, "POST", LINKS.alerts, {
      collection: open.href,
      interval: "every_day",
      dtSearchString: 'title:"open',
    });
    expect(invalid.status).toBe(400);
    const invalidBody = await readApiJson<{ heading: string; fieldErrors: Record<string, string> }>(
      invalid,
    );
    expect(invalidBody.heading).toBe("InvalidSearchExpression");
    expect(invalidBody.fieldErrors.dtSearchString).toBeTruthy();
    const interval = await send(follow, "POST", LINKS.alerts, {
      collection: open.href,
      interval: "hourly",
      dtSearchString: "x",
    });
    expect(interval.status).toBe(400);
    expect(
      (await readApiJson<{ fieldErrors: Record<string, string> }>(interval)).fieldErrors.interval,
    ).toBeTruthy();
    const refused = await send(follow, "POST", LINKS.alerts, {
      collection: noAlerts.href,
      interval: "every_day",
      dtSearchString: "x",
    });
    expect(refused.status).toBe(403);
    await readApiJson(refused);
    const junk = await send(follow, "POST", LINKS.alerts, "[1,2]");
    expect(junk.status).toBe(400);
    await readApiJson(junk);
    expect(
      (await readApiJson<{ data: unknown[] }>(await follow.getJson(LINKS.alerts))).data,
    ).toEqual([]);
    // Signed out: 401.
    const out = await new Client(server.url).getJson(LINKS.alerts);
    expect(out.status).toBe(401);
    await readApiJson(out);
  });

  test("another person's alert answers exactly as a missing one", async () => {
    const made = await readApiJson<AlertJson>(
      await send(follow, "POST", LINKS.alerts, {
        collection: open.href,
        interval: "every_day",
        dtSearchString: "mine",
      }),
    );
    const answers = [];
    for (const [client, method, path] of [
      [stranger, "GET", made.href],
      [stranger, "PUT", made.href],
      [stranger, "DELETE", made.href],
      [follow, "GET", alertHref(99_999_999)],
      [follow, "GET", `${LINKS.alerts}abc`],
    ] as const) {
      const response = await send(
        client,
        method,
        path,
        method === "PUT"
          ? { collection: open.href, interval: "every_hour", dtSearchString: "theirs" }
          : undefined,
      );
      const body = await readApiJson<{ status: number; value: string }>(response);
      answers.push({ status: response.status, value: body.value });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.status).toBe(404);
    // The stranger's page request for it is the same 404, and it is unchanged.
    expect((await stranger.get(made.href, { accept: "text/html" })).status).toBe(404);
    expect((await readApiJson<AlertJson>(await follow.getJson(made.href))).dtSearchString).toBe(
      "mine",
    );
    await send(follow, "DELETE", made.href);
  });

  test("an archive's collection names alertHref only where its viewer holds Alert", async () => {
    const mine = await readApiJson<{ alertHref?: string; canCreateAlerts: boolean }>(
      await follow.getJson(open.href, "application/vnd.fotoware.collectioninfo+json"),
    );
    expect(mine).toMatchObject({ alertHref: LINKS.alerts, canCreateAlerts: true });
    const theirs = await readApiJson<{ alertHref?: string; canCreateAlerts: boolean }>(
      await plain.getJson(open.href, "application/vnd.fotoware.collectioninfo+json"),
    );
    expect(theirs.canCreateAlerts).toBe(false);
    expect(theirs.alertHref).toBeUndefined();
  });

  test("the descriptor links the alerts for a signed-in person", async () => {
    const descriptor = await readApiJson<{ alerts?: string }>(
      await follow.getJson("/fotoweb/me/", "application/vnd.fotoware.full-api-descriptor+json"),
    );
    expect(descriptor.alerts).toBe(LINKS.alerts);
  });
});

describe("the pages", () => {
  test("the list: empty state, rows, edit mode, errors by field, save and delete without JavaScript", async () => {
    const emptyPage = await html(follow, LINKS.alerts);
    expect(emptyPage.status).toBe(200);
    expect(emptyPage.text).toContain("You have no alerts.");
    const made = await readApiJson<AlertJson>(
      await send(follow, "POST", LINKS.alerts, {
        collection: open.href,
        interval: "every_day",
        dtSearchString: '"<script>alert(1)</script>"',
      }),
    );
    const listed = await html(follow, LINKS.alerts);
    expect(listed.text).toContain("Every day");
    expect(listed.text).toContain(open.name);
    expect(listed.text).not.toContain("<script>alert(1)</script>");
    expect(listed.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // The alert's href in a browser opens it in edit mode.
    const toEdit = await follow.get(made.href, { accept: "text/html" });
    expect(toEdit.status).toBe(302);
    expect(toEdit.headers.get("location")).toBe(`${LINKS.alerts}?edit=${made.id}`);
    const editing = await html(follow, `${LINKS.alerts}?edit=${made.id}`);
    expect(editing.text).toContain('name="searchString"');
    expect(editing.text).toContain('name="interval"');
    expect(editing.text).toContain('name="archive"');
    // Only archives granting Alert are offered.
    expect(editing.text).toContain(second.name);
    expect(editing.text).not.toContain(noAlerts.name);

    const bad = await follow.post(`${LINKS.alerts}?index&edit=${made.id}`, {
      intent: "update",
      alert: made.id,
      interval: "every_decade",
      searchString: 'title:"open',
      archive: String(open.id),
    });
    expect(bad.status).toBe(400);
    // The same page again, in edit mode, the error beside its field.
    const badPage = await bad.text();
    expect(badPage).toContain(inEnglish(INTERVAL_MESSAGE));
    expect(badPage).toContain('aria-invalid="true"');
    const badSearch = await follow.post(`${LINKS.alerts}?index&edit=${made.id}`, {
      intent: "update",
      alert: made.id,
      interval: "every_hour",
      searchString: 'title:"open',
      archive: String(open.id),
    });
    expect(badSearch.status).toBe(400);
    expect(await badSearch.text()).toMatch(/quote/i);
    const noAlert = await follow.post(`${LINKS.alerts}?index&edit=${made.id}`, {
      intent: "update",
      alert: made.id,
      interval: "every_hour",
      searchString: "fine",
      archive: String(noAlerts.id),
    });
    expect(noAlert.status).toBe(403);
    expect(await noAlert.text()).toContain("permission");
    expect((await readApiJson<AlertJson>(await follow.getJson(made.href))).interval).toBe(
      "every_day",
    );

    const saved = await follow.post(`${LINKS.alerts}?index&edit=${made.id}`, {
      intent: "update",
      alert: made.id,
      interval: "every_hour",
      searchString: "sunrise",
      archive: String(second.id),
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(LINKS.alerts);
    expect(await readApiJson<AlertJson>(await follow.getJson(made.href))).toMatchObject({
      interval: "every_hour",
      dtSearchString: "sunrise",
      collection: second.href,
    });
    // Someone else cannot delete it through the page either.
    expect((await stranger.post(LINKS.alerts, { intent: "delete", alert: made.id })).status).toBe(
      404,
    );
    const gone = await follow.post(LINKS.alerts, { intent: "delete", alert: made.id });
    expect(gone.status).toBe(302);
    expect((await html(follow, LINKS.alerts)).text).toContain("You have no alerts.");
  });

  test("the create-alert button: shown on a search with Alert, a plain post back with a toast", async () => {
    const search = `${open.href}?q=lighthouse`;
    expect((await html(follow, search)).text).toContain("Create alert");
    expect(withoutMessages((await html(follow, open.href)).text)).not.toContain("Create alert");
    expect(withoutMessages((await html(plain, search)).text)).not.toContain("Create alert");
    const posted = await follow.post(LINKS.alerts, {
      intent: "create",
      archive: open.href,
      searchString: "lighthouse",
      interval: "every_day",
      back: search,
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe(search);
    const back = await html(follow, search);
    expect(back.text).toContain("Alert created for “lighthouse”");
    const list = await readApiJson<{ data: AlertJson[] }>(await follow.getJson(LINKS.alerts));
    expect(list.data.map((a) => a.dtSearchString)).toEqual(["lighthouse"]);
    // Refused without Alert: back with the refusal as a toast, nothing made.
    const refused = await plain.post(LINKS.alerts, {
      intent: "create",
      archive: open.href,
      searchString: "lighthouse",
      back: "https://evil.example/",
    });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe(LINKS.alerts);
    expect(
      (await readApiJson<{ data: unknown[] }>(await plain.getJson(LINKS.alerts))).data,
    ).toEqual([]);
    for (const a of list.data) await send(follow, "DELETE", a.href);
  });

  test("the header's alerts menu shows only for people with Alert somewhere", async () => {
    expect((await html(follow, "/fotoweb/")).text).toContain('data-testid="alerts-menu"');
    expect((await html(plain, "/fotoweb/")).text).not.toContain('data-testid="alerts-menu"');
    expect((await html(new Client(server.url), "/fotoweb/")).text).not.toContain(
      'data-testid="alerts-menu"',
    );
  });
});
