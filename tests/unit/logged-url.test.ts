import { describe, expect, test } from "vitest";
import { loggedUrl } from "../../server/app";

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
