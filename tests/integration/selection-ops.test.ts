import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { EVERYONE_GROUP_ID } from "~/db/schema";
import { pinDecision, relocateDecision } from "~/models/access/access.server";
import type { ArchivePermission } from "~/models/archive/archive.schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { runningTasks } from "~/models/background-task/background-task.server";
import { BATCH_OPS, batchPanel } from "~/models/background-task/batch-panel.server";
import { selectionRights } from "~/models/background-task/selection-ops.server";
import { SELECTION_OPS, opsOnAll, opsOnAny } from "~/models/background-task/selection-ops";
import { TASK_JOB } from "~/models/background-task/task.schema";
import { createUser } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { LINKS } from "~/utils/links";
import { readApiJson } from "../helpers/api-contract";
import { inEnglish } from "../helpers/keyed";
import { dialectUnderTest } from "../helpers/database";
import { insertReadyAssets } from "../helpers/grid-assets";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";

/*
 * The selection toolbar's operations (issue 31, decision 087): decided on the server per archive
 * by the rules the actions apply, held here to each action's own answer; what the grid pages
 * send; a form sent with nothing selected comes back to the grid with a message; a batch started
 * from the panel over the grid answers its task; and the header's count of running tasks
 * (decision 090) counts only the person's own unfinished tasks.
 */

let server: TestServer;
let member: Viewer;
let wide: Viewer;
let memberClient: Client;
let wideClient: Client;
let guest: Client;
let anonymous: Client;
let memberArchive: Archive;
let memberAssets: number[];
/** One archive per right the batch operations ask for, each granting View and that right. */
const byRight = new Map<ArchivePermission, { archive: Archive; asset: number }>();

const MEMBER_RIGHTS: ArchivePermission[] = [
  "View",
  "Preview",
  "Download",
  "EditText",
  "Comment",
  "UploadFile",
];
const BATCH_RIGHTS: ArchivePermission[] = [
  "EditText",
  "Rename",
  "DuplicateFile",
  "CopyFrom",
  "MoveFrom",
  "Delete",
  "CropRotate",
];

const data = (path: string, route: string) =>
  `${path}${path.includes("?") ? "&" : "?"}_data=${encodeURIComponent(route)}`;

/** The flash toast a redirect carries: its signed cookie's payload, base64 JSON, as text. */
function toastOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("arkiv_toast="));
  if (!cookie) return "";
  const value = decodeURIComponent(cookie.split(";")[0]!.slice("arkiv_toast=".length));
  return Buffer.from(value.split(".")[0]!, "base64").toString("utf8");
}

/** A page's own loader data, as the server renders it into the page for hydration. */
async function pageData<T>(client: Client, path: string, route: string): Promise<T> {
  const response = await client.get(path, { accept: "text/html" });
  expect(response.status).toBe(200);
  const context = /window\.__remixContext = (\{.*?\});<\/script>/s.exec(await response.text())![1]!;
  return (JSON.parse(context) as { state: { loaderData: Record<string, T> } }).state.loaderData[
    route
  ]!;
}

