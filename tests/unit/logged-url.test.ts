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

  test("other paths and query credentials are as before", () => {
    expect(loggedUrl("/fotoweb/views/admin/invitations")).toBe("/fotoweb/views/admin/invitations");
    expect(loggedUrl("/fotoweb/?token=abc&q=boats")).toBe("/fotoweb/?token=%5Bhidden%5D&q=boats");
  });
});
