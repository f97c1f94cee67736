import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  changePasswordSchema,
  interfaceStyleSchema,
  loginSchema,
} from "~/models/auth/auth.schema";
import { inEnglish } from "../helpers/keyed";

/** Field path → messages, for a failed parse. */
function issues(result: z.SafeParseReturnType<unknown, unknown>): Record<string, string[]> {
  if (result.success) throw new Error("expected the parse to fail");
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    (out[key] ??= []).push(inEnglish(issue.message));
  }
  return out;
}

describe("loginSchema", () => {
  it("defaults to a guest log-on with empty fields", () => {
    expect(loginSchema.parse({})).toEqual({ mode: "guest", username: "", password: "" });
  });

  it("lets a guest log on without credentials", () => {
    expect(loginSchema.safeParse({ mode: "guest" }).success).toBe(true);
  });

  it("requires both user name and password for a user", () => {
    expect(issues(loginSchema.safeParse({ mode: "user" }))).toEqual({
      username: ["Enter your user name"],
      password: ["Enter your password"],
    });
  });

  it("requires the password when only the user name is given", () => {
    expect(issues(loginSchema.safeParse({ mode: "user", username: "bob" }))).toEqual({
      password: ["Enter your password"],
    });
  });

  it("trims the user name, and a blank one counts as missing", () => {
    expect(loginSchema.parse({ mode: "user", username: "  bob \t", password: "pw" }).username).toBe(
      "bob",
    );
    expect(
      issues(loginSchema.safeParse({ mode: "user", username: "   ", password: "pw" })),
    ).toEqual({ username: ["Enter your user name"] });
  });

  it("does not trim the password", () => {
    expect(loginSchema.parse({ mode: "user", username: "bob", password: " p w " }).password).toBe(
      " p w ",
    );
  });

  it("refuses an unknown mode", () => {
    expect(issues(loginSchema.safeParse({ mode: "admin" }))).toEqual({
      mode: ["Choose guest or user"],
    });
  });

  it("limits the user name length after trimming", () => {
    const ok = "u".repeat(USERNAME_MAX);
    expect(
      loginSchema.safeParse({ mode: "user", username: ` ${ok} `, password: "p" }).success,
    ).toBe(true);
    expect(
      issues(loginSchema.safeParse({ mode: "user", username: ok + "u", password: "p" })).username,
    ).toEqual([`At most ${USERNAME_MAX} characters`]);
  });

  it("limits the password length", () => {
    const ok = "p".repeat(PASSWORD_MAX);
    expect(loginSchema.safeParse({ mode: "user", username: "u", password: ok }).success).toBe(true);
    expect(
      issues(loginSchema.safeParse({ mode: "user", username: "u", password: ok + "p" })).password,
    ).toEqual([`At most ${PASSWORD_MAX} characters`]);
  });

  it("limits the return address", () => {
    expect(loginSchema.parse({ to: "/fotoweb/" }).to).toBe("/fotoweb/");
    expect(issues(loginSchema.safeParse({ to: "/" + "a".repeat(2048) }))).toEqual({
      to: ["The return address is too long"],
    });
  });

  it("refuses non-string fields", () => {
    expect(loginSchema.safeParse({ mode: "user", username: 1, password: ["x"] }).success).toBe(
      false,
    );
  });
});

describe("changePasswordSchema", () => {
  const valid = {
    currentPassword: "old password",
    newPassword: "new password",
    confirmPassword: "new password",
  };

  it("accepts a valid change", () => {
    expect(changePasswordSchema.parse(valid)).toEqual(valid);
  });

  it("requires the current password", () => {
    expect(issues(changePasswordSchema.safeParse({ ...valid, currentPassword: "" }))).toEqual({
      currentPassword: ["Enter your current password"],
    });
  });

  it("requires at least PASSWORD_MIN characters", () => {
    const short = "x".repeat(PASSWORD_MIN - 1);
    expect(
      issues(
        changePasswordSchema.safeParse({ ...valid, newPassword: short, confirmPassword: short }),
      ).newPassword,
    ).toEqual([`Use at least ${PASSWORD_MIN} characters`]);
    const exact = "x".repeat(PASSWORD_MIN);
    expect(
      changePasswordSchema.safeParse({ ...valid, newPassword: exact, confirmPassword: exact })
        .success,
    ).toBe(true);
  });

  it("refuses more than PASSWORD_MAX characters", () => {
    const long = "x".repeat(PASSWORD_MAX + 1);
    expect(
      issues(changePasswordSchema.safeParse({ ...valid, newPassword: long, confirmPassword: long }))
        .newPassword,
    ).toEqual([`Use at most ${PASSWORD_MAX} characters`]);
  });

  it("refuses a password of only spaces", () => {
    const spaces = " ".repeat(12);
    expect(
      issues(
        changePasswordSchema.safeParse({ ...valid, newPassword: spaces, confirmPassword: spaces }),
      ).newPassword,
    ).toEqual(["The password cannot be only spaces"]);
  });

  it("allows spaces inside a password", () => {
    const withSpaces = "  pass word  ";
    expect(
      changePasswordSchema.parse({ ...valid, newPassword: withSpaces, confirmPassword: withSpaces })
        .newPassword,
    ).toBe(withSpaces);
  });

  it("reports a mismatched confirmation on the confirmation field", () => {
    expect(
      issues(changePasswordSchema.safeParse({ ...valid, confirmPassword: "new passwore" })),
    ).toEqual({ confirmPassword: ["The passwords do not match"] });
  });

  it("refuses the current password as the new one", () => {
    expect(
      issues(
        changePasswordSchema.safeParse({
          currentPassword: "same password",
          newPassword: "same password",
          confirmPassword: "same password",
        }),
      ),
    ).toEqual({ newPassword: ["Choose a password other than the current one"] });
  });

  it("compares passwords exactly, without trimming", () => {
    expect(
      changePasswordSchema.safeParse({
        currentPassword: "password1",
        newPassword: "password1 ",
        confirmPassword: "password1 ",
      }).success,
    ).toBe(true);
  });

  it("refuses missing fields", () => {
    expect(Object.keys(issues(changePasswordSchema.safeParse({}))).sort()).toEqual([
      "confirmPassword",
      "currentPassword",
      "newPassword",
    ]);
  });
});

describe("interfaceStyleSchema", () => {
  it.each(["light", "dark", "auto"] as const)("accepts %s", (style) => {
    expect(interfaceStyleSchema.parse({ style })).toEqual({ style });
  });

  it("refuses other values, including other cases", () => {
    for (const style of ["Dark", "night", "", 1, null]) {
      expect(issues(interfaceStyleSchema.safeParse({ style }))).toEqual({
        style: ["Choose light, dark or auto."],
      });
    }
  });

  it("requires a style", () => {
    expect(interfaceStyleSchema.safeParse({ to: "/fotoweb/" }).success).toBe(false);
  });

  it("keeps an optional return address of at most 2048 characters", () => {
    expect(interfaceStyleSchema.parse({ style: "dark", to: "/fotoweb/me/" }).to).toBe(
      "/fotoweb/me/",
    );
    expect(
      interfaceStyleSchema.safeParse({ style: "dark", to: "/" + "a".repeat(2048) }).success,
    ).toBe(false);
  });
});
