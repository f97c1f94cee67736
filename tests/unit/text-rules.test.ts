import { describe, expect, test } from "vitest";
import type { ZodTypeAny } from "zod";
import { renamedTo } from "~/models/background-task/operations/rename.server";
import { albumNameSchema } from "~/models/album/album.schema";
import { archiveNameSchema } from "~/models/archive/archive.schema";
import { groupInputSchema } from "~/models/group/group.schema";
import { fieldInputSchema } from "~/models/metadata/metadata.schema";
import { listNameSchema } from "~/models/processing/processing.schema";
import { signupFormSchema } from "~/models/signup/signup.schema";
import { smartFolderSchema } from "~/models/smart-folder/smart-folder.schema";
import { taxonomyCreateSchema, taxonomyItemSchema } from "~/models/taxonomy/taxonomy.schema";
import { fileNameProblem as uploadNameProblem } from "~/models/upload/upload.schema";
import { userBodySchema } from "~/models/user/user-admin.schema";
import {
  fileNameProblem,
  hasUnsafeLineCharacter,
  hasUnsafeTextCharacter,
  lineText,
} from "~/models/validation/text.schema";
import "~/models/validation/pattern.server";
import { inEnglish } from "../helpers/keyed";

/*
 * One vocabulary for names and one-line texts (issue 29, decision 070): every schema that takes
 * a name refuses the same hidden characters, and upload and rename agree on every file name.
 */

const HOSTILE: [string, string][] = [
  ["NUL", "Har\u0000bour"],
  ["escape", "Har\u001b[2Jbour"],
  ["DEL", "Har\u007fbour"],
  ["C1 CSI", "Har\u009bbour"],
  ["next line (C1)", "Har\u0085bour"],
  ["line separator", "Har\u2028bour"],
  ["right-to-left override", "Har\u202Ebour"],
  ["left-to-right embedding", "Har\u202Abour"],
  ["first strong isolate", "Har\u2068bour"],
  ["pop directional isolate", "Har\u2069bour"],
  ["line feed", "Har\nbour"],
  ["tab", "Har\tbour"],
];
const FINE = ["Harbour", "Hamnen – Å", "عربي", "日本語", "Zoë's \u200Fmark"];

/** Each schema with a name in the place it takes one, and the path its error names. */
const SCHEMAS: [string, ZodTypeAny, (name: string) => unknown, string][] = [
  [
    "user (given name)",
    userBodySchema("create"),
    (n) => user({ givenName: n }),
    "address.givenName",
  ],
  ["user (surname)", userBodySchema("create"), (n) => user({ surname: n }), "address.surname"],
  ["group", groupInputSchema, (n) => ({ name: n }), "name"],
  ["smart folder", smartFolderSchema, (n) => ({ name: n, expression: "*" }), "name"],
  ["album", albumNameSchema, (n) => n, ""],
  ["archive", archiveNameSchema, (n) => n, ""],
  ["taxonomy", taxonomyCreateSchema, (n) => ({ pluralName: n }), "pluralName"],
  ["taxonomy item", taxonomyItemSchema, (n) => ({ name: n, value: "v" }), "name"],
  ["metadata field label", fieldInputSchema, (n) => ({ GuiLabel: n }), "GuiLabel"],
  ["processing list entry", listNameSchema, (n) => n, ""],
  ["sign-up first name", signupFormSchema([]), (n) => signup(n), "firstName"],
];

function user(address: Record<string, string>) {
  return {
    username: "someone",
    address: { givenName: "Given", surname: "Surname", email: "someone@example.com", ...address },
  };
}

function signup(firstName: string) {
  return {
    firstName,
    lastName: "Last",
    email: "a@example.org",
    username: "someone",
    password: "password-long-1",
    confirmPassword: "password-long-1",
  };
}

describe("every name schema refuses the same hidden characters", () => {
  for (const [what, schema, wrap, path] of SCHEMAS) {
    test.each(HOSTILE)(`${what}: %s is refused by its field`, (_, name) => {
      const result = schema.safeParse(wrap(name));
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((i) => i.path.join("."))).toContain(path);
    });
    test(`${what}: ordinary names in any script pass`, () => {
      for (const name of FINE) expect(schema.safeParse(wrap(name)).error?.issues).toBeUndefined();
    });
  }
});

describe("the rules themselves", () => {
  test("one line refuses line breaks; multiline text keeps them but not the rest", () => {
    expect(hasUnsafeLineCharacter("a\nb")).toBe(true);
    expect(hasUnsafeTextCharacter("a\r\n\tb")).toBe(false);
    for (const [, name] of HOSTILE.filter(
      ([w]) => !["line feed", "tab", "line separator"].includes(w),
    ))
      expect(hasUnsafeTextCharacter(name), JSON.stringify(name)).toBe(true);
  });

  test("lineText trims, bounds and explains", () => {
    const schema = lineText({ max: 5, required: "Enter a title", label: "Title" });
    expect(schema.parse("  abc ")).toBe("abc");
    expect(schema.safeParse("").error?.issues[0]?.message).toBe("Enter a title");
    const message = (value: string) => inEnglish(schema.safeParse(value).error!.issues[0]!.message);
    expect(message("abcdef")).toBe("Title: use at most 5 characters");
    expect(message("a\u202Eb")).toMatch(/direction overrides/);
  });
});

describe("upload and rename agree on file names", () => {
  const NAMES = [
    "invoice\u202Efdp.jpg",
    "photo\u2066.jpg",
    "bell\u0007.jpg",
    "csi\u009b.jpg",
    "nul\u0000.jpg",
    "line\u2028sep.jpg",
    "colon:name.jpg",
    "star*.jpg",
    "back\\slash.jpg",
    "slash/name.jpg",
    "..",
    `${"å".repeat(126)}.jpg`,
    "Fjord.jpg",
    "Hamnen – Å.jpg",
    "report v2.1.jpg",
  ];
  test.each(NAMES)("%j", (name) => {
    const upload = uploadNameProblem(name);
    const rename = renamedTo("a.jpg", name);
    expect({ upload: upload === null, rename: "name" in rename }).toEqual({
      upload: fileNameProblem(name) === null,
      rename: fileNameProblem(name) === null,
    });
    if ("name" in rename) expect(rename.name).toBe(name);
  });
});
