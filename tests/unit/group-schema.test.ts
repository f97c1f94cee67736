import { describe, expect, test } from "vitest";
import { translate } from "~/models/locale/catalog.server";
import {
  applyPermissionRules,
  groupFormToInput,
  groupInputSchema,
  groupPermissionsSchema,
  mergePermissions,
  PERMISSION_SECTIONS,
  CAPABILITIES,
} from "~/models/group/group.schema";

/* The group editor's schema and the permission rules the editor and the server share. */

const none = groupPermissionsSchema.parse({});
const withFlags = (flags: object) => groupPermissionsSchema.parse(flags);

describe("the permission rules", () => {
  test("manageFlows on turns viewFlows on", () => {
    const after = applyPermissionRules(none, withFlags({ manageFlows: true }));
    expect(after).toMatchObject({ manageFlows: true, viewFlows: true });
  });

  test("viewFlows off turns manageFlows off", () => {
    const before = withFlags({ manageFlows: true, viewFlows: true });
    const after = applyPermissionRules(before, withFlags({ manageFlows: true, viewFlows: false }));
    expect(after).toMatchObject({ manageFlows: false, viewFlows: false });
  });

  test("when both move at once, the one turned on wins", () => {
    const before = withFlags({ viewFlows: true });
    const after = applyPermissionRules(before, withFlags({ manageFlows: true, viewFlows: false }));
    expect(after).toMatchObject({ manageFlows: true, viewFlows: true });
  });

  test("delegating downloads needs sharing with users, groups or guests", () => {
    for (const share of ["shareWithUsers", "shareWithGroups", "shareWithGuests"]) {
      const kept = applyPermissionRules(
        none,
        withFlags({ albums: { [share]: true, delegateDownloads: true } }),
      );
      expect(kept.albums.delegateDownloads, share).toBe(true);
    }
    const dropped = applyPermissionRules(none, withFlags({ albums: { delegateDownloads: true } }));
    expect(dropped.albums.delegateDownloads).toBe(false);
  });

  test("restricting to friends needs sharing with users or groups, not guests alone", () => {
    const guests = applyPermissionRules(
      none,
      withFlags({ albums: { shareWithGuests: true, restrictToFriends: true } }),
    );
    expect(guests.albums.restrictToFriends).toBe(false);
    const users = applyPermissionRules(
      none,
      withFlags({ albums: { shareWithUsers: true, restrictToFriends: true } }),
    );
    expect(users.albums.restrictToFriends).toBe(true);
  });

  test("a change merges only the flags it names", () => {
    const stored = withFlags({ api: true, albums: { create: true } });
    const merged = mergePermissions(stored, { albums: { comment: true }, api: undefined });
    expect(merged).toMatchObject({ api: true, albums: { create: true, comment: true } });
  });

  test("the editor shows every capability once, in the spec's sections", () => {
    const shown = PERMISSION_SECTIONS.flatMap((s) => s.flags.map((f) => f.capability));
    expect(new Set(shown).size).toBe(shown.length);
    expect([...shown].sort()).toEqual([...CAPABILITIES].sort());
    expect(PERMISSION_SECTIONS.map((s) => translate("en", s.title))).toEqual([
      "Album permissions",
      "Share album with",
      "Ingestion",
      "Integration",
      "Flow",
      "Admin permissions",
    ]);
  });
});

describe("the editor's form as the API's input", () => {
  test("trims, reads ticked flags and drops empty property rows", () => {
    const input = groupInputSchema.parse(
      groupFormToInput({
        name: "  Desk ",
        description: " Night ",
        licenseLevel: "Pro",
        licenseMode: "Concurrent",
        permissions: ["albums.create", "api"],
        propertyKey: ["team", "", "floor"],
        propertyValue: ["north", "lost", " "],
      }),
    );
    expect(input).toMatchObject({
      name: "Desk",
      description: "Night",
      license: { level: "Pro", mode: "Concurrent" },
      properties: [{ key: "team", value: "north" }],
    });
    expect(input.permissions).toMatchObject({
      api: true,
      albums: { create: true, comment: false },
    });
    expect(input.permissions?.manageUsers).toBe(false);
  });

  test("a blank name, an unknown flag or license is refused", () => {
    expect(groupInputSchema.safeParse({ name: "   " }).success).toBe(false);
    expect(groupInputSchema.safeParse({ permissions: { rootAccess: true } }).success).toBe(false);
    expect(groupInputSchema.safeParse({ license: { level: "Gold" } }).success).toBe(false);
    expect(groupInputSchema.safeParse({ name: "A", revision: "x" }).success).toBe(false);
  });
});
