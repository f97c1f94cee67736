import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { allowedMethodsOf, routeOf } from "../../server/routes";

/* The server's route lookup before Remix (server/routes.ts), with its answers kept per path. */

const page = { default: () => null, loader: () => null };
const resource = { loader: () => null, action: () => null };
const build = {
  routes: {
    root: { id: "root", path: "", module: page },
    "routes/$": { id: "routes/$", parentId: "root", path: "*", module: page },
    "routes/a.$id": { id: "routes/a.$id", parentId: "root", path: "a/:id", module: page },
    "routes/api.$id": { id: "routes/api.$id", parentId: "root", path: "api/:id", module: resource },
  },
} as unknown as ServerBuild;

describe("routeOf", () => {
  it("answers the route of a path, the same when asked again", () => {
    const first = routeOf(build, "/a/1");
    expect(first).toMatchObject({ id: "routes/a.$id", isPage: true, isCatchAll: false });
    expect(routeOf(build, "/a/1")).toEqual(first);
    expect(routeOf(build, "/api/7")).toMatchObject({ id: "routes/api.$id", isPage: false });
    expect(routeOf(build, "/elsewhere/x")).toMatchObject({ id: "routes/$", isCatchAll: true });
  });

  it("answers right after thousands of other paths pushed out the oldest answers", () => {
    expect(routeOf(build, "/api/first")?.id).toBe("routes/api.$id");
    for (let i = 0; i < 5000; i++) routeOf(build, `/a/${i}`);
    expect(routeOf(build, "/api/first")?.id).toBe("routes/api.$id");
    expect(routeOf(build, "/a/4999")?.id).toBe("routes/a.$id");
  });

  it("gives the methods from the route's exports", () => {
    expect(allowedMethodsOf(build, "/api/3")).toEqual(expect.arrayContaining(["GET", "POST"]));
    expect(allowedMethodsOf(build, "/a/3")).not.toContain("POST");
  });
});
