import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MemberPermissions, PERMISSION_LABELS } from "~/components/archive/MemberPermissions";
import { LocaleProvider } from "~/components/locale/locale-context";
import { messagesFor, translate } from "~/models/locale/catalog.server";
import {
  ARCHIVE_PERMISSIONS,
  archiveMemberSchema,
  lockedPermissions,
  permissionGroups,
  setPermissions,
  togglePermission,
  withoutDependents,
  withPrerequisites,
  type ArchivePermission,
} from "~/models/archive/archive.schema";

const everything = {
  available: ARCHIVE_PERMISSIONS,
  consentEnabled: true,
  versioningAvailable: true,
};

describe("the permission dependency rules (spec 001 section 4)", () => {
  it("ticking a dependent ticks its prerequisites", () => {
    expect(togglePermission(["View"], "HistoryRollback", true)).toEqual([
      "View",
      "HistoryView",
      "HistoryRollback",
    ]);
    expect(togglePermission([], "HistoryManage", true)).toEqual(["HistoryView", "HistoryManage"]);
    expect(togglePermission([], "ManageConsentStatus", true)).toEqual([
      "ViewConsentSummary",
      "ViewConsentDetails",
      "ManageConsentStatus",
    ]);
    expect(togglePermission([], "ViewConsentDetails", true)).toEqual([
      "ViewConsentSummary",
      "ViewConsentDetails",
    ]);
  });

  it("ticking a permission without prerequisites ticks only it", () => {
    expect(togglePermission(["View"], "Download", true)).toEqual(["View", "Download"]);
    expect(togglePermission(["View"], "View", true)).toEqual(["View"]);
  });

  it("unticking a prerequisite unticks its dependents, transitively", () => {
    const all: ArchivePermission[] = ["View", "HistoryView", "HistoryRollback", "HistoryManage"];
    expect(togglePermission(all, "HistoryView", false)).toEqual(["View"]);
    const consent: ArchivePermission[] = [
      "ViewConsentSummary",
      "ViewConsentDetails",
      "ManageConsentStatus",
    ];
    expect(togglePermission(consent, "ViewConsentSummary", false)).toEqual([]);
    expect(togglePermission(consent, "ViewConsentDetails", false)).toEqual(["ViewConsentSummary"]);
  });

  it("unticking a dependent leaves its prerequisites", () => {
    expect(togglePermission(["HistoryView", "HistoryRollback"], "HistoryRollback", false)).toEqual([
      "HistoryView",
    ]);
  });

  it("locks each prerequisite a ticked dependent holds, naming the dependents", () => {
    const locked = lockedPermissions([
      "HistoryView",
      "HistoryRollback",
      "HistoryManage",
      "ViewConsentSummary",
      "ViewConsentDetails",
    ]);
    expect(Object.fromEntries(locked)).toEqual({
      HistoryView: ["HistoryRollback", "HistoryManage"],
      ViewConsentSummary: ["ViewConsentDetails"],
    });
    expect(lockedPermissions(["HistoryView", "View"]).size).toBe(0);
  });

  it("select all ticks every shown permission and keeps the rest; unselect all clears the shown", () => {
    const shown = permissionGroups({ ...everything, consentEnabled: false }).flatMap(
      (g) => g.permissions,
    );
    const held: ArchivePermission[] = ["View", "ViewConsentSummary"];
    const all = setPermissions(held, shown, true);
    expect(all).toEqual(
      ARCHIVE_PERMISSIONS.filter((p) => shown.includes(p) || p === "ViewConsentSummary"),
    );
    expect(setPermissions(all, shown, false)).toEqual(["ViewConsentSummary"]);
  });

  it("unselecting a group's prerequisites drops dependents held outside it", () => {
    expect(setPermissions(["HistoryView", "HistoryRollback"], ["HistoryView"], false)).toEqual([]);
  });

  it("the server's member schema stores prerequisites with what a form posted", () => {
    const parse = (Permissions: string[]) =>
      archiveMemberSchema.parse({ Id: 7, MemberType: "user", Permissions }).Permissions;
    expect(parse(["HistoryRollback"])).toEqual(["HistoryView", "HistoryRollback"]);
    expect(parse(["HistoryManage"])).toEqual(["HistoryView", "HistoryManage"]);
    expect(parse(["ManageConsentStatus"])).toEqual([
      "ViewConsentSummary",
      "ViewConsentDetails",
      "ManageConsentStatus",
    ]);
    expect(parse(["ViewConsentDetails"])).toEqual(["ViewConsentSummary", "ViewConsentDetails"]);
    expect(parse(["Preview", "View", "View"])).toEqual(["View", "Preview"]);
    expect(
      archiveMemberSchema.safeParse({ Id: 7, MemberType: "user", Permissions: ["Fly"] }).success,
    ).toBe(false);
    expect(
      withPrerequisites(withoutDependents(["HistoryView", "HistoryManage"], "HistoryView")),
    ).toEqual([]);
  });
});

