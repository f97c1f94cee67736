import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from "~/utils/deferred-scripts";
import { startTestServer, type TestServer } from "../helpers/server";

/*
 * The production server's pages carry Remix's scripts inert, for the loader to start after the
 * page has loaded (decision 031): checked on what the real build renders, so a change in how
 * Remix writes its scripts fails here rather than loading them early again.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("a page's scripts", () => {
  test.each(["/fotoweb/views/login", "/fotoweb/archives/", "/fotoweb/no-such-page"])(
    "%s: no modulepreload, one inert module script, the loader with the response's nonce",
    async (url) => {
      const response = await fetch(`${server.url}${url}`);
      const html = await response.text();
      const nonce = response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
      expect(nonce).toBeTruthy();
      expect(html).not.toContain('<link rel="modulepreload"');
      expect(html).not.toMatch(/<script[^>]*type="module"/);
      const preloads = html.match(
        new RegExp(`<link rel="${DEFERRED_PRELOAD_REL}" href="/build/[^"]+\\.js"/>`, "g"),
      );
      expect(preloads?.length).toBeGreaterThan(2);
      const modules = [...html.matchAll(/<script nonce="([^"]*)" type="([^"]*)">import /g)];
      expect(modules.map((m) => [m[1], m[2]])).toEqual([[nonce, DEFERRED_MODULE_TYPE]]);
      expect(html).toContain(`<script nonce="${nonce}">(function(){var d=document`);
    },
  );
});
