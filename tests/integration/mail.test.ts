import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "~/db/connection.server";
import { mail } from "~/jobs/handlers/mail.server";
import { claimNext } from "~/jobs/queue.server";
import { startWorker, type Worker } from "~/jobs/worker.server";
import {
  MAIL_JOB,
  MAIL_MAX_ATTEMPTS,
  NO_FAILED_MESSAGE,
  queueMail,
  resendMail,
} from "~/models/mail/mail.server";
import { resetEnvCache } from "~/utils/env.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { finishedJob } from "../helpers/jobs";

/*
 * Mail delivery (decision 036) on the dialect under test: through a real SMTP listener
 * (smtp-server on loopback) that receives and reads the message; into the development outbox
 * without SMTP_URL; and a dead mail server that delays mail without losing it.
 */

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let testDb: TestDatabase;
let dataDir: string;
let smtp: SMTPServer;
let smtpPort: number;
const received: Received[] = [];
let worker: Worker | undefined;

const JOB_CONTEXT = {
  progress: async () => {},
  signal: new AbortController().signal,
  workerId: "t",
};

function setMailEnv(vars: { SMTP_URL?: string }) {
  if (vars.SMTP_URL) process.env.SMTP_URL = vars.SMTP_URL;
  else delete process.env.SMTP_URL;
  resetEnvCache();
}

/** A port nothing listens on: bound, noted and closed again. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A delivery through the loopback listener takes milliseconds; the limit is for a loaded machine. */
const POLL = { timeout: 15_000, interval: 20 };

const row = (id: number) =>
  db().selectFrom("mail_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** Claims the message's job and runs the handler once, as the worker would. */
async function runJobOnce() {
  const job = await claimNext("test-worker", [MAIL_JOB]);
  if (!job) throw new Error("no mail job is due");
  return { job, run: mail(job, JOB_CONTEXT) };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-mail-"));
  process.env.DATA_DIR = dataDir;
  process.env.MAIL_FROM = "Arkiv Test <arkiv@test.example>";
  resetEnvCache();
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
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await worker?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await testDb?.destroy();
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await db().deleteFrom("jobs").execute();
  received.length = 0;
});

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

