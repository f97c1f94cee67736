import { describe, expect, it } from "vitest";
import { pageTypeOf } from "~/components/shell/Header";

describe("pageTypeOf", () => {
  it("finds the page type by path prefix", () => {
    for (const [path, type] of [
      ["/fotoweb/albums", "albums"],
      ["/fotoweb/albums/", "albums"],
      ["/fotoweb/albums/123/", "albums"],
      ["/fotoweb/me/albums/", "albums"],
      ["/fotoweb/me/pins", "pins"],
      ["/fotoweb/me/pins/7", "pins"],
      ["/fotoweb/archives", "archives"],
      ["/fotoweb/archives/5000-Photos/", "archives"],
    ]) {
      expect(pageTypeOf(path!), path).toBe(type);
    }
  });

  it("has no page type elsewhere", () => {
    for (const path of [
      "/",
      "/fotoweb/",
      "/fotoweb/me/",
      "/fotoweb/albumsx",
      "/fotoweb/archives-old/",
      "/fotoweb/pins/",
      "/fotoweb/views/login",
      "/other/fotoweb/albums/",
      "fotoweb/albums/",
      "",
    ]) {
      expect(pageTypeOf(path), path).toBeNull();
    }
  });
});
