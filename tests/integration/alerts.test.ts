import { translate } from "~/models/locale/catalog.server";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "~/db/connection.server";
import { alertJob } from "~/jobs/handlers/alert.server";
import { mail } from "~/jobs/handlers/mail.server";
import { claimNext, type Job } from "~/jobs/queue.server";
import { startWorker, type Worker } from "~/jobs/worker.server";
import {
  ALERT_JOB,
  queueDueAlerts,
  reportedAssets,
  runAlert,
} from "~/models/alert/alert-run.server";
import {
  createAlert,
  deleteAlert,
  findAlert,
  listAlerts,
  nextRunAfter,
  updateAlert,
} from "~/models/alert/alert.server";
import { alertDigest } from "~/models/alert/alert.view";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { MAIL_JOB } from "~/models/mail/mail.server";
import { Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { resetEnvCache } from "~/utils/env.server";
import { insertAsset } from "../helpers/assets";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { finishedJob, queueSettled } from "../helpers/jobs";
import { mayCreateAlerts } from "~/models/access/organize-access.server";

/*
 * Alerts (decision 062) on the dialect under test: the model's rules, and the Done-when story — a
 * person's daily alert mails exactly the assets that arrived, through a real SMTP listener, with a
 * moved clock; never twice; nothing missed or doubled across a restart.
 */

interface Received {
  to: string[];
  raw: string;
}

let testDb: TestDatabase;
let dataDir: string;
let smtp: SMTPServer;
const received: Received[] = [];
let worker: Worker | undefined;
let person: Viewer;
let other: Viewer;
let noAlert: Viewer;
let followed: Archive;
let elsewhere: Archive;
let closed: Archive;

const HOUR = 3600_000;
const DAY = 24 * HOUR;

const mailed = (count: number) =>
  vi.waitUntil(() => received.length === count, { timeout: 15_000, interval: 20 });

/** Until the lease a dead worker took has run out, so the job is as a crash leaves it. */
const leaseRunOut = (job: Job | null) =>
  vi.waitUntil(() => Date.now() > Date.parse(job!.leaseExpiresAt!), { timeout: 1000, interval: 2 });

/** An asset that "arrived" at `at` (its updated_at), as ingest would leave it. */
async function arrive(archive: Archive, title: string, at: Date): Promise<number> {
  const id = await insertAsset(archive, { fileName: `${title.replace(/\W+/g, "-")}.jpg`, title });
  await db()
    .updateTable("assets")
    .set({ updated_at: at.toISOString(), created_at: at.toISOString() })
    .where("id", "=", id)
    .execute();
  return id;
}

/** Decodes a quoted-printable body enough to read names and links in it. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-alerts-"));
  process.env.DATA_DIR = dataDir;
  process.env.MAIL_FROM = "Arkiv Test <arkiv@test.example>";
  process.env.PUBLIC_ORIGIN = "https://arkiv.example";
  testDb = await createTestDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as net.AddressInfo).port}`;
  resetEnvCache();

  person = await createUser({
    username: "follower",
    password: "follower-pass-1",
    email: "follower@example.org",
  });
  other = await createUser({
    username: "otherone",
    password: "other-pass-123",
    email: "other@example.org",
  });
  noAlert = await createUser({
    username: "noalert",
    password: "noalert-pass-1",
    email: "n@example.org",
  });
  // The person sees only what their member filter lets through ("public"), and may set alerts.
  followed = await createArchive({
    name: "Followed",
    members: [
      {
        type: "user",
        id: person.id,
        permissions: ["View", "Preview", "Alert"],
        autoSearch: "public",
      },
      { type: "user", id: other.id, permissions: ["View", "Preview", "Alert"], autoSearch: "" },
      { type: "user", id: noAlert.id, permissions: ["View", "Preview"], autoSearch: "" },
    ],
  });
  elsewhere = await createArchive({
    name: "Elsewhere",
    members: [{ type: "user", id: person.id, permissions: ["View", "Alert"], autoSearch: "" }],
  });
  closed = await createArchive({
    name: "Closed",
    members: [{ type: "user", id: other.id, permissions: ["View", "Alert"], autoSearch: "" }],
  });
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await testDb?.destroy();
  for (const name of ["SMTP_URL", "MAIL_FROM", "PUBLIC_ORIGIN"]) delete process.env[name];
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await db().deleteFrom("jobs").execute();
  await db().deleteFrom("alerts").execute();
  received.length = 0;
});

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

async function refusal(run: Promise<unknown>): Promise<Problem> {
  try {
    await run;
  } catch (error) {
    if (error instanceof Problem) return error;
    throw error;
  }
  throw new Error("was not refused");
}

describe("the model", () => {
  test("create, list, find, update and delete one's own alert", async () => {
    const at = new Date("2030-01-01T12:00:00.000Z");
    const made = await createAlert(
      person,
      { archiveId: followed.id, interval: "every_day", searchString: "sunset" },
      () => at,
    );
    expect(made).toMatchObject({
      interval: "every_day",
      dtSearchString: "sunset",
      collection: followed.href,
    });
    expect((await listAlerts(person)).map((a) => a.id)).toEqual([made.id]);
    expect(await listAlerts(other)).toEqual([]);
    const row = await db().selectFrom("alerts").selectAll().executeTakeFirstOrThrow();
    expect(row.checked_until).toBe(at.toISOString());
    expect(row.next_run_at).toBe("2030-01-02T12:00:00.000Z");

    const changed = await updateAlert(person, Number(made.id), {
      archiveId: elsewhere.id,
      interval: "every_week",
      searchString: "dawn",
    });
    expect(changed).toMatchObject({
      interval: "every_week",
      dtSearchString: "dawn",
      collection: elsewhere.href,
    });
    expect(
      (await db().selectFrom("alerts").select("next_run_at").executeTakeFirstOrThrow()).next_run_at,
    ).toBe("2030-01-08T12:00:00.000Z");
    expect((await findAlert(person, Number(made.id))).archiveName).toBe("Elsewhere");
    await deleteAlert(person, Number(made.id));
    expect(await listAlerts(person)).toEqual([]);
  });

  test("intervals: immediate is the next minute; a month is a calendar month", () => {
    const from = new Date("2030-01-31T10:00:00.000Z");
    expect(nextRunAfter(from, "immediate").toISOString()).toBe("2030-01-31T10:01:00.000Z");
    expect(nextRunAfter(from, "every_hour").toISOString()).toBe("2030-01-31T11:00:00.000Z");
    expect(nextRunAfter(from, "every_6_hours").toISOString()).toBe("2030-01-31T16:00:00.000Z");
    expect(nextRunAfter(from, "every_week").toISOString()).toBe("2030-02-07T10:00:00.000Z");
    expect(nextRunAfter(new Date("2030-03-15T00:00:00.000Z"), "every_month").toISOString()).toBe(
      "2030-04-15T00:00:00.000Z",
    );
  });

  test("an invalid expression is refused with the InvalidSearchExpression heading", async () => {
    const problem = await refusal(
      createAlert(person, {
        archiveId: followed.id,
        interval: "every_day",
        searchString: 'title:"open',
      }),
    );
    expect(problem.kind).toBe("invalid");
    expect(problem.details.heading).toBe("InvalidSearchExpression");
    expect(await listAlerts(person)).toEqual([]);
  });

  test("Alert is needed on the archive, on creating and on moving an alert", async () => {
    expect(
      (
        await refusal(
          createAlert(noAlert, {
            archiveId: followed.id,
            interval: "every_day",
            searchString: "x",
          }),
        )
      ).kind,
    ).toBe("forbidden");
    // An archive the person cannot see answers as a missing one.
    const hidden = await refusal(
      createAlert(person, { archiveId: closed.id, interval: "every_day", searchString: "x" }),
    );
    expect(hidden.kind).toBe("not-found");
    const made = await createAlert(person, {
      archiveId: followed.id,
      interval: "every_day",
      searchString: "x",
    });
    expect(
      (
        await refusal(
          updateAlert(person, Number(made.id), {
            archiveId: closed.id,
            interval: "every_day",
            searchString: "x",
          }),
        )
      ).kind,
    ).toBe("not-found");
    expect((await findAlert(person, Number(made.id))).collection).toBe(followed.href);
    expect(await mayCreateAlerts(person)).toBe(true);
    expect(await mayCreateAlerts(noAlert)).toBe(false);
  });

  test("another person's alert answers exactly as a missing one", async () => {
    const made = await createAlert(person, {
      archiveId: followed.id,
      interval: "every_day",
      searchString: "x",
    });
    const missing = await refusal(findAlert(other, 99_999_999));
    for (const attempt of [
      () => findAlert(other, Number(made.id)),
      () =>
        updateAlert(other, Number(made.id), {
          archiveId: followed.id,
          interval: "every_hour",
          searchString: "y",
        }),
      () => deleteAlert(other, Number(made.id)),
    ]) {
      const problem = await refusal(attempt());
      expect(problem.kind).toBe(missing.kind);
      expect(problem.message).toBe(missing.message);
    }
    expect((await findAlert(person, Number(made.id))).interval).toBe("every_day");
  });

  test("the digest escapes markup in the search text, names and titles", () => {
    const digest = alertDigest(
      {
        searchString: '<script>alert("x")</script>',
        archiveName: "<b>Arch</b>",
        searchHref: "https://arkiv.example/fotoweb/archives/1-A/?q=%3Cscript%3E",
        manageHref: "https://arkiv.example/fotoweb/me/alerts/1",
        assets: [
          {
            name: "<img src=x onerror=alert(1)>.jpg",
            title: "<i>t</i>",
            href: "https://a/x",
            thumbnail: null,
          },
        ],
        total: 1,
      },
      (id, values) => translate("en", id, values),
    );
    expect(digest.html).not.toContain("<script>");
    expect(digest.html).not.toContain("<img src=x");
    expect(digest.html).not.toContain("<b>Arch");
    expect(digest.html).toContain("&lt;script&gt;");
    expect(digest.html).toContain("&lt;i&gt;t&lt;/i&gt;");
  });
});

describe("alerts fire", () => {
  function mailWorker(clock: () => Date) {
    return startWorker({
      handlers: { [MAIL_JOB]: mail, [ALERT_JOB]: alertJob(clock) },
      pollMs: 20,
    });
  }

  test("a daily alert mails exactly the visible assets that arrived; never twice", async () => {
    const T = new Date(Date.now() + 1000);
    await arrive(followed, "sunset public before", new Date(T.getTime() - HOUR));
    const alert = await createAlert(
      person,
      { archiveId: followed.id, interval: "every_day", searchString: "sunset" },
      () => T,
    );
    const plus1h = new Date(T.getTime() + HOUR);
    const first = await arrive(followed, "sunset public one", plus1h);
    const second = await arrive(followed, "sunset public two", plus1h);
    const filtered = await arrive(followed, "sunset secret", plus1h); // outside the member filter
    const trashed = await arrive(followed, "sunset public trashed", plus1h);
    await arrive(followed, "forest public", plus1h); // does not match
    await arrive(closed, "sunset public closed", plus1h); // another archive
    const trash = await db()
      .insertInto("trash_entries")
      .values({
        kind: "assets",
        archive_id: followed.id,
        name: followed.name,
        deleted_by: null,
        deleted_at: plus1h.toISOString(),
        expires_at: new Date(plus1h.getTime() + 30 * DAY).toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .updateTable("assets")
      .set({ trash_id: trash.id })
      .where("id", "=", trashed)
      .execute();

    // Not due before a day has passed.
    expect(await queueDueAlerts(new Date(T.getTime() + DAY - 60_000))).toBe(0);
    const run = new Date(T.getTime() + DAY + 60_000);
    expect(await queueDueAlerts(run)).toBe(1);
    expect(await queueDueAlerts(run)).toBe(0); // already queued: not twice
    worker = mailWorker(() => run);
    await mailed(1);
    const message = decoded(received[0]!.raw);
    expect(received[0]!.to).toEqual(["follower@example.org"]);
    expect(message).toContain("sunset public one");
    expect(message).toContain("sunset public two");
    expect(message).not.toContain("secret");
    expect(message).not.toContain("trashed");
    expect(message).not.toContain("before");
    expect(message).not.toContain("forest");
    expect(message).not.toContain("closed");
    expect(message).toContain("https://arkiv.example/fotoweb/archives/");
    expect(message).toContain("https://arkiv.example/fotoweb/files/");
    expect(await reportedAssets(Number(alert.id))).toEqual([first, second].sort((a, b) => a - b));
    expect(await reportedAssets(Number(alert.id))).not.toContain(filtered);

    // Again at the same instant: nothing due, nothing mailed.
    expect(await queueDueAlerts(run)).toBe(0);
    expect((await runAlert(Number(alert.id), () => run)).skipped).toBe("not-due");
    // Forced due again over the same window: the reports keep it from mailing twice.
    await db()
      .updateTable("alerts")
      .set({ next_run_at: T.toISOString(), checked_until: T.toISOString() })
      .execute();
    expect(await runAlert(Number(alert.id), () => run)).toMatchObject({
      reported: 0,
      mailId: null,
    });
    await queueSettled();
    expect(received).toHaveLength(1);

    // The next day: one new asset, one new mail with it alone.
    await db()
      .updateTable("alerts")
      .set({
        checked_until: run.toISOString(),
        next_run_at: nextRunAfter(run, "every_day").toISOString(),
      })
      .execute();
    const third = await arrive(followed, "sunset public three", new Date(run.getTime() + HOUR));
    const dayAfter = new Date(run.getTime() + DAY + 60_000);
    await worker.stop();
    worker = mailWorker(() => dayAfter);
    expect(await queueDueAlerts(dayAfter)).toBe(1);
    await mailed(2);
    const next = decoded(received[1]!.raw);
    expect(next).toContain("sunset public three");
    expect(next).not.toContain("sunset public one");
    expect(await reportedAssets(Number(alert.id))).toContain(third);
  });

  test("markup in the search text and in titles is escaped in the mail", async () => {
    const T = new Date(Date.now() + 1000);
    await createAlert(
      person,
      { archiveId: elsewhere.id, interval: "every_hour", searchString: 'quay OR "<script>"' },
      () => T,
    );
    await arrive(elsewhere, "quay <img src=x onerror=alert(1)>", new Date(T.getTime() + 60_000));
    const run = new Date(T.getTime() + HOUR + 60_000);
    expect(await queueDueAlerts(run)).toBe(1);
    worker = mailWorker(() => run);
    await mailed(1);
    const message = decoded(received[0]!.raw);
    const html = message.slice(message.indexOf("Content-Type: text/html"));
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&quot;&lt;script&gt;&quot;");
    expect(html).not.toMatch(/<img src=x/);
    expect(html).not.toContain("<script>");
  });

  test("a worker that dies mid-run loses nothing and doubles nothing", async () => {
    const T = new Date(Date.now() + 1000);
    const alert = await createAlert(
      person,
      { archiveId: elsewhere.id, interval: "every_hour", searchString: "harbour" },
      () => T,
    );
    await arrive(elsewhere, "harbour one", new Date(T.getTime() + 10 * 60_000));
    const run = new Date(T.getTime() + HOUR + 60_000);
    expect(await queueDueAlerts(run)).toBe(1);
    // The first worker takes the job and dies before its transaction.
    const taken = await claimNext("dying-worker", [ALERT_JOB], 1);
    expect(taken).not.toBeNull();
    await leaseRunOut(taken);
    // While it is "in progress" the scheduler does not queue it again.
    expect(await queueDueAlerts(run)).toBe(0);
    // A new worker after the restart takes it over and mails once.
    worker = mailWorker(() => run);
    await mailed(1);
    expect(decoded(received[0]!.raw)).toContain("harbour one");

    // A second crash, this time after the transaction: the job runs again and finds nothing due.
    await worker.stop();
    await arrive(elsewhere, "harbour two", new Date(run.getTime() + 10 * 60_000));
    const later = new Date(run.getTime() + HOUR + 60_000);
    expect(await queueDueAlerts(later)).toBe(1);
    const job = await claimNext("dying-again", [ALERT_JOB], 1);
    await runAlert(Number(alert.id), () => later); // its transaction committed, then it died
    await leaseRunOut(job);
    worker = mailWorker(() => later);
    expect((await finishedJob(job!.id)).status).toBe("done");
    await mailed(2);
    await queueSettled();
    expect(received).toHaveLength(2);
    expect(decoded(received[1]!.raw)).toContain("harbour two");
    expect(decoded(received[1]!.raw)).not.toContain("harbour one");
  });

  test("an owner who lost Alert or View gets nothing; the window still moves on", async () => {
    const T = new Date(Date.now() + 1000);
    const alert = await createAlert(
      person,
      { archiveId: elsewhere.id, interval: "immediate", searchString: "lighthouse" },
      () => T,
    );
    await arrive(elsewhere, "lighthouse one", new Date(T.getTime() + 30_000));
    await db()
      .updateTable("archive_members")
      .set({ permissions: JSON.stringify(["View"]) })
      .where("archive_id", "=", elsewhere.id)
      .where("member_id", "=", person.id)
      .execute();
    try {
      const run = new Date(T.getTime() + 2 * 60_000);
      const result = await runAlert(Number(alert.id), () => run);
      expect(result).toMatchObject({ reported: 0, mailId: null, checkedUntil: run.toISOString() });
      const row = await db()
        .selectFrom("alerts")
        .selectAll()
        .where("id", "=", Number(alert.id))
        .executeTakeFirstOrThrow();
      expect(row.next_run_at).toBe(new Date(run.getTime() + 60_000).toISOString());
      expect(
        await db()
          .selectFrom("mail_messages")
          .select("id")
          .where("kind", "=", "alert")
          .where("to_address", "=", "follower@example.org")
          .where("subject", "like", "%lighthouse%")
          .execute(),
      ).toEqual([]);
    } finally {
      await db()
        .updateTable("archive_members")
        .set({ permissions: JSON.stringify(["View", "Alert"]) })
        .where("archive_id", "=", elsewhere.id)
        .where("member_id", "=", person.id)
        .execute();
    }
  });
});
