import { describe, expect, it } from "vitest";
import { folderPathToQuery } from "~/http/folder-path";
import { folderHref } from "~/utils/links";

describe("folderPathToQuery", () => {
  it("reads a folder's URL as the archive's with ?folder=, keeping the query and matrix", () => {
    expect(folderPathToQuery("/fotoweb/archives/5000-Name/Trips/2024/", "q=sun")).toBe(
      "/fotoweb/archives/5000-Name/?q=sun&folder=Trips%2F2024",
    );
    expect(folderPathToQuery("/fotoweb/archives/5000-Name/Trips/;p=1;o=-name", "")).toBe(
      "/fotoweb/archives/5000-Name/;p=1;o=-name?folder=Trips",
    );
  });

  it("decodes each name once, so a folder's own slash-free names round-trip", () => {
    const href = folderHref("/fotoweb/archives/5000-Name/", "Sommer 2024/Bergen & Oslo");
    expect(href).toBe("/fotoweb/archives/5000-Name/Sommer%202024/Bergen%20%26%20Oslo/");
    const moved = folderPathToQuery(href, "");
    expect(new URLSearchParams(moved!.split("?")[1]).get("folder")).toBe(
      "Sommer 2024/Bergen & Oslo",
    );
  });

  it("takes an asset under its folder path to the asset's own URL, renditions included", () => {
    expect(folderPathToQuery("/fotoweb/archives/5000-Name/Trips/2024/12-beach.jpg.info", "")).toBe(
      "/fotoweb/archives/5000-Name/12-beach.jpg.info",
    );
    expect(
      folderPathToQuery(
        "/fotoweb/archives/5000-Name/2024-summer/12-beach.jpg/__renditions/x",
        "a=1",
      ),
    ).toBe("/fotoweb/archives/5000-Name/12-beach.jpg/__renditions/x?a=1");
  });

  it("leaves Arkiv's own URLs and everything unreadable alone", () => {
    for (const path of [
      "/fotoweb/archives/5000-Name/",
      "/fotoweb/archives/5000-Name/;p=1",
      "/fotoweb/archives/5000-Name/12-beach.jpg",
      "/fotoweb/archives/5000-Name/12-beach.jpg/__revisions/",
      "/fotoweb/archives/5000-Name/.smartfolders/",
      "/fotoweb/archives/5000-Name/.smartfolders/3",
      "/fotoweb/archives/5000-Name/Trips/not-an-asset",
      "/fotoweb/archives/5000-Name/%ZZ/",
      "/fotoweb/archives/5000-Name/../",
      "/fotoweb/archives/5000-Name//",
      "/fotoweb/albums/Trips/",
    ])
      expect(folderPathToQuery(path, ""), path).toBeNull();
    // A folder given twice (path and query) is not guessed at.
    expect(folderPathToQuery("/fotoweb/archives/5000-Name/Trips/", "folder=Other")).toBeNull();
  });
});
