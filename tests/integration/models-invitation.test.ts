import { inEnglish } from "../helpers/keyed";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import {
  addressesToAdd,
  addressProblem,
  invitationFormSchemaIn,
  invitationRequestSchema,
  messageAsText,
  splitAddresses,
} from "~/models/invitation/invitation.schema";
import {
  createInvitations,
  findRedeemableInvitation,
  invitableGroups,
  listInvitations,
  redeemInvitation,
  revokeInvitation,
} from "~/models/invitation/invitation.server";
import { invitationType } from "~/models/invitation/invitation.view";
import { groupsOfUser } from "~/models/group/membership.server";
import { Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { createUser, findUserByUsername } from "~/models/user/user.server";
import { resetEnvCache } from "~/utils/env.server";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../helpers/database";

/* The invitation model on the dialect under test (decision 037). */

const OLD_SECRET = "old-signing-secret-0123456789abcdefghijklmnop";
const NEW_SECRET = "new-signing-secret-0123456789abcdefghijklmnop";
const ORIGIN = "https://arkiv.example";

let database: TestDatabase;
let owner: Viewer;
let member: Viewer;
let group: number;

const useSecrets = (value: string | undefined) => {
  if (value === undefined) delete process.env.SESSION_SECRETS;
  else process.env.SESSION_SECRETS = value;
  resetEnvCache();
};

const linkInput = (extra: Record<string, unknown> = {}) =>
  invitationRequestSchema.parse({ link: true, ...extra });

const tokenOf = (path: string) => path.split("/").pop()!;

beforeAll(async () => {
  useSecrets(OLD_SECRET);
  database = await createTestDatabase();
  owner = (await findUserByUsername(TEST_ADMIN.username))!;
  member = await createUser({ username: "member", password: "member-password-1" });
  group = (
    await db()
      .insertInto("groups")
      .values({ name: "Field 100% crew_", created_at: now() })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  useSecrets(undefined);
  await database?.destroy();
});

describe("the schema", () => {
  test("pasted text is split, and only valid new addresses are added", () => {
    expect(splitAddresses(" a@b.no,c@d.no;\ne@f.no  ")).toEqual(["a@b.no", "c@d.no", "e@f.no"]);
    expect(
      addressesToAdd(["a@b.no"], "A@B.no, new@x.no, broken@, new@X.no, ip@[10.0.0.1]"),
    ).toEqual(["new@x.no", "ip@[10.0.0.1]"]);
  });

  test("each problem of a list is named as the spec names it", () => {
    const problem = (addresses: string[]) => inEnglish(addressProblem(addresses) ?? "");
    expect(problem([])).toBe("Enter at least one e-mail address");
    expect(problem(["x@y.no", "X@Y.no", "bad"])).toBe(
      '"bad" is not a valid e-mail address. Already in the list: X@Y.no',
    );
    expect(problem(["a", "b", "c", "d", "e", "f", "g"])).toBe(
      "These are not valid e-mail addresses: a, b, c, d, e and 2 more",
    );
    expect(problem(Array.from({ length: 101 }, (_, i) => `a${i}@b.no`))).toBe(
      "Invite at most 100 addresses at a time",
    );
    expect(addressProblem(["a@b.no"])).toBeNull();
  });

  test("a message sent as HTML is kept as its text, scripts and all markup gone", () => {
    expect(messageAsText("<p>Hi &amp; welcome</p><script>alert(1)</script><p>Line&#33;</p>")).toBe(
      "Hi & welcome\nLine!",
    );
    expect(messageAsText('<img src=x onerror="alert(1)">plain')).toBe("plain");
    // A lone "<" is text, not a tag.
    expect(messageAsText("a < b and c > d")).toBe("a < b and c > d");
    expect(messageAsText("no markup\r\nat all")).toBe("no markup\nat all");
  });

  test("the form's kind and the API's fields make the same input", () => {
    const form = invitationFormSchemaIn("UTC").parse({
      kind: "organization",
      organizationDomain: " Example.COM ",
      emails: "ignored",
    });
    expect(form).toMatchObject({
      kind: "organization",
      organizationDomain: "example.com",
      emails: [],
    });
    const api = invitationRequestSchema.parse({ organizationDomain: "example.com" });
    expect(api.kind).toBe("organization");
    expect(invitationRequestSchema.parse({ emails: ["a@b.no"] }).kind).toBe("user");
    expect(invitationType({ email: null, organizationDomain: null })).toBe("link");
  });

  test("the form's last day ends on the person's clock; a program's time without an offset is UTC's", () => {
    const oslo = invitationFormSchemaIn("Europe/Oslo").parse({
      kind: "link",
      expires: "2099-01-15",
    });
    expect(oslo.expiresAt).toBe("2099-01-15T22:59:59.999Z");
    const utc = invitationFormSchemaIn("UTC").parse({ kind: "link", expires: "2099-01-15" });
    expect(utc.expiresAt).toBe("2099-01-15T23:59:59.999Z");
    expect(
      invitationRequestSchema.parse({ link: true, expires: "2099-01-15T10:00" }).expiresAt,
    ).toBe("2099-01-15T10:00:00.000Z");
    expect(
      invitationFormSchemaIn("Europe/Oslo").safeParse({ kind: "link", expires: "2099-02-30" })
        .success,
    ).toBe(false);
  });
});

describe("the model", () => {
  test("without inviteUsers every call answers not-found", async () => {
    for (const call of [
      () => createInvitations(member, linkInput(), ORIGIN),
      () => listInvitations(member),
      () => revokeInvitation(member, 1),
      () => invitableGroups(member, "crew"),
    ]) {
      await expect(call()).rejects.toMatchObject({ kind: "not-found" });
    }
    await expect(listInvitations(null)).rejects.toMatchObject({ kind: "unauthenticated" });
  });

  test("group search treats % and _ as letters, and never offers the built-in groups", async () => {
    expect((await invitableGroups(owner, "100%")).map((g) => g.id)).toEqual([group]);
    expect(await invitableGroups(owner, "0_")).toEqual([]);
    expect(await invitableGroups(owner, "registered")).toEqual([]);
    expect(await invitableGroups(owner, "   ")).toEqual([]);
  });

  test("a user invitation is redeemed once, even by two people at the same moment", async () => {
    const created = await createInvitations(
      owner,
      invitationRequestSchema.parse({
        emails: ["race@example.com"],
        groups: [`/fotoweb/api/groups/${group}`],
      }),
      ORIGIN,
    );
    if (!created.ok) throw new Error("not created");
    const token = tokenOf(created.invitations[0]!.linkPath);
    const input = (username: string) => ({
      firstName: "R",
      lastName: "Ace",
      email: "ignored@example.com",
      username,
      password: "race-password-1",
    });
    const outcomes = await Promise.allSettled([
      redeemInvitation(token, input("racer1")),
      redeemInvitation(token, input("racer2")),
    ]);
    const made = outcomes.filter((o) => o.status === "fulfilled" && o.value.ok);
    expect(made).toHaveLength(1);
    const refused = outcomes.filter((o) => o.status === "rejected" || !o.value.ok);
    expect(refused).toHaveLength(1);
    const winner = (made[0] as PromiseFulfilledResult<{ ok: true; user: Viewer }>).value.user;
    expect(winner.email).toBe("race@example.com");
    expect(await groupsOfUser(winner)).toContain(group);
    await expect(findRedeemableInvitation(token)).rejects.toBeInstanceOf(Problem);
    const mails = await db()
      .selectFrom("mail_messages")
      .selectAll()
      .where("to_address", "=", "race@example.com")
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`${ORIGIN}/fotoweb/views/invitation/${token}`);
  });

  test("the link is shown again under a rotated secret; an invitation to a deleted group still redeems", async () => {
    const created = await createInvitations(
      owner,
      linkInput({ groups: [`/fotoweb/api/groups/${group}`] }),
      ORIGIN,
    );
    if (!created.ok) throw new Error("not created");
    const path = created.invitations[0]!.linkPath;
    const find = async () =>
      (await listInvitations(owner)).find((i) => i.id === created.invitations[0]!.id)!;
    useSecrets(`${NEW_SECRET},${OLD_SECRET}`);
    expect((await find()).linkPath).toBe(path);
    useSecrets(NEW_SECRET);
    expect((await find()).linkPath).toBeNull();
    // The link itself still works: it is found by its hash, not made again.
    const extra = (
      await db()
        .insertInto("groups")
        .values({ name: "Short-lived", created_at: now() })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await db()
      .updateTable("invitations")
      .set({ groups: JSON.stringify([group, extra]) })
      .where("id", "=", created.invitations[0]!.id)
      .execute();
    await db().deleteFrom("groups").where("id", "=", extra).execute();
    const redeemed = await redeemInvitation(tokenOf(path), {
      firstName: "Link",
      lastName: "User",
      email: "link.user@example.com",
      username: "link-user",
      password: "link-password-1",
    });
    expect(redeemed.ok).toBe(true);
    useSecrets(OLD_SECRET);
    await revokeInvitation(owner, created.invitations[0]!.id);
    await expect(findRedeemableInvitation(tokenOf(path))).rejects.toMatchObject({
      kind: "not-found",
    });
    await expect(revokeInvitation(owner, created.invitations[0]!.id)).rejects.toMatchObject({
      kind: "not-found",
    });
  });
});