describe("delivery through SMTP", () => {
  test("the worker sends a queued message and the SMTP listener reads it", async () => {
    setMailEnv({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    const { id } = await queueMail({
      kind: "password-reset",
      to: "reader@example.org",
      subject: "Reset your password",
      text: "Open this link: https://arkiv.example/fotoweb/views/reset-password/abc",
    });
    expect((await row(id)).status).toBe("queued");
    worker = startWorker({ handlers: { [MAIL_JOB]: mail }, pollMs: 20 });
    await vi.waitUntil(async () => (await row(id)).status !== "queued", POLL);

    const stored = await row(id);
    expect(stored.status).toBe("sent");
    expect(stored.sent_at).not.toBeNull();
    expect(stored.error).toBeNull();
    expect(received).toHaveLength(1);
    const message = received[0]!;
    expect(message.from).toBe("arkiv@test.example");
    expect(message.to).toEqual(["reader@example.org"]);
    expect(message.raw).toMatch(/^Subject: Reset your password$/m);
    expect(message.raw).toMatch(/^To: reader@example\.org$/m);
    expect(message.raw).toMatch(/^From: Arkiv Test <arkiv@test\.example>$/m);
    expect(message.raw).toMatch(new RegExp(`^Message-ID: <arkiv-mail-${id}@test\\.example>`, "m"));
    expect(message.raw).toContain("https://arkiv.example/fotoweb/views/reset-password/abc");
  });

  test("a message already delivered is not sent again by a second run of its job", async () => {
    setMailEnv({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    const { id } = await queueMail({
      kind: "test",
      to: "once@example.org",
      subject: "Once",
      text: "x",
    });
    const { job, run } = await runJobOnce();
    expect(await run).toEqual({ messageId: id, status: "sent" });
    expect(await mail(job, JOB_CONTEXT)).toEqual({ messageId: id, skipped: true });
    expect(received).toHaveLength(1);
  });

  test("a dead mail server leaves the message queued for a later attempt, with the reason", async () => {
    setMailEnv({ SMTP_URL: `smtp://127.0.0.1:${await deadPort()}` });
    const { id } = await queueMail({
      kind: "test",
      to: "later@example.org",
      subject: "Later",
      text: "x",
    });
    const { job, run } = await runJobOnce();
    await expect(run).rejects.toThrow();
    const stored = await row(id);
    expect(stored.status).toBe("queued");
    expect(Number(stored.attempts)).toBe(1);
    expect(stored.error).toMatch(/ECONNREFUSED|connect/i);
    expect(job.maxAttempts).toBe(MAIL_MAX_ATTEMPTS);
  });

  test("through the worker, the failed attempt is retried later, not dropped", async () => {
    setMailEnv({ SMTP_URL: `smtp://127.0.0.1:${await deadPort()}` });
    const { id } = await queueMail({
      kind: "test",
      to: "retry@example.org",
      subject: "R",
      text: "x",
    });
    worker = startWorker({ handlers: { [MAIL_JOB]: mail }, pollMs: 20, retryBaseMs: 60_000 });
    await vi.waitUntil(async () => Number((await row(id)).attempts) === 1, POLL);
    await worker.stop();
    worker = undefined;
    const job = await db().selectFrom("jobs").selectAll().executeTakeFirstOrThrow();
    expect(job.status).toBe("pending");
    expect(Date.parse(job.run_after)).toBeGreaterThan(Date.now());
    expect((await row(id)).status).toBe("queued");

    // The server is back: the next attempt, when due, delivers.
    setMailEnv({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    await db()
      .updateTable("jobs")
      .set({ run_after: new Date(0).toISOString() })
      .execute();
    worker = startWorker({ handlers: { [MAIL_JOB]: mail }, pollMs: 20 });
    await vi.waitUntil(async () => (await row(id)).status === "sent", POLL);
    expect(received.map((r) => r.to)).toEqual([["retry@example.org"]]);
  });

  test("the last failed attempt fails the message, and the owner's re-send queues it again", async () => {
    setMailEnv({ SMTP_URL: `smtp://127.0.0.1:${await deadPort()}` });
    const { id } = await queueMail({
      kind: "test",
      to: "last@example.org",
      subject: "L",
      text: "x",
    });
    await db()
      .updateTable("jobs")
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
      .execute();
    const { run } = await runJobOnce();
    await expect(run).rejects.toThrow();
    expect((await row(id)).status).toBe("failed");

    await expect(resendMail(id + 1000)).rejects.toThrow(NO_FAILED_MESSAGE);
    const again = await resendMail(id);
    expect(again.status).toBe("queued");
    expect(again.error).toBeNull();
    const jobs = await db()
      .selectFrom("jobs")
      .selectAll()
      .where("status", "=", "pending")
      .execute();
    expect(jobs).toHaveLength(1);
    expect(JSON.parse(jobs[0]!.payload)).toEqual({ messageId: id });
    // Only a failed message is sent again.
    await expect(resendMail(id)).rejects.toThrow(NO_FAILED_MESSAGE);
  });
});

describe("the development outbox", () => {
  test("without SMTP_URL the message is kept as an .eml file under DATA_DIR/outbox", async () => {
    setMailEnv({});
    const { id } = await queueMail({
      kind: "signup-approved",
      to: "newcomer@example.org",
      subject: "Welcome to Arkiv",
      text: "Your account is ready.",
    });
    const { run } = await runJobOnce();
    expect(await run).toEqual({ messageId: id, status: "kept" });
    expect((await row(id)).status).toBe("kept");
    const file = path.join(dataDir, "outbox", `${id}.eml`);
    const eml = fs.readFileSync(file, "utf8");
    expect(eml).toMatch(/^Subject: Welcome to Arkiv$/m);
    expect(eml).toMatch(/^To: newcomer@example\.org$/m);
    expect(eml).toContain("Your account is ready.");
    expect(fs.readdirSync(path.join(dataDir, "outbox")).filter((f) => f.endsWith(".tmp"))).toEqual(
      [],
    );
  });

  test("queueing inside a transaction that rolls back leaves neither message nor job", async () => {
    const before = await db().selectFrom("mail_messages").select("id").execute();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await queueMail({ kind: "test", to: "x@example.org", subject: "x", text: "x" }, trx);
          throw new Error("roll back");
        }),
    ).rejects.toThrow("roll back");
    expect(await db().selectFrom("mail_messages").select("id").execute()).toEqual(before);
    expect(await db().selectFrom("jobs").select("id").execute()).toEqual([]);
  });

  test("a job whose payload is not a message fails for good at once", async () => {
    const { enqueue } = await import("~/jobs/queue.server");
    const queued = await enqueue(MAIL_JOB, { messageId: "nope" });
    worker = startWorker({ handlers: { [MAIL_JOB]: mail }, pollMs: 20 });
    const ended = await finishedJob(queued.id, POLL.timeout);
    expect(ended.status).toBe("failed");
    expect(ended.error).toContain("payload is not valid");
  });
});