beforeAll(async () => {
  server = await startTestServer();
  member = await createUser({ username: "sel-member", password: "sel-member-password" });
  wide = await createUser({ username: "sel-wide", password: "sel-wide-password" });
  memberArchive = await createArchive({
    name: "Selection member",
    members: [{ type: "user", id: member.id, permissions: MEMBER_RIGHTS, autoSearch: "" }],
  });
  memberAssets = (await insertReadyAssets(memberArchive.id, 3)).map((a) => a.id);
  for (const right of BATCH_RIGHTS) {
    const archive = await createArchive({
      name: `Selection ${right}`,
      members: [{ type: "user", id: wide.id, permissions: ["View", right], autoSearch: "" }],
    });
    const [asset] = await insertReadyAssets(archive.id, 1);
    byRight.set(right, { archive, asset: asset!.id });
  }
  // Somewhere to copy to, nowhere to move to: copy is offered, move is not.
  await createArchive({
    name: "Selection copy target",
    members: [{ type: "user", id: wide.id, permissions: ["View", "CopyTo"], autoSearch: "" }],
  });
  // Everyone sees this one, the guest included, with every right the toolbar could ask for.
  await createArchive({
    name: "Selection open",
    members: [
      {
        type: "group",
        id: EVERYONE_GROUP_ID,
        permissions: ["View", "Preview", ...BATCH_RIGHTS],
        autoSearch: "",
      },
    ],
  });
  memberClient = new Client(server.url);
  await memberClient.signIn("sel-member", "sel-member-password");
  wideClient = new Client(server.url);
  await wideClient.signIn("sel-wide", "sel-wide-password");
  guest = new Client(server.url);
  await guest.signInAsGuest();
  anonymous = new Client(server.url);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the operations offered on a selection", () => {
  test("a member with View, Preview, Download, EditText, Comment and UploadFile", async () => {
    const { byArchive } = await selectionRights(member, [memberArchive.id]);
    const offered = byArchive[memberArchive.id]!;
    expect(offered).toEqual(expect.arrayContaining(["metadata", "pin", "relocate"]));
    for (const op of ["rename", "duplicate", "copy", "move", "rotate", "delete"] as const)
      expect(offered).not.toContain(op);
  });

  test("each batch operation is offered exactly where its panel lets the viewer act", async () => {
    for (const { archive, asset } of byRight.values()) {
      const offered = (await selectionRights(wide, [archive.id])).byArchive[archive.id]!;
      for (const op of BATCH_OPS) {
        const panel = await batchPanel(wide, { op, asset: [asset] });
        const acts =
          panel.available &&
          panel.assets.length === 1 &&
          (op !== "copy" && op !== "move" ? true : panel.destinations.length > 0);
        expect(offered.includes(op), `${op} in ${archive.name}`).toBe(acts);
      }
    }
    // The two held apart: a right held (MoveFrom) is not enough without a destination.
    expect(
      (await selectionRights(wide, [byRight.get("MoveFrom")!.archive.id])).byArchive[
        byRight.get("MoveFrom")!.archive.id
      ],
    ).not.toContain("move");
    expect(
      (await selectionRights(wide, [byRight.get("CopyFrom")!.archive.id])).byArchive[
        byRight.get("CopyFrom")!.archive.id
      ],
    ).toContain("copy");
  });

  test("relocation and pins follow relocateDecision and pinDecision", async () => {
    for (const { archive } of byRight.values()) {
      const offered = (await selectionRights(wide, [archive.id])).byArchive[archive.id]!;
      expect(offered.includes("relocate")).toBe((await relocateDecision(wide, archive.id)).allowed);
      expect(offered.includes("pin")).toBe(pinDecision(wide).allowed);
    }
  });

  test("Add to album is offered exactly when its page has an album or a new one to offer", async () => {
    for (const [viewer, client, archiveId, asset] of [
      [member, memberClient, memberArchive.id, memberAssets[0]!],
      [wide, wideClient, byRight.get("Rename")!.archive.id, byRight.get("Rename")!.asset],
    ] as const) {
      const offered = (await selectionRights(viewer, [archiveId])).byArchive[archiveId]!;
      const response = await client.get(
        data(`${LINKS.addToAlbum}?asset=${asset}`, "routes/fotoweb.views.add-to-album"),
      );
      expect(response.status).toBe(200);
      const page = await readApiJson<{ albums: unknown[]; canCreate: boolean }>(response);
      expect(offered.includes("album")).toBe(page.canCreate || page.albums.length > 0);
    }
  });

  test("the guest and archives not seen are offered nothing", async () => {
    const guestViewer = { ...member, id: 15000, isGuest: true };
    expect(await selectionRights(guestViewer)).toEqual({ byArchive: {} });
    const { byArchive } = await selectionRights(member, [byRight.get("Delete")!.archive.id]);
    expect(byArchive).toEqual({});
  });

  test("a selection across archives is offered what all allow; the form, what any allows", () => {
    const rights = { byArchive: { 1: ["pin", "delete"], 2: ["pin", "rename"] } } as const;
    const asRights = { byArchive: { 1: [...rights.byArchive[1]], 2: [...rights.byArchive[2]] } };
    expect([...opsOnAll(asRights, [1, 2])]).toEqual(["pin"]);
    expect([...opsOnAny(asRights, [1, 2])].sort()).toEqual(["delete", "pin", "rename"]);
    expect([...opsOnAll(asRights, [1, 3])]).toEqual([]);
    expect([...opsOnAll(asRights, [])]).toEqual([]);
    expect(SELECTION_OPS).toEqual(expect.arrayContaining([...BATCH_OPS]));
  });
});

