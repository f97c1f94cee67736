import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EVERYONE_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { updateSiteSettings } from "~/models/site/site.server";
import { createUser } from "~/models/user/user.server";
import { insertAsset } from "../helpers/assets";
import { insertReadyAssets } from "../helpers/grid-assets";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";

/*
 * The selection widget (decision 110): a visitor is asked to sign in; a member browses and
 * searches the archives they may see, ticks assets and gets their links (and, in a browser with
 * JavaScript, the messages the e2e test checks); only the allowed origins may frame it.
 */

const WIDGET = "/fotoweb/widgets/selection";
const CMS = "https://cms.example";

let server: TestServer;
let member: Client;
let open: Archive;
let closed: Archive;
let memberId: number;

const frameAncestors = (response: Response) =>
  /frame-ancestors ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

beforeAll(async () => {
  server = await startTestServer();
  memberId = (await createUser({ username: "picker", password: "picker-password-1" })).id;
  open = await createArchive({
    name: "Harbour",
    members: [{ type: "user", id: memberId, permissions: ["View", "Preview"], autoSearch: "" }],
  });
  closed = await createArchive({
    name: "Vault",
    members: [{ type: "group", id: EVERYONE_GROUP_ID, permissions: [], autoSearch: "" }],
  });
  await insertAsset(open, { fileName: "boat.jpg", title: "Red boat" });
  await insertAsset(open, { fileName: "gull.jpg", title: "Gull" });
  await insertAsset(closed, { fileName: "secret.jpg", title: "Secret" });
  member = new Client(server.url);
  await member.signIn("picker", "picker-password-1");
  await updateSiteSettings({ apiOrigins: [CMS, "*"] });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the selection widget", () => {
  test("asks a visitor to sign in, with a link that comes back", async () => {
    const response = await new Client(server.url).get(`${WIDGET}?q=boat`);
    expect(response.status).toBe(401);
    const html = withoutMessages(await response.text());
    expect(html).toContain("Sign in (opens a new window)");
    expect(html).toContain(`/fotoweb/views/login?to=${encodeURIComponent(`${WIDGET}?q=boat`)}`);
    expect(html).not.toContain("Red boat");
  });

  test("lists what the person may see, searches, and pages", async () => {
    const response = await member.get(`${WIDGET}?archive=${open.id}`);
    expect(response.status).toBe(200);
    const html = withoutMessages(await response.text());
    expect(html).toContain("Red boat");
    expect(html).toContain("Gull");
    expect(html).not.toContain("Vault");
    expect(html).not.toContain("Secret");
    const found = withoutMessages(
      await (await member.get(`${WIDGET}?archive=${open.id}&q=gull`)).text(),
    );
    expect(found).toContain("Gull");
    expect(found).not.toContain("Red boat");
    // Another's archive by id: the first one the person sees instead.
    const other = withoutMessages(
      await (await member.get(`${WIDGET}?archive=${closed.id}`)).text(),
    );
    expect(other).not.toContain("Secret");
  });

  test("a search it cannot read is a 400 with its message, never a 500", async () => {
    const response = await member.get(`${WIDGET}?archive=${open.id}&q=${encodeURIComponent("(")}`);
    expect(response.status).toBe(400);
    await response.arrayBuffer();
  });

  test("pages through a large archive", async () => {
    const fjord = await createArchive({
      name: "Fjord",
      members: [{ type: "user", id: memberId, permissions: ["View", "Preview"], autoSearch: "" }],
    });
    await insertReadyAssets(fjord.id, 30);
    const first = withoutMessages(await (await member.get(`${WIDGET}?archive=${fjord.id}`)).text());
    expect(first.match(/name="asset"/g)).toHaveLength(24);
    expect(first).not.toContain("Previous page");
    const next = /href="([^"]+)"[^>]*>Next page/.exec(first)?.[1]?.replaceAll("&amp;", "&");
    expect(next).toContain("p=1");
    const second = withoutMessages(await (await member.get(next!)).text());
    expect(second.match(/name="asset"/g)).toHaveLength(6);
    expect(second).toContain("Previous page");
    expect(second).not.toContain("Next page");
  });

  test("Select shows the chosen assets' links; an asset not visible is left out", async () => {
    const html = withoutMessages(await (await member.get(`${WIDGET}?archive=${open.id}`)).text());
    const hrefs = [...html.matchAll(/name="asset" value="([^"]+)"/g)].map((m) => m[1]!);
    expect(hrefs).toHaveLength(2);
    const body = new URLSearchParams();
    body.append("asset", hrefs[0]!);
    body.append("asset", `${closed.href}1-secret.jpg.info`);
    const chosen = await member.request(WIDGET, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(chosen.status).toBe(200);
    const page = withoutMessages(await chosen.text());
    expect(page).toContain("Chosen assets");
    expect(page).toContain(`<code`);
    expect(page).toContain(hrefs[0]!);
    expect(page).not.toContain("secret.jpg");
    const none = await member.post(WIDGET, {});
    expect(none.status).toBe(400);
    expect(withoutMessages(await none.text())).toContain("Choose at least one asset");
    const visitor = await new Client(server.url).post(WIDGET, { asset: hrefs[0]! });
    expect(visitor.status).toBe(401);
  });

  test("may be framed by the exact allowed origins only; other pages by none", async () => {
    const widget = await member.get(WIDGET);
    expect(frameAncestors(widget)).toBe(`'self' ${CMS}`);
    expect(widget.headers.get("x-frame-options")).toBeNull();
    const page = await member.get("/fotoweb/archives/");
    expect(frameAncestors(page)?.trim()).toBe("'self'");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    await updateSiteSettings({ apiOrigins: ["*"] });
    try {
      const any = await member.get(WIDGET);
      expect(frameAncestors(any)?.trim()).toBe("'self'");
      expect(any.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    } finally {
      await updateSiteSettings({ apiOrigins: [CMS, "*"] });
    }
  });

  test("runs on an access token in the query, which its links and thumbnails carry on", async () => {
    const owner = new Client(server.url);
    await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const made = await owner.request("/fotoweb/api/config/applications", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        name: "Picker",
        grants: ["client_credentials"],
        user: `/fotoweb/api/users/${memberId}`,
      }),
    });
    const app = await readApiJson<{ clientId: string; clientSecret: string }>(made);
    const granted = await fetch(new URL("/fotoweb/oauth2/token", server.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: app.clientId,
        client_secret: app.clientSecret,
      }),
    });
    const { access_token: token } = await readApiJson<{ access_token: string }>(granted);
    const response = await fetch(
      new URL(`${WIDGET}?access_token=${token}&archive=${open.id}`, server.url),
    );
    expect(response.status).toBe(200);
    const html = withoutMessages(await response.text());
    expect(html).toContain("Red boat");
    expect(html).toContain(`name="access_token" value="${token}"`);
    expect(html).toMatch(new RegExp(`src="/fotoweb/files/[^"]+access_token=${token}"`));
  });
});
