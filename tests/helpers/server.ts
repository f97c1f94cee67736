import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { db } from "~/db/connection.server";
import { envSchema, resetEnvCache, type Env } from "~/utils/env.server";
import { createApp } from "../../server/app";
import { checkJsonResponse, KEYED_TEXT, noteRequestMethod } from "./api-contract";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "./database";

/*
 * The real server (server/app.ts and the production build) on an ephemeral port, over the test
 * file's own database. Requests go through fetch, so headers, cookies and redirects are exactly
 * what a browser or an integrator would see.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const TEST_ENV = {
  NODE_ENV: "production",
  SESSION_SECRETS: "test-session-secret-0123456789abcdefghijklmnop",
  LOG_REQUESTS: "false",
  ADMIN_USERNAME: TEST_ADMIN.username,
  ADMIN_PASSWORD: TEST_ADMIN.password,
} as const;

export interface TestServer {
  url: string;
  env: Env;
  database: TestDatabase;
  /**
   * Another instance of the app, over the same database and environment, on a port of its own,
   * with the rate limits' counts (kept in the database, decision 068) emptied first and again at
   * its close, so a test that uses one depends on no other test and no other test on it.
   */
  fresh(): Promise<{ url: string; close(): Promise<void> }>;
  another(): Promise<{ url: string; close(): Promise<void> }>;
  close(): Promise<void>;
}

async function listen(app: ReturnType<typeof createApp>) {
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export async function startTestServer(overrides: Record<string, string> = {}): Promise<TestServer> {
  // Blobs, part files and watermarks go to a folder of this server's own.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-http-"));
  Object.assign(process.env, TEST_ENV, { DATA_DIR: dataDir }, overrides);
  resetEnvCache();
  const env = envSchema.parse(process.env);
  const database = await createTestDatabase();
  const build = (await import(
    pathToFileURL(path.join(root, "build/index.js")).href
  )) as ServerBuild;
  const listening = await listen(createApp({ build, env, root }));
  return {
    url: listening.url,
    env,
    database,
    async fresh() {
      await db().deleteFrom("rate_limit_hits").execute();
      const instance = await listen(createApp({ build, env, root }));
      return {
        url: instance.url,
        // The counts it made are the database's, shared by every instance: forgotten at the end
        // too, so the file's other tests never meet a limit this one reached.
        async close() {
          await instance.close();
          await db().deleteFrom("rate_limit_hits").execute();
        },
      };
    },
    /** Another instance over the same database, counts kept: a second process of one site. */
    another: () => listen(createApp({ build, env, root })),
    async close() {
      await listening.close();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A page shows no keyed message unresolved (decision 104); its scripts' data may carry them. */
async function checkPageText(response: Response) {
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return;
  const shown = (await response.clone().text()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const found = KEYED_TEXT.exec(shown);
  if (found) throw new Error(`${response.url}: a page shows a keyed message: ${found[0]}`);
}

/**
 * A client that keeps cookies like a browser and never follows redirects on its own. Every JSON
 * answer it receives is checked against the API contract (decision 029), read by the test or not.
 */
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  async request(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has("cookie")) {
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    const response = await fetch(new URL(pathname, this.base), {
      ...init,
      headers,
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    noteRequestMethod(response, init.method ?? "GET");
    await checkJsonResponse(response);
    await checkPageText(response);
    return response;
  }

  get(pathname: string, headers: Record<string, string> = {}) {
    return this.request(pathname, { headers });
  }

  getJson(pathname: string, accept = "application/json") {
    return this.request(pathname, { headers: { accept } });
  }

  /** A form post as a browser without JavaScript sends it. */
  post(pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request(pathname, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });
  }

  async signIn(username: string, password: string, to = "/fotoweb/") {
    const response = await this.post("/fotoweb/views/login", {
      mode: "user",
      username,
      password,
      to,
    });
    if (response.status !== 302)
      throw new Error(`sign-in of ${username} answered ${response.status}`);
    return response;
  }

  async signInAsGuest(to = "/fotoweb/") {
    const response = await this.post("/fotoweb/views/login", { mode: "guest", to });
    if (response.status !== 302) throw new Error(`guest sign-in answered ${response.status}`);
    return response;
  }
}

/*
 * A page without its messages' data block (decision 101): every word of the page's areas is in
 * that block, so what a page shows is asked of the rest of its HTML.
 */
export const withoutMessages = (html: string) =>
  html.replace(/<script id="arkiv-messages"[^>]*>[\s\S]*?<\/script>/, "");
