/*
 * The grid page's server rendering against a bare React render of the same markup (issue 4,
 * decision 019), in this process, one render at a time:
 * - ours: the Remix build's whole document render of the page (route matching, the route
 *   modules' components with react-aria, the hydration data and scripts, the entry's render),
 *   with each loader answering the data the real server's loaders gave for the same URL, so the
 *   database is left out (the search measures time it);
 * - bare: React.createElement calls that make the same markup (bench/markup-elements.ts),
 *   rendered with renderToString.
 * Both markups are compared before timing: a baseline that wrote less would flatter us.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { renderToString } from "react-dom/server";
import { bareElements, comparable } from "./markup-elements";

const NONCE = "benchnonce";

/** The loader data embedded in a page for hydration: what each route's loader answered. */
function loaderDataOf(html: string): Record<string, unknown> {
  const start = html.indexOf("window.__remixContext = ");
  if (start < 0) throw new Error("the page holds no Remix context");
  const from = start + "window.__remixContext = ".length;
  const end = html.indexOf(";</script>", from);
  const context = JSON.parse(html.slice(from, end)) as {
    state: { loaderData: Record<string, unknown> };
  };
  return context.state.loaderData;
}

/** Time spent inside the entry (React's render of the document), summed over renders. */
const entryTime = { ms: 0 };

async function stubbedHandler(root: string, loaderData: Record<string, unknown>) {
  const build = (await import(
    pathToFileURL(path.join(root, "build/index.js")).href
  )) as ServerBuild;
  const render = build.entry.module.default;
  const entry = {
    module: {
      ...build.entry.module,
      default: async (...args: Parameters<typeof render>) => {
        const started = performance.now();
        const response = await render(...args);
        entryTime.ms += performance.now() - started;
        return response;
      },
    },
  };
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    routes[id] =
      id in loaderData
        ? {
            ...route,
            module: { ...route.module, loader: () => loaderData[id] as Record<string, unknown> },
          }
        : route;
  }
  return createRequestHandler({ ...build, routes, entry }, "production");
}

export interface RenderComparison {
  oursPerSecond: number;
  barePerSecond: number;
  /** Of ours, the share spent in the entry's React render (the rest is Remix's data phase). */
  renderShare: number;
  bytes: number;
  /** The HTML ours rendered, for the HTTP comparison's bare server. */
  html: string;
}

async function rate(seconds: number, render: () => Promise<unknown> | unknown) {
  for (let i = 0; i < 200; i++) await render();
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  while (performance.now() < until) {
    await render();
    done += 1;
  }
  return done / ((performance.now() - started) / 1000);
}

export async function compareGridRender(
  root: string,
  pageUrl: string,
  servedHtml: string,
  seconds = 4,
): Promise<RenderComparison> {
  const handler = await stubbedHandler(root, loaderDataOf(servedHtml));
  const renderOurs = async () => {
    const response = await handler(new Request(pageUrl, { headers: { accept: "text/html" } }), {
      cspNonce: NONCE,
      requestId: "bench",
    });
    if (response.status !== 200) throw new Error(`the stubbed render answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  };
  const ours = new TextDecoder().decode(await renderOurs());
  const makeBare = bareElements(ours);
  // Encoded as a server would send it: ours is measured to its bytes too.
  const renderBare = () => Buffer.from(`<!DOCTYPE html>${renderToString(makeBare())}`);
  const bare = renderBare().toString("utf8");
  if (comparable(bare) !== comparable(ours)) {
    const a = comparable(ours);
    const b = comparable(bare);
    let at = 0;
    while (at < a.length && a[at] === b[at]) at++;
    throw new Error(
      `the bare render's markup differs at ${at}:\n ours: ${a.slice(at - 80, at + 120)}\n bare: ${b.slice(at - 80, at + 120)}`,
    );
  }
  // Alternating rounds, so drift in the machine's load falls on both sides alike.
  let oursTotal = 0;
  let bareTotal = 0;
  let oursMs = 0;
  entryTime.ms = 0;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    oursTotal += await rate(seconds / 3, renderOurs);
    oursMs += performance.now() - started;
    bareTotal += await rate(seconds / 3, renderBare);
  }
  return {
    oursPerSecond: oursTotal / 3,
    barePerSecond: bareTotal / 3,
    renderShare: entryTime.ms / oursMs,
    bytes: ours.length,
    html: ours,
  };
}
