import { describe, expect, it } from "vitest";
import { matrixToQuery } from "~/http/matrix";

describe("matrixToQuery", () => {
  it("moves an archive's matrix parameters into the query, beside the query's own", () => {
    expect(matrixToQuery("/fotoweb/archives/5000-Name/;p=2;o=-name", "q=sun&n=7")).toBe(
      "/fotoweb/archives/5000-Name/?q=sun&n=7&%3Bp=2&%3Bo=-name",
    );
  });

  it("takes the pins, a trailing slash, and decodes the values once", () => {
    const moved = matrixToQuery("/fotoweb/me/pins/;o=%2Bname/", "");
    expect(moved).toBe("/fotoweb/me/pins/?%3Bo=%2Bname");
    expect(new URLSearchParams(moved!.split("?")[1]).get(";o")).toBe("+name");
  });

  it("keeps what it cannot decode as it was, for the model to refuse", () => {
    const moved = matrixToQuery("/fotoweb/archives/5000-Name/;p=%ZZ;x", "");
    const search = new URLSearchParams(moved!.split("?")[1]);
    expect(search.get(";p")).toBe("%ZZ");
    expect(search.get(";x")).toBe("");
  });

  it("leaves every other path alone", () => {
    for (const path of [
      "/fotoweb/archives/5000-Name/",
      "/fotoweb/;p=1",
      "/fotoweb/archives/;p=1",
      "/fotoweb/archives/5000-Name/asset.info;p=1",
      "/fotoweb/archives/5000-Name/;p=1/more",
      "/fotoweb/me/;p=1",
    ])
      expect(matrixToQuery(path, ""), path).toBeNull();
  });
});
