import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { mail } from "~/jobs/handlers/mail.server";
import { claimNext } from "~/jobs/queue.server";
import { RESET_LINKS_PER_ACCOUNT } from "~/http/rate-limit.server";
import { MAIL_JOB } from "~/models/mail/mail.server";
import { createUser } from "~/models/user/user.server";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The forgotten password without JavaScript (decision 036): the same answer whether or not the
 * account exists, a single-use link that expires, replaced by a newer one, the new password by the
 * change-password rules, every session ended; and a dead mail server never fails the request.
 */

const FORGOT = "/fotoweb/views/forgot-password";
const RESET = "/fotoweb/views/reset-password";
const SENT = `${FORGOT}?sent=1`;

let server: TestServer;

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const resetMail = () =>
  db()
    .selectFrom("mail_messages")
    .selectAll()
    .where("kind", "=", "password-reset")
    .orderBy("id")
    .execute();

/** The link of the newest reset mail to this address. */
async function latestLink(to: string): Promise<string> {
  const rows = (await resetMail()).filter((r) => r.to_address === to);
  const text = rows.at(-1)?.text_body ?? "";
  const link = /https?:\/\/[^\s]+\/fotoweb\/views\/reset-password\/([A-Za-z0-9_-]{43})/.exec(text);
  if (!link) throw new Error(`no reset link mailed to ${to}`);
  return `${RESET}/${link[1]}`;
}