describe("what the grid pages send", () => {
  test("the archive page sends its archive's operations, the member's without the file ones", async () => {
    const page = await pageData<{
      selection: { byArchive: Record<string, string[]> };
      assets: { id: number; archiveId: number }[];
    }>(memberClient, memberArchive.href, "routes/fotoweb.archives.$archive._index");
    expect(Object.keys(page.selection.byArchive)).toEqual([String(memberArchive.id)]);
    const offered = page.selection.byArchive[memberArchive.id]!;
    expect(offered).toContain("metadata");
    for (const op of ["rename", "duplicate", "copy", "move", "rotate", "delete"])
      expect(offered).not.toContain(op);
    // Each tile names its archive, for the toolbar to find its operations.
    expect(page.assets.map((a) => a.archiveId)).toEqual(memberAssets.map(() => memberArchive.id));
  });

  test("the pins page sends every archive the viewer sees, for pins from any of them", async () => {
    const page = await pageData<{ selection: { byArchive: Record<string, string[]> } }>(
      wideClient,
      "/fotoweb/me/pins/",
      "routes/fotoweb.me.pins._index",
    );
    const rename = byRight.get("Rename")!.archive.id;
    const del = byRight.get("Delete")!.archive.id;
    expect(page.selection.byArchive[rename]).toContain("rename");
    expect(page.selection.byArchive[rename]).not.toContain("delete");
    expect(page.selection.byArchive[del]).toContain("delete");
  });
});

describe("a form sent with nothing selected comes back to the grid with a message", () => {
  const back = () => `${memberArchive.href}?s=name`;

  test("Pin selected, and a relocation", async () => {
    for (const intent of ["pin-selected", "relocate-top"]) {
      const response = await memberClient.post(`${memberArchive.href}?index`, {
        intent,
        back: back(),
      });
      expect(response.status, intent).toBe(302);
      expect(response.headers.get("location")).toBe(back());
      // The toast carries its message keyed; the page that shows it reads it (decision 104).
      const toast = JSON.parse(toastOf(response)) as { __flash_toast__: { message: string } };
      expect(inEnglish(toast.__flash_toast__.message)).toMatch(
        /^Select the assets to (pin|move) first\.$/,
      );
    }
  });

  test("the batch page and Add to album, opened without assets", async () => {
    for (const page of [`${LINKS.batch}?op=delete`, `${LINKS.addToAlbum}?`]) {
      const response = await memberClient.get(`${page}&back=${encodeURIComponent(back())}`);
      expect(response.status, page).toBe(302);
      expect(response.headers.get("location")).toBe(back());
      expect(toastOf(response)).toMatch(/"message":"Select the assets (to add )?first\."/);
    }
  });

  test("bad input is still refused as such", async () => {
    const response = await memberClient.get(`${LINKS.batch}?op=explode&asset=${memberAssets[0]}`, {
      accept: "text/html",
    });
    expect(response.status).toBe(400);
  });
});

