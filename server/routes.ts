import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { allowedMethods, type RouteExports } from "../app/http/methods";

/*
 * What the server needs to know of a path before Remix runs: which route answers it (matched as
 * Remix matches, by the same router) and so which methods it answers. The tree is built once per
 * build.
 */

const trees = new WeakMap<ServerBuild["routes"], AgnosticRouteObject[]>();

function treeOf(routes: ServerBuild["routes"], parentId?: string): AgnosticRouteObject[] {
  return Object.values(routes)
    .filter((route) => route!.parentId === parentId)
    .map((route) => ({
      id: route!.id,
      path: route!.path,
      index: route!.index,
      caseSensitive: route!.caseSensitive,
      children: route!.index ? undefined : treeOf(routes, route!.id),
    })) as AgnosticRouteObject[];
}

export interface PathRoute {
  id: string;
  exports: RouteExports;
  /** The catch-all page for unknown addresses (routes/$.tsx). */
  isCatchAll: boolean;
  /** A page: the route renders HTML (it has a component), it is not a resource route. */
  isPage: boolean;
}

/*
 * The router ranks every route and compiles each path's pattern again on every match (about a
 * tenth of a grid page's server time, measured by bench/profile-grid.ts), and a request asks
 * twice. So the answers are kept per path, for the most recent paths, which bounds memory
 * whatever paths are asked.
 */
const ANSWERS_KEPT = 2000;
const answers = new WeakMap<ServerBuild["routes"], Map<string, PathRoute | null>>();

/** The route that answers a path, or null when none does. */
export function routeOf(build: ServerBuild, pathname: string): PathRoute | null {
  let kept = answers.get(build.routes);
  if (!kept) {
    kept = new Map();
    answers.set(build.routes, kept);
  }
  const known = kept.get(pathname);
  if (known !== undefined) return known;
  const answer = matchRoute(build, pathname);
  if (kept.size >= ANSWERS_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(pathname, answer);
  return answer;
}

function matchRoute(build: ServerBuild, pathname: string): PathRoute | null {
  let tree = trees.get(build.routes);
  if (!tree) {
    tree = treeOf(build.routes);
    trees.set(build.routes, tree);
  }
  const matches = matchRoutes(tree, pathname);
  const leaf = matches?.at(-1)?.route;
  const route = leaf?.id ? build.routes[leaf.id] : undefined;
  if (!route) return null;
  return {
    id: route.id,
    exports: route.module as RouteExports,
    isCatchAll: route.parentId === "root" && route.path === "*",
    isPage: typeof (route.module as { default?: unknown }).default === "function",
  };
}

/** The methods a path answers, for Allow; GET and HEAD where nothing matches (the 404 page). */
export function allowedMethodsOf(build: ServerBuild, pathname: string): string[] {
  const route = routeOf(build, pathname);
  return route ? allowedMethods(route.exports) : ["GET", "HEAD"];
}