describe("the permission groups (spec 001 section 6)", () => {
  it("shows the main and special lists, Versioning and Consent when on and available", () => {
    const groups = permissionGroups(everything);
    expect(groups.map((g) => g.title)).toEqual(["Permissions", "Special", "Versioning", "Consent"]);
    expect(groups[1]!.permissions).toEqual([
      "EditFile",
      "OpenFile",
      "CropFile",
      "FwdtPlace",
      "UploadFile",
    ]);
    expect(groups.flatMap((g) => g.permissions).sort()).toEqual([...ARCHIVE_PERMISSIONS].sort());
  });

  it("hides Consent without consent management and Versioning without versioning", () => {
    const titles = (o: Partial<typeof everything>) =>
      permissionGroups({ ...everything, ...o }).map((g) => g.title);
    expect(titles({ consentEnabled: false })).toEqual(["Permissions", "Special", "Versioning"]);
    expect(titles({ versioningAvailable: false })).toEqual(["Permissions", "Special", "Consent"]);
  });

  it("hides a group unless all three of its permissions are available, and MngVideo unless available", () => {
    const without = (...left: ArchivePermission[]) =>
      ARCHIVE_PERMISSIONS.filter((p) => !left.includes(p));
    const groups = permissionGroups({
      ...everything,
      available: without("HistoryManage", "MngVideo"),
    });
    expect(groups.map((g) => g.title)).toEqual(["Permissions", "Special", "Consent"]);
    expect(groups[0]!.permissions).not.toContain("MngVideo");
    expect(groups[0]!.permissions).toContain("Download");
  });

  it("names every permission in words", () => {
    for (const language of ["en", "nb", "de"] as const) {
      const words = ARCHIVE_PERMISSIONS.map((p) => translate(language, PERMISSION_LABELS[p]));
      // Norwegian names View in two letters ("Se").
      for (const word of words) expect(word.length).toBeGreaterThan(1);
      expect(new Set(words).size).toBe(ARCHIVE_PERMISSIONS.length);
    }
  });
});

describe("MemberPermissions without JavaScript (server rendering)", () => {
  const render = (props: Partial<Parameters<typeof MemberPermissions>[0]> = {}) =>
    renderToStaticMarkup(
      <LocaleProvider
        value={{ messages: messagesFor("en"), language: "en", timeZone: "UTC", areas: new Set() }}
      >
        <MemberPermissions
          name="MemberList[2].Permissions"
          defaultValue={["View", "HistoryView", "HistoryRollback", "ViewConsentSummary"]}
          consentEnabled={false}
          versioningAvailable
          label="Permissions of Everyone"
          {...props}
        />
      </LocaleProvider>,
    );
  const inputs = (html: string) => [...html.matchAll(/<input[^>]*>/g)].map((m) => m[0]);

  it("renders plain named checkboxes, ticked as held, none disabled", () => {
    const html = render();
    const boxes = inputs(html).filter((i) => i.includes('type="checkbox"'));
    const shown = permissionGroups({ ...everything, consentEnabled: false }).flatMap(
      (g) => g.permissions,
    );
    expect(boxes).toHaveLength(shown.length);
    for (const box of boxes) {
      expect(box).toContain('name="MemberList[2].Permissions"');
      expect(box).not.toMatch(/\sdisabled/);
    }
    const checked = boxes
      .filter((b) => /\schecked/.test(b))
      .map((b) => /value="(\w+)"/.exec(b)![1]);
    expect(checked).toEqual(["View", "HistoryView", "HistoryRollback"]);
    expect(html).toContain("Permissions of Everyone");
    expect(html).toContain("Roll back to a revision");
    // Select all and unselect all need script: not rendered before hydration.
    expect(html).not.toContain("Select all");
  });

  it("posts what the member holds but no box shows as hidden inputs", () => {
    const hidden = inputs(render()).filter((i) => i.includes('type="hidden"'));
    expect(hidden).toEqual([
      '<input type="hidden" name="MemberList[2].Permissions" value="ViewConsentSummary"/>',
    ]);
  });

  it("shows apart the permissions Arkiv does not use, still posting them (decision 085)", () => {
    const html = render({ defaultValue: ["View", "Comping", "TrdParty2"] });
    const apart = html.slice(html.indexOf("Not used by Arkiv"));
    expect(html.indexOf("Not used by Arkiv")).toBeGreaterThan(html.indexOf('value="UploadFile"'));
    expect(apart).toContain("grants nothing in Arkiv");
    for (const p of ["Comping", "Workflow", "TrdParty1", "EditFile", "FwdtPlace"])
      expect(apart, p).toContain(`value="${p}"`);
    const ticked = inputs(apart)
      .filter((b) => /\schecked/.test(b))
      .map((b) => /value="(\w+)"/.exec(b)![1]);
    expect(ticked).toEqual(["Comping", "TrdParty2"]);
    expect(apart).not.toContain('value="View"');
  });

  it("says under each permission a later capability uses when it takes effect", () => {
    const html = render();
    const order = /<input[^>]*value="Order"[^>]*>/.exec(html)![0];
    const descriptions = (box: string) =>
      (/aria-describedby="([^"]+)"/.exec(box)?.[1] ?? "")
        .split(" ")
        .map((id) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]);
    expect(descriptions(order)).toContain("Takes effect when orders arrive.");
    const rename = /<input[^>]*value="Rename"[^>]*>/.exec(html)![0];
    expect(descriptions(rename).join(" ")).not.toContain("Takes effect");
  });

  it("shows the errors beside the editor", () => {
    const html = render({ errors: ["Choose at least one permission."] });
    expect(html).toContain('role="alert"');
    expect(html).toContain("Choose at least one permission.");
  });
});
