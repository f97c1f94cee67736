import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { env, envSchema, resetEnvCache } from "~/utils/env.server";

const SECRET = "s".repeat(32);
const KEYS = Object.keys(envSchema.shape);

const parse = (vars: Record<string, string>) => envSchema.safeParse(vars);
const ok = (vars: Record<string, string>) => {
  const result = parse(vars);
  if (!result.success) throw new Error(result.error.message);
  return result.data;
};

describe("envSchema", () => {
  it("has defaults for everything optional", () => {
    expect(ok({})).toEqual({
      NODE_ENV: "development",
      HOST: "0.0.0.0",
      PORT: 3000,
      DATA_DIR: "./data",
      ADMIN_USERNAME: "admin",
      SESSION_IDLE_MINUTES: 120,
      KEEPALIVE_SECONDS: 300,
      TRUST_PROXY: false,
      LOGIN_RATE_LIMIT: 20,
      MAX_FORM_BYTES: 1024 * 1024,
      MAX_FORM_FIELDS: 4000,
      MAX_UPLOAD_BYTES: 4 * 1024 ** 3,
      MAX_OPEN_UPLOADS: 50,
      MAX_OPEN_UPLOAD_BYTES: 20 * 1024 ** 3,
      INGEST_CONCURRENCY: 2,
      JOB_LEASE_SECONDS: 60,
      LICENSE_SEATS: 0,
      MAIL_FROM: "Arkiv <noreply@localhost>",
      OAUTH_ACCESS_TOKEN_SECONDS: 3600,
      OAUTH_REFRESH_TOKEN_SECONDS: 30 * 86_400,
      TOKEN_RATE_LIMIT: 60,
      ARCHIVE_ROOTS: "",
      ARCHIVE_RESCAN_MINUTES: 60,
      MAX_ARCHIVES: 1000,
      TRASH_DAYS: 30,
      DEMO_CONTENT: true,
      LOG_REQUESTS: true,
    });
  });

  it("ignores unrelated variables", () => {
    expect(ok({ PATH: "/usr/bin", HOME: "/root" })).not.toHaveProperty("PATH");
  });

  it("refuses an unknown NODE_ENV", () => {
    expect(parse({ NODE_ENV: "staging" }).success).toBe(false);
    expect(ok({ NODE_ENV: "production" }).NODE_ENV).toBe("production");
  });

  describe("SESSION_SECRETS", () => {
    it("reads a comma-separated list, trimming and skipping empty entries", () => {
      const other = "t".repeat(40);
      expect(ok({ SESSION_SECRETS: ` ${SECRET} ,, ${other},` }).SESSION_SECRETS).toEqual([
        SECRET,
        other,
      ]);
    });

    it("needs 32 characters in each secret", () => {
      expect(ok({ SESSION_SECRETS: SECRET }).SESSION_SECRETS).toEqual([SECRET]);
      expect(parse({ SESSION_SECRETS: SECRET.slice(1) }).success).toBe(false);
      const result = parse({ SESSION_SECRETS: `${SECRET},short` });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        "each session secret needs at least 32 characters",
      );
    });

    it("counts length after trimming", () => {
      expect(parse({ SESSION_SECRETS: ` ${SECRET.slice(1)} ` }).success).toBe(false);
    });

    it("refuses a list with no secrets", () => {
      expect(parse({ SESSION_SECRETS: "" }).success).toBe(false);
      expect(parse({ SESSION_SECRETS: " , ," }).success).toBe(false);
    });

    it("is optional", () => {
      expect(ok({}).SESSION_SECRETS).toBeUndefined();
    });
  });

  describe("DATABASE_URL", () => {
    it("accepts postgres, sqlite and file URLs", () => {
      for (const url of [
        "postgres://u:p@db:5432/arkiv",
        "postgresql://localhost/arkiv",
        "sqlite:./data/arkiv.sqlite",
        "sqlite::memory:",
        "file:/var/lib/arkiv.db",
      ]) {
        expect(ok({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
      }
    });

    it("refuses other forms with a hint", () => {
      for (const url of [
        "mysql://localhost/db",
        "./arkiv.sqlite",
        "",
        "POSTGRES://x",
        " postgres://x",
      ]) {
        const result = parse({ DATABASE_URL: url });
        expect(result.success, url).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(
          "use postgres://..., sqlite:PATH or file:PATH",
        );
      }
    });
  });

  describe("PORT", () => {
    it("accepts 0 to 65535", () => {
      expect(ok({ PORT: "0" }).PORT).toBe(0);
      expect(ok({ PORT: "8080" }).PORT).toBe(8080);
      expect(ok({ PORT: "65535" }).PORT).toBe(65535);
    });

    it("refuses out-of-range, fractional and non-numeric ports", () => {
      for (const port of ["65536", "-1", "80.5", "http", "1e9"]) {
        expect(parse({ PORT: port }).success, port).toBe(false);
      }
    });
  });

  describe("boolean flags", () => {
    it("reads the true and false words", () => {
      for (const [value, expected] of [
        ["true", true],
        ["1", true],
        ["yes", true],
        ["on", true],
        ["false", false],
        ["0", false],
        ["no", false],
        ["off", false],
      ] as const) {
        expect(ok({ TRUST_PROXY: value, LOG_REQUESTS: value })).toMatchObject({
          TRUST_PROXY: expected,
          LOG_REQUESTS: expected,
        });
      }
    });

    it("refuses other words", () => {
      expect(parse({ TRUST_PROXY: "maybe" }).success).toBe(false);
      expect(parse({ LOG_REQUESTS: "" }).success).toBe(false);
    });
  });

  it("needs at least 8 characters in ADMIN_PASSWORD", () => {
    expect(ok({ ADMIN_PASSWORD: "12345678" }).ADMIN_PASSWORD).toBe("12345678");
    const result = parse({ ADMIN_PASSWORD: "1234567" });
    expect(result.error?.issues[0]?.message).toBe("at least 8 characters");
    expect(parse({ ADMIN_PASSWORD: "x".repeat(257) }).success).toBe(false);
  });

  it("restricts ADMIN_USERNAME", () => {
    expect(ok({ ADMIN_USERNAME: "site.owner@example-1_x" }).ADMIN_USERNAME).toBe(
      "site.owner@example-1_x",
    );
    for (const name of ["", "has space", "x".repeat(65), "<script>", "ümlaut"]) {
      expect(parse({ ADMIN_USERNAME: name }).success).toBe(false);
    }
  });

  it("checks the numeric bounds", () => {
    expect(parse({ SESSION_IDLE_MINUTES: "0" }).success).toBe(false);
    expect(ok({ SESSION_IDLE_MINUTES: String(60 * 24 * 30) }).SESSION_IDLE_MINUTES).toBe(43200);
    expect(parse({ SESSION_IDLE_MINUTES: String(60 * 24 * 30 + 1) }).success).toBe(false);
    expect(parse({ KEEPALIVE_SECONDS: "9" }).success).toBe(false);
    expect(parse({ LOGIN_RATE_LIMIT: "0" }).success).toBe(false);
    expect(parse({ MAX_FORM_BYTES: "1023" }).success).toBe(false);
    expect(ok({ MAX_FORM_BYTES: "1024" }).MAX_FORM_BYTES).toBe(1024);
    expect(parse({ MAX_FORM_FIELDS: "9" }).success).toBe(false);
    expect(ok({ MAX_FORM_FIELDS: "10" }).MAX_FORM_FIELDS).toBe(10);
  });

  it("bounds JOB_LEASE_SECONDS to 5 seconds .. an hour, in whole seconds", () => {
    expect(ok({ JOB_LEASE_SECONDS: "5" }).JOB_LEASE_SECONDS).toBe(5);
    expect(ok({ JOB_LEASE_SECONDS: "3600" }).JOB_LEASE_SECONDS).toBe(3600);
    for (const value of ["4", "0", "-1", "3601", "7.5", "soon"]) {
      expect(parse({ JOB_LEASE_SECONDS: value }).success, value).toBe(false);
    }
  });

  it("needs PUBLIC_ORIGIN to be a URL", () => {
    expect(ok({ PUBLIC_ORIGIN: "https://arkiv.example" }).PUBLIC_ORIGIN).toBe(
      "https://arkiv.example",
    );
    expect(parse({ PUBLIC_ORIGIN: "arkiv.example" }).success).toBe(false);
  });

  it("takes an smtp or smtps SMTP_URL and nothing else", () => {
    expect(ok({ SMTP_URL: "smtp://127.0.0.1:2525" }).SMTP_URL).toBe("smtp://127.0.0.1:2525");
    expect(ok({ SMTP_URL: "smtps://user:pass@mail.example:465" }).SMTP_URL).toContain("smtps:");
    expect(ok({}).SMTP_URL).toBeUndefined();
    for (const bad of ["mail.example:25", "http://mail.example", "smtp://", "sendmail"]) {
      expect(parse({ SMTP_URL: bad }).success, bad).toBe(false);
    }
  });

  it("has a From address by default and takes another", () => {
    expect(ok({ MAIL_FROM: "DAM <dam@example.com>" }).MAIL_FROM).toBe("DAM <dam@example.com>");
    expect(parse({ MAIL_FROM: "x" }).success).toBe(false);
  });
});

describe("env()", () => {
  let saved: NodeJS.ProcessEnv;

  /** process.env with none of the app's variables except the given ones. */
  function setEnv(vars: Record<string, string>) {
    for (const key of KEYS) delete process.env[key];
    Object.assign(process.env, vars);
    resetEnvCache();
  }

  beforeEach(() => {
    saved = { ...process.env };
  });

  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    resetEnvCache();
  });

  it("lists every bad variable in one error", () => {
    setEnv({
      PORT: "70000",
      SESSION_SECRETS: "short",
      ADMIN_PASSWORD: "pw",
      DATABASE_URL: "mysql://x",
      TRUST_PROXY: "maybe",
      HOST: "localhost",
    });
    let message = "";
    try {
      env();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split("\n")[0]).toBe("Invalid environment:");
    for (const key of [
      "PORT",
      "SESSION_SECRETS",
      "ADMIN_PASSWORD",
      "DATABASE_URL",
      "TRUST_PROXY",
    ]) {
      expect(message).toMatch(new RegExp(`^  ${key}(\\.\\d+)?: `, "m"));
    }
    expect(message).not.toContain("HOST");
    expect(message).toContain("ADMIN_PASSWORD: at least 8 characters");
  });

  it("resolves DATA_DIR to an absolute path", () => {
    setEnv({ DATA_DIR: "relative/data" });
    expect(env().DATA_DIR).toBe(path.resolve("relative/data"));
  });

  it("caches until resetEnvCache", () => {
    setEnv({ PORT: "4000" });
    expect(env().PORT).toBe(4000);
    process.env.PORT = "5000";
    expect(env().PORT).toBe(4000);
    resetEnvCache();
    expect(env().PORT).toBe(5000);
  });

  it("reads an empty variable as unset, so PORT= gives the default rather than port 0", () => {
    setEnv({ PORT: "", ADMIN_USERNAME: "" });
    expect(env().PORT).toBe(3000);
    expect(env().ADMIN_USERNAME).toBe("admin");
  });

  it("does not cache a failure", () => {
    setEnv({ PORT: "nope" });
    expect(() => env()).toThrow(/PORT/);
    process.env.PORT = "4001";
    expect(env().PORT).toBe(4001);
  });
});
