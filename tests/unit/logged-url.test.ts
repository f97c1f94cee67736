import { describe, expect, test } from "vitest";
import { loggedUrl } from "../../server/app";
import { hideQueryTokens, loggable } from "~/http/log-safe.server";

/* The request log never writes a link's secret (decision 037) nor a credential in the query. */
describe("loggedUrl", () => {
  test("an invitation's or a password reset's secret segment is hidden", () => {
    const secret = "a".repeat(43);
    expect(loggedUrl(`/fotoweb/views/invitation/${secret}`)).toBe(
      "/fotoweb/views/invitation/[hidden]",
    );
    expect(loggedUrl(`/FOTOWEB/views/reset-password/${secret}?x=1`)).toBe(
      "/FOTOWEB/views/reset-password/[hidden]?x=1",
    );
  });

  test("a public link's token is hidden, on its page and its files (decision 056)", () => {
    const token = "b".repeat(32);
    expect(loggedUrl(`/fotoweb/shared/${token}`)).toBe("/fotoweb/shared/[hidden]");
    expect(loggedUrl(`/fotoweb/shared/${token}/files/7/preview/abc/x.jpg?download=1`)).toBe(
      "/fotoweb/shared/[hidden]/files/7/preview/abc/x.jpg?download=1",
    );
  });

  test("other paths and query credentials are as before", () => {
    expect(loggedUrl("/fotoweb/views/admin/invitations")).toBe("/fotoweb/views/admin/invitations");
    expect(loggedUrl("/fotoweb/?token=abc&q=boats")).toBe("/fotoweb/?token=%5Bhidden%5D&q=boats");
  });
});

describe("an access token in a logged URL or error", () => {
  test("is hidden in the request log's URL and in an error's text", () => {
    const token = "c".repeat(43);
    expect(loggedUrl(`/fotoweb/me/?access_token=${token}&x=1`)).toBe(
      "/fotoweb/me/?access_token=%5Bhidden%5D&x=1",
    );
    expect(hideQueryTokens(`GET http://h/fotoweb/me/?a=1&access_token=${token}"`)).toBe(
      'GET http://h/fotoweb/me/?a=1&access_token=[hidden]"',
    );
    const logged = loggable(new Error(`No route matches URL "/x?ACCESS_TOKEN=${token}"`));
    expect(String(logged)).not.toContain(token);
    const plain = new Error("nothing secret");
    expect(loggable(plain)).toBe(plain);
  });
});