describe("a batch started from the panel over the grid", () => {
  test("answers its task to the panel's fetcher, and redirects a plain form to the task's page", async () => {
    const { asset } = byRight.get("Delete")!;
    const fields = (extra: [string, string][]) =>
      new URLSearchParams([
        ["op", "delete"],
        ["asset", String(asset)],
        ["confirm", "yes"],
        ...extra,
      ]);
    const fetched = await wideClient.request(data(LINKS.batch, "routes/fotoweb.views.batch"), {
      method: "POST",
      body: fields([["_fetch", "1"]]),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(fetched.status).toBe(200);
    const started = await readApiJson<{ jobId: number; href: string; message: string }>(fetched);
    expect(started.href).toBe(`${LINKS.tasks}/${started.jobId}`);
    expect(started.message).toBe("Delete: a task for 1 asset started.");

    const plain = await wideClient.request(LINKS.batch, {
      method: "POST",
      body: fields([]),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toMatch(new RegExp(`^${LINKS.tasks}/\\d+$`));
  });
});

describe("the header's running work", () => {
  const future = "2999-01-01T00:00:00.000Z";
  let counted: Viewer;
  let counter: Client;

  async function job(
    owner: number,
    status: "pending" | "inProgress" | "done" | "failed" | "notified",
    progress: number,
    type = TASK_JOB,
  ) {
    const at = now();
    // Never due, never leased out: the test's own rows, whatever a worker does.
    await db()
      .insertInto("jobs")
      .values({
        type,
        payload: "{}",
        status,
        progress,
        max_attempts: 3,
        run_after: future,
        owner_id: owner,
        result: null,
        error: null,
        lease_owner: status === "inProgress" ? "elsewhere" : null,
        lease_expires_at: status === "inProgress" ? future : null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  beforeAll(async () => {
    counted = await createUser({ username: "sel-counted", password: "sel-counted-password" });
    const other = await createUser({ username: "sel-other", password: "sel-other-password" });
    await job(counted.id, "pending", 0);
    await job(counted.id, "inProgress", 50);
    await job(counted.id, "done", 100);
    await job(counted.id, "failed", 40);
    await job(counted.id, "notified", 100);
    await job(counted.id, "pending", 0, "ingest");
    await job(other.id, "inProgress", 90);
    counter = new Client(server.url);
    await counter.signIn("sel-counted", "sel-counted-password");
  });

  test("counts only the person's own tasks still waiting or running, with their progress", async () => {
    expect(await runningTasks(counted.id)).toEqual({ count: 2, progress: 25 });
    expect(await runningTasks(member.id)).toEqual({ count: 0, progress: 0 });
  });

  test("is one query on the owner and status index", async () => {
    if (dialectUnderTest() !== "sqlite") return;
    const plan = await sql<{ detail: string }>`explain query plan
      select count(*), avg(progress) from jobs
      where owner_id = ${counted.id} and status in ('pending', 'inProgress') and type = 'task'`.execute(
      db(),
    );
    expect(plan.rows.map((r) => r.detail).join(" ")).toContain("jobs_owner_status");
  });

  test("the header shows it on every page, and its poll answers the same", async () => {
    const page = await counter.get("/fotoweb/archives/", { accept: "text/html" });
    const html = await page.text();
    expect(html).toContain(`href="${LINKS.tasks}"`);
    expect(html).toContain("2 tasks running · 25%");
    const poll = await counter.get(data(LINKS.runningTasks, "routes/fotoweb.views.tasks.running"));
    expect(poll.status).toBe(200);
    expect(await readApiJson(poll)).toEqual({ count: 2, progress: 25 });
    // Nothing runs for the member: no indicator; signed out, the poll answers none.
    const quiet = await (
      await memberClient.get("/fotoweb/archives/", { accept: "text/html" })
    ).text();
    expect(withoutMessages(quiet)).not.toContain("running ·");
    const none = await anonymous.get(
      data(LINKS.runningTasks, "routes/fotoweb.views.tasks.running"),
    );
    expect(await readApiJson(none)).toEqual({ count: 0, progress: 0 });
    const guestPoll = await guest.get(
      data(LINKS.runningTasks, "routes/fotoweb.views.tasks.running"),
    );
    expect(await readApiJson(guestPoll)).toEqual({ count: 0, progress: 0 });
  });
});