/** A form post with a Host header of the test's choosing, which fetch would not send. */
function postWithHost(host: string, path: string, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      new URL(path, server.url),
      {
        method: "POST",
        headers: { host, "content-type": "application/x-www-form-urlencoded" },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const ask = (identifier: string) => new Client(server.url).post(FORGOT, { identifier });

let serial = 0;
/**
 * An account of the calling test's own, with an address (decision 075): a reset by one test
 * would change another's password, and every ask counts against the account's links a window.
 */
async function forgetful() {
  const username = `Forgetful${++serial}`;
  const email = `${username}@Example.org`;
  const { id } = await createUser({ username, password: "old-password-1", email });
  return { id, username, email };
}

beforeAll(async () => {
  server = await startTestServer({
    LOGIN_RATE_LIMIT: "1000",
    SMTP_URL: `smtp://127.0.0.1:${await deadPort()}`,
    PUBLIC_ORIGIN: "https://dam.example.com",
  });
  await createUser({ username: "limited", password: "limited-pass-1", email: "limit@example.org" });
  const disabled = await createUser({
    username: "disabled",
    password: "disabled-pass-1",
    email: "disabled@example.org",
  });
  await db().updateTable("users").set({ is_enabled: 0 }).where("id", "=", disabled.id).execute();
  const expired = await createUser({
    username: "expired",
    password: "expired-pass-1",
    email: "expired@example.org",
  });
  await db()
    .updateTable("users")
    .set({ expires_at: "2000-01-01T00:00:00.000Z" })
    .where("id", "=", expired.id)
    .execute();
  await createUser({ username: "no-mail", password: "no-mail-pass-1" });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("asking for a link", () => {
  test("the log-on page links to the forgotten-password page, which is a plain form", async () => {
    const login = await (await new Client(server.url).get("/fotoweb/views/login")).text();
    expect(login).toContain(`href="${FORGOT}"`);
    expect(login).toContain("Forgot your password?");
    const page = await new Client(server.url).get(FORGOT);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="identifier"');
    expect(html).toMatch(/<form[^>]*method="post"/);
  });

  test("an empty request is a 400 by its field, and nothing is mailed", async () => {
    const before = (await resetMail()).length;
    const response = await ask("   ");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Enter your user name or e-mail address");
    expect((await resetMail()).length).toBe(before);
  });

  test("known, unknown, disabled, expired, mail-less and the guest get the same answer", async () => {
    const known = await forgetful();
    const before = (await resetMail()).length;
    const answers: string[] = [];
    const asked = [known.username.toLowerCase(), "nobody-here", "disabled", "expired", "no-mail"];
    for (const who of [...asked, "Guest"]) {
      const response = await ask(who);
      expect(response.status, who).toBe(302);
      answers.push(response.headers.get("location") ?? "");
    }
    expect(new Set(answers)).toEqual(new Set([SENT]));
    const mailed = (await resetMail()).slice(before);
    expect(mailed.map((m) => m.to_address)).toEqual([known.email]);
    // The request succeeded although the mail server is down: the message waits in the queue.
    expect(mailed[0]!.status).toBe("queued");
    const sentPage = await new Client(server.url).get(SENT);
    expect(await sentPage.text()).toContain("If an account matches what you entered");
  });

  test("the link points at PUBLIC_ORIGIN, never at the Host the request named", async () => {
    const { username } = await forgetful();
    await new Client(server.url).post(
      FORGOT,
      { identifier: username },
      { "x-forwarded-host": "evil.example" },
    );
    const rows = await resetMail();
    expect(rows.at(-1)!.text_body).toContain(
      "https://dam.example.com/fotoweb/views/reset-password/",
    );
    expect(rows.at(-1)!.text_body).not.toContain("evil.example");
  });

  test("a post naming another Host than PUBLIC_ORIGIN's is 421, and nothing is mailed (issue 29)", async () => {
    await createUser({
      username: "hosted",
      password: "hosted-pass-1",
      email: "hosted@example.org",
    });
    const before = (await resetMail()).length;
    const forged = await postWithHost("evil.example", FORGOT, "identifier=hosted");
    expect(forged.status).toBe(421);
    expect(forged.body).toContain("https://dam.example.com");
    expect((await resetMail()).length).toBe(before);
    const ours = await postWithHost("dam.example.com", FORGOT, "identifier=hosted");
    expect(ours.status).toBe(302);
    expect((await resetMail()).at(-1)!.text_body).toContain("https://dam.example.com/");
  });

  test("a dead mail server leaves the message queued for a later attempt", async () => {
    await ask((await forgetful()).username);
    const job = await claimNext("test", [MAIL_JOB]);
    expect(job).not.toBeNull();
    const message = () =>
      db()
        .selectFrom("mail_messages")
        .selectAll()
        .where("id", "=", (job!.payload as { messageId: number }).messageId)
        .executeTakeFirstOrThrow();
    // The message claimed may be another test's, tried before: one attempt more than it had.
    const attempts = Number((await message()).attempts);
    const ctx = { progress: async () => {}, signal: new AbortController().signal, workerId: "t" };
    await expect(mail(job!, ctx)).rejects.toThrow();
    const row = await message();
    expect(row.status).toBe("queued");
    expect(Number(row.attempts)).toBe(attempts + 1);
    expect(row.error).toBeTruthy();
  });

  test("the form is counted per client address", async () => {
    const response = await ask("nobody");
    expect(response.headers.get("ratelimit")).toMatch(/limit=1000/);
  });

  test(`one account gets at most ${RESET_LINKS_PER_ACCOUNT} links a window, the answer unchanged`, async () => {
    for (let i = 0; i < RESET_LINKS_PER_ACCOUNT + 2; i++) {
      const response = await ask("limit@example.org");
      expect(response.headers.get("location")).toBe(SENT);
    }
    const mailed = (await resetMail()).filter((m) => m.to_address === "limit@example.org");
    expect(mailed).toHaveLength(RESET_LINKS_PER_ACCOUNT);
  });
});

describe("using the link", () => {
  test("a new link replaces the older one; the new password ends every session", async () => {
    const { username, email } = await forgetful();
    await ask(username.toLowerCase());
    const older = await latestLink(email);
    await ask(email.toUpperCase());
    const link = await latestLink(email);
    expect(link).not.toBe(older);
    expect((await new Client(server.url).get(older)).status).toBe(404);

    const elsewhere = new Client(server.url);
    await elsewhere.signIn(username, "old-password-1");
    expect((await elsewhere.get("/fotoweb/views/change-password")).status).toBe(200);

    const browser = new Client(server.url);
    const form = await browser.get(link);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain(username);

    const bad = await browser.post(link, { newPassword: "short", confirmPassword: "other" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Use at least 8 characters");
    expect(html).toContain("The passwords do not match");

    const done = await browser.post(link, {
      newPassword: "brand-new-password",
      confirmPassword: "brand-new-password",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/fotoweb/");
    expect((await browser.get("/fotoweb/views/change-password")).status).toBe(200);
    // The session signed in before the reset is over.
    expect((await elsewhere.get("/fotoweb/views/change-password")).status).toBe(302);
    await expect(new Client(server.url).signIn(username, "old-password-1")).rejects.toThrow();
    await new Client(server.url).signIn(username, "brand-new-password");

    const again = await new Client(server.url).get(link);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("has been used already");
    const reused = await new Client(server.url).post(link, {
      newPassword: "another-password",
      confirmPassword: "another-password",
    });
    expect(reused.status).toBe(410);
    await new Client(server.url).signIn(username, "brand-new-password");
  });

  test("an expired link is refused clearly and changes nothing", async () => {
    const { id: userId, username, email } = await forgetful();
    await ask(username);
    const link = await latestLink(email);
    await db()
      .updateTable("password_resets")
      .set({ expires_at: "2001-01-01T00:00:00.000Z" })
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .execute();
    const page = await new Client(server.url).get(link);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("has expired");
    const posted = await new Client(server.url).post(link, {
      newPassword: "expired-attempt-1",
      confirmPassword: "expired-attempt-1",
    });
    expect(posted.status).toBe(410);
    await new Client(server.url).signIn(username, "old-password-1");
  });

  test("unknown, malformed and hostile tokens are a 404, never a 500", async () => {
    for (const token of ["x".repeat(43), "short", "%00", "..%2F..%2Fetc", "a".repeat(5000)]) {
      const response = await new Client(server.url).get(`${RESET}/${token}`);
      expect(response.status, token).toBe(404);
    }
    const posted = await new Client(server.url).post(`${RESET}/${"y".repeat(43)}`, {
      newPassword: "whatever-password",
      confirmPassword: "whatever-password",
    });
    expect(posted.status).toBe(404);
  });

  test("the stored link is only a hash of the mailed secret", async () => {
    const { username, email } = await forgetful();
    await ask(username);
    const link = await latestLink(email);
    const token = link.split("/").at(-1)!;
    const rows = await db().selectFrom("password_resets").select("hash").execute();
    expect(rows.some((r) => r.hash.includes(token))).toBe(false);
  });
});

describe("the outbox page", () => {
  const OUTBOX = "/fotoweb/views/admin/outbox";

  test("the site owner reads every message as text; others are refused", async () => {
    const { username, email } = await forgetful();
    await ask(username);
    await db()
      .insertInto("mail_messages")
      .values({
        kind: "test",
        to_address: "html@example.org",
        subject: "Markup <b>inside</b>",
        text_body: "Plain <script>alert(1)</script> text",
        html_body: "<img src=x onerror=alert(1)>",
        created_at: new Date().toISOString(),
      })
      .execute();
    const owner = new Client(server.url);
    await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const page = await owner.get(OUTBOX);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain(">Password reset<");
    expect(html).toContain("Queued");
    expect(html).toContain("Plain &lt;script&gt;alert(1)&lt;/script&gt; text");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("onerror=alert");

    const member = new Client(server.url);
    await member.signIn("limited", "limited-pass-1");
    expect((await member.get(OUTBOX)).status).toBe(404);
    expect((await new Client(server.url).get(OUTBOX)).status).toBe(302);
  });

  test("a failed message is sent again from the page; anything else is refused", async () => {
    const owner = new Client(server.url);
    await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const { id } = await db()
      .insertInto("mail_messages")
      .values({
        kind: "test",
        to_address: "failed@example.org",
        subject: "Failed",
        text_body: "x",
        status: "failed",
        error: "connect ECONNREFUSED",
        attempts: 8,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const page = await (await owner.get(OUTBOX)).text();
    expect(page).toContain("connect ECONNREFUSED");
    expect(page).toContain("Send again");

    for (const bad of [
      { intent: "resend", id: "abc" },
      { intent: "delete", id: String(id) },
    ]) {
      expect((await owner.post(OUTBOX, bad)).status).toBe(400);
    }
    const member = new Client(server.url);
    await member.signIn("limited", "limited-pass-1");
    expect((await member.post(OUTBOX, { intent: "resend", id: String(id) })).status).toBe(404);
    const stored = () =>
      db().selectFrom("mail_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect((await stored()).status).toBe("failed");

    const resent = await owner.post(OUTBOX, { intent: "resend", id: String(id) });
    expect(resent.status).toBe(302);
    expect((await stored()).status).toBe("queued");
    const jobs = await db()
      .selectFrom("jobs")
      .select("payload")
      .where("type", "=", MAIL_JOB)
      .where("status", "=", "pending")
      .execute();
    expect(jobs.map((j) => JSON.parse(j.payload))).toContainEqual({ messageId: Number(id) });
    // Queued now, not failed: a second re-send finds nothing to send.
    expect((await owner.post(OUTBOX, { intent: "resend", id: String(id) })).status).toBe(404);
  });
});
