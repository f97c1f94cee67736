import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MemberPicker } from "~/components/archive/MemberPicker";
import {
  applyPageSelection,
  countLabel,
  directoryUrl,
  excludedKeys,
  memberKey,
  pageNumberOf,
  pickedOf,
  safePagingUrl,
  type PickedMember,
} from "~/components/archive/picker-state";

const ann = pickedOf("user", { id: 7, displayName: "Ann", organization: "Acme", description: "" });
const bob = pickedOf("user", {
  id: 8,
  displayName: "Bob",
  organization: "",
  description: "Editor",
});
const team = pickedOf("group", { id: 20, displayName: "Team", description: "The team" });

describe("the add-member dialog's rules", () => {
  it("asks the directory with the search and the leave-out options", () => {
    expect(directoryUrl("user", "", {})).toBe("/fotoweb/api/users/public/all");
    expect(directoryUrl("group", "  a&b ", { disableGuest: true })).toBe(
      "/fotoweb/api/groups/public/all?q=a%26b&disableGuest=true",
    );
    expect(directoryUrl("user", "x", { disableRegisteredUsers: true })).toBe(
      "/fotoweb/api/users/public/all?q=x&disableRegisteredUsers=true",
    );
  });

  it("turns directory rows into MemberList entries", () => {
    expect(ann).toEqual({ Id: 7, MemberType: "user", Name: "Ann", Description: "Acme" });
    expect(bob.Description).toBe("Editor");
    expect(team).toEqual({ Id: 20, MemberType: "group", Name: "Team", Description: "The team" });
  });

  it("keeps the choice of other pages and tabs while one page's grid changes", () => {
    const before = new Map<string, PickedMember>([[memberKey("group", 20), team]]);
    const after = applyPageSelection(
      before,
      [ann, bob],
      new Set([memberKey("user", 7)]),
      new Set(),
    );
    expect([...after.keys()]).toEqual(["group:20", "user:7"]);
    const unticked = applyPageSelection(after, [ann, bob], new Set(), new Set());
    expect([...unticked.keys()]).toEqual(["group:20"]);
  });

  it("never chooses a member already in the access list, even with select all", () => {
    const excluded = excludedKeys([{ type: "user", id: 8 }]);
    const all = applyPageSelection(new Map(), [ann, bob], "all", excluded);
    expect([...all.keys()]).toEqual(["user:7"]);
    // A user and a group with the same id are different members.
    expect(excludedKeys([{ type: "group", id: 7 }]).has(memberKey("user", 7))).toBe(false);
  });

  it("follows only the directory's own paging addresses", () => {
    expect(safePagingUrl("/fotoweb/api/users/public/all?p=2")).toBe(
      "/fotoweb/api/users/public/all?p=2",
    );
    expect(safePagingUrl("https://evil.example/fotoweb/api/users/public/all")).toBeNull();
    expect(safePagingUrl("/fotoweb/api/users/")).toBeNull();
    expect(safePagingUrl(null)).toBeNull();
  });

  it("numbers pages from 1 and counts in words", () => {
    expect(pageNumberOf("/fotoweb/api/users/public/all")).toBe(1);
    expect(pageNumberOf("/fotoweb/api/users/public/all?q=a&p=3")).toBe(4);
    expect(pageNumberOf("/fotoweb/api/users/public/all?p=x")).toBe(1);
    expect(countLabel(1, "user")).toBe("1 user");
    expect(countLabel(0, "group")).toBe("0 groups");
  });

  it("renders nothing before hydration (the access list's form works without it)", () => {
    expect(renderToStaticMarkup(<MemberPicker onAdd={() => {}} />)).toBe("");
  });
});
