import { describe, expect, it } from "vitest";
import {
  checkUserData,
  emailSchema,
  fieldRowsFromValues,
  groupIdOf,
  newFieldId,
  signupFormSchema,
  signupSettingsFormSchema,
  signupSettingsFromForm,
  type SignupField,
} from "~/models/signup/signup.schema";
import { formatSignupDate } from "~/utils/format";
// The server's engine for people's patterns, as the server loads it (decision 069).
import "~/models/validation/pattern.server";
import { inEnglish } from "../helpers/keyed";

/** checkUserData's answer with its messages as an English reader sees them (decision 104). */
const readable = (result: ReturnType<typeof checkUserData>) =>
  result.ok
    ? result
    : {
        ok: false,
        errors: Object.fromEntries(
          Object.entries(result.errors).map(([id, message]) => [id, inEnglish(message)]),
        ),
      };

/* Sign-up fields, their values and the editor's rows (decision 036; spec 002 section 5). */

const FIELDS: SignupField[] = [
  {
    id: "dept",
    label: "Department",
    type: "text",
    values: [],
    validation: { regex: "^[A-Z]{2,4}$", helpText: "Capitals only" },
    required: true,
  },
  {
    id: "role",
    label: "Role",
    type: "dropdown",
    values: ["Editor", "Photographer"],
    validation: { regex: "", helpText: "" },
    required: false,
  },
  {
    id: "terms",
    label: "Terms",
    type: "checkbox",
    values: [],
    validation: { regex: "", helpText: "" },
    required: true,
  },
];

describe("checkUserData", () => {
  it("accepts values that fit, trims text and fills what was not given", () => {
    expect(
      checkUserData(FIELDS, [
        { id: "dept", value: " NEWS " },
        { id: "terms", value: true },
      ]),
    ).toEqual({
      ok: true,
      userData: [
        { id: "dept", value: "NEWS" },
        { id: "role", value: "" },
        { id: "terms", value: true },
      ],
    });
  });

  it("gives every error at once, the pattern's help text when it fails", () => {
    const result = checkUserData(FIELDS, [
      { id: "dept", value: "news" },
      { id: "role", value: "Boss" },
      { id: "terms", value: false },
      { id: "nope", value: "x" },
    ]);
    expect(readable(result)).toEqual({
      ok: false,
      errors: {
        dept: "Capitals only",
        role: "Choose one of the options for Role.",
        terms: "Tick Terms.",
        nope: "There is no such field.",
      },
    });
  });

  it("refuses wrong types and over-long text without throwing", () => {
    const result = checkUserData(FIELDS, [
      { id: "dept", value: 42 },
      { id: "terms", value: "yes" },
    ]);
    expect(result.ok).toBe(false);
    const long = checkUserData(FIELDS, [
      { id: "dept", value: "A".repeat(501) },
      { id: "terms", value: true },
    ]);
    expect(readable(long)).toEqual({
      ok: false,
      errors: { dept: "Department: at most 500 characters." },
    });
  });

  it("requires a non-empty value for a required text field", () => {
    expect(readable(checkUserData(FIELDS, [{ id: "terms", value: true }]))).toEqual({
      ok: false,
      errors: { dept: "Department is a required field." },
    });
  });
});

describe("the public form's schema", () => {
  it("reads the extra fields by their flat names and reports them with the rest", () => {
    const schema = signupFormSchema(FIELDS);
    const bad = schema.safeParse({ extra_dept: "x" });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(
      expect.arrayContaining(["firstName", "email", "password", "extra_dept", "extra_terms"]),
    );
    const good = schema.parse({
      firstName: "A",
      lastName: "B",
      email: "a@example.org",
      username: "ab",
      password: "long-enough",
      confirmPassword: "long-enough",
      extra_dept: "PIX",
      extra_role: "Editor",
      extra_terms: "on",
    });
    expect(good.userData).toEqual([
      { id: "dept", value: "PIX" },
      { id: "role", value: "Editor" },
      { id: "terms", value: true },
    ]);
    expect(good).not.toHaveProperty("confirmPassword");
  });

  it("takes standard and bracketed-IP addresses only", () => {
    for (const ok of ["a@example.org", "first.last+tag@sub.example.co", "x@[10.0.0.1]"])
      expect(emailSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ["", "a", "a@b", "a@@example.org", "a b@example.org", "<a>@example.org"])
      expect(emailSchema.safeParse(bad).success, bad).toBe(false);
  });
});

describe("the editor's rows", () => {
  it("gathers flat rows in index order and leaves other values alone", () => {
    expect(
      fieldRowsFromValues({
        enabled: "on",
        "fields[1].label": "B",
        "fields[0].label": "A",
        "fields[0].type": "text",
        "fields[x].label": "ignored",
      }),
    ).toEqual({
      enabled: "on",
      "fields[x].label": "ignored",
      fields: [{ label: "A", type: "text" }, { label: "B" }],
    });
  });

  it("keeps ids, makes new ones from labels, drops removed and blank rows", () => {
    const form = signupSettingsFormSchema.parse(
      fieldRowsFromValues({
        enabled: "on",
        "fields[0].id": "dept",
        "fields[0].label": "Department",
        "fields[0].type": "text",
        "fields[0].regex": "^[A-Z]+$",
        "fields[1].id": "gone",
        "fields[1].label": "Gone",
        "fields[1].type": "text",
        "fields[1].remove": "on",
        "fields[2].label": "Department",
        "fields[2].type": "dropdown",
        "fields[2].values": "One\n\nTwo\nOne",
        "fields[2].regex": "ignored for a dropdown",
        "fields[3].label": "",
        "fields[3].type": "text",
      }),
    );
    const settings = signupSettingsFromForm(form);
    expect(settings.enabled).toBe(true);
    expect(settings.adminCanAssignGroups).toBe(false);
    expect(settings.fields.map((f) => f.id)).toEqual(["dept", "department"]);
    expect(settings.fields[1]).toMatchObject({
      type: "dropdown",
      values: ["One", "Two"],
      validation: { regex: "", helpText: "" },
    });
  });

  it("makes unique ids from any label", () => {
    expect(newFieldId("Déjà vu!", new Set())).toBe("deja-vu");
    expect(newFieldId("Role", new Set(["role", "role-2"]))).toBe("role-3");
    expect(newFieldId("!!!", new Set())).toBe("field");
  });
});

describe("groupIdOf and the date format", () => {
  it("reads a group href or id, and nothing else", () => {
    expect(groupIdOf("/fotoweb/api/groups/10002")).toBe(10002);
    expect(groupIdOf("10003")).toBe(10003);
    expect(groupIdOf(10004)).toBe(10004);
    expect(groupIdOf("/fotoweb/api/users/5")).toBeNull();
    expect(groupIdOf(1.5)).toBeNull();
  });

  it("writes 'DD MMM, HH:mm (YYYY)' in the reader's language and zone, naming the zone", () => {
    expect(formatSignupDate("en", "UTC", "2026-03-07T09:05:00.000Z")).toBe(
      "07 Mar, 09:05 UTC (2026)",
    );
    expect(formatSignupDate("en", "Europe/Oslo", "2026-12-31T23:30:00.000Z")).toBe(
      "01 Jan, 00:30 CET (2027)",
    );
    expect(formatSignupDate("nb", "Europe/Oslo", "2026-03-07T09:05:00.000Z")).toMatch(
      /^07\. mars?\.?, 10:05 CET \(2026\)$/,
    );
    expect(formatSignupDate("en", "UTC", "not a date")).toBe("");
  });
});
