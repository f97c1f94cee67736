import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/*
 * The router as patched (patches/@remix-run+router, decisions 095 and 099): branches ranked once
 * per route tree, patterns compiled once, and a branch skipped when the path lacks its fixed
 * start. The answers are those of the unpatched router (checked against it for every route of
 * the app's build when the patch was made); these cases hold the edges of the skip.
 */
const routes: AgnosticRouteObject[] = [
  {
    id: "root",
    path: "/",
    children: [
      {
        id: "fotoweb",
        path: "fotoweb",
        children: [
          {
            id: "archive",
            path: "archives/:id/",
            children: [{ id: "asset", path: ":asset.info" }],
          },
          { id: "albums", path: "albums/*" },
          { id: "home", index: true },
          { id: "users", path: "Views/Admin/users/" },
          { id: "exact", path: "Exact/Case", caseSensitive: true },
          { id: "dotted", path: "a.b+c" },
        ],
      },
      { id: "about", path: ":lang?/about" },
      { id: "nordic", path: "år/x" },
      { id: "any", path: "*" },
    ],
  },
];

const ids = (path: string) => matchRoutes(routes, path)?.map((m) => m.route.id) ?? null;

describe("route matching (patched router)", () => {
  it.each([
    ["/fotoweb", ["root", "fotoweb", "home"]],
    ["/fotoweb/", ["root", "fotoweb", "home"]],
    ["/FOTOWEB/archives/5000-x/", ["root", "fotoweb", "archive"]],
    ["/fotoweb/archives/5000-x/a.jpg.info", ["root", "fotoweb", "archive", "asset"]],
    ["/fotoweb/albums", ["root", "fotoweb", "albums"]],
    ["/fotoweb/albums/x/y", ["root", "fotoweb", "albums"]],
    ["/fotoweb/views/admin/users", ["root", "fotoweb", "users"]],
    ["/fotoweb/Exact/Case", ["root", "fotoweb", "exact"]],
    ["/fotoweb/exact/case", ["root", "any"]],
    ["/fotoweb/a.b+c", ["root", "fotoweb", "dotted"]],
    ["/fotoweb/aXb+c", ["root", "any"]],
    ["/about", ["root", "about"]],
    ["/nb/about", ["root", "about"]],
    ["/%C3%A5r/x", ["root", "nordic"]],
    ["/fotoweb/archives", ["root", "any"]],
    ["/fotoweb//albums/x", ["root", "any"]],
    ["/nothing", ["root", "any"]],
  ])("%s matches %j", (path, expected) => {
    expect(ids(path)).toEqual(expected);
  });

  it("answers the same when asked again, and the params of each match", () => {
    const first = matchRoutes(routes, "/fotoweb/archives/5000-x/a.jpg.info");
    const again = matchRoutes(routes, "/fotoweb/archives/5000-x/a.jpg.info");
    expect(again).toEqual(first);
    expect(again?.at(-1)?.params).toEqual({ id: "5000-x", asset: "a.jpg" });
  });
});
