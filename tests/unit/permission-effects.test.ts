import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ARCHIVE_PERMISSION_EFFECTS,
  CAPABILITY_EFFECTS,
  ARRIVALS,
} from "~/models/access/permission-effects";
import { ARCHIVE_PERMISSIONS } from "~/models/archive/archive.schema";
import { CAPABILITIES } from "~/models/group/group.schema";
import { translate } from "~/models/locale/catalog.server";
import type { MessageId } from "~/models/locale/message-id";

/*
 * The editors say which permissions act (decision 085). This checks the table against the code
 * that decides. A permission marked as acting must be named somewhere a rule reads it. A
 * permission marked as arriving later, or as unused, must be named nowhere but in the files
 * that only list, label, store or report permissions. Making one act therefore means updating
 * the table, so the editors stop saying it does not.
 */

const APP = path.resolve(__dirname, "../../app");
/** Files that name every permission without deciding anything by them. */
const LISTS = new Set(
  [
    "models/archive/archive.schema.ts",
    "models/group/group.schema.ts",
    "models/access/permission-effects.ts",
    // Reports the flags to clients (hasAuditPermission …), as the reference's descriptor does.
    "models/descriptor/descriptor.server.ts",
    // The demo archive's members are given permissions; granting is not deciding.
    "models/demo/demo-archive.server.ts",
  ].map((f) => path.join(APP, f)),
);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !LISTS.has(full) ? [full] : [];
  });
}

/*
 * access.server.ts lists every action that changes content, so that guests are refused them
 * whatever their groups grant. Being on that list refuses something and grants nothing.
 */
const code = sources(APP)
  .map((file) => fs.readFileSync(file, "utf8"))
  .map((text) => text.replace(/const CHANGES[\s\S]*?\]\);/, ""))
  .join("\n");

/*
 * Mentions that decide nothing, counted so that one more mention, a real use, fails the check:
 * a metadata field group has the same name, and the descriptor reports the album flag to clients.
 */
const NOT_DECIDING: Record<string, number> = { Workflow: 1, "albums.comment": 1 };

const mentions = (permission: string) => code.split(`"${permission}"`).length - 1;
const named = (permission: string) => mentions(permission) > (NOT_DECIDING[permission] ?? 0);

describe("which permissions act", () => {
  it("covers every archive permission and group flag", () => {
    expect(Object.keys(ARCHIVE_PERMISSION_EFFECTS).sort()).toEqual([...ARCHIVE_PERMISSIONS].sort());
    expect(Object.keys(CAPABILITY_EFFECTS).sort()).toEqual([...CAPABILITIES].sort());
  });

  const all = [
    ...Object.entries(ARCHIVE_PERMISSION_EFFECTS),
    ...Object.entries(CAPABILITY_EFFECTS),
  ];
  it.each(all.filter(([, effect]) => effect === "acts"))("%s is read by a rule", (permission) => {
    expect(named(permission), `"${permission}" is named by no rule in app/`).toBe(true);
  });
  it.each(all.filter(([, effect]) => effect !== "acts"))(
    "%s is read by no rule yet",
    (permission) => {
      expect(named(permission), `"${permission}" is read in app/: mark it as acting`).toBe(false);
    },
  );

  it("gives every permission that arrives later a sentence saying when, in both editors", () => {
    for (const [permission, effect] of all) {
      if (typeof effect !== "object") continue;
      expect(ARRIVALS, permission).toContain(effect.arrival);
      for (const id of [
        `settings.permission.arrival.${effect.arrival}`,
        `people.perm.arrival.${effect.arrival}`,
      ] as MessageId[])
        expect(translate("en", id), `${permission}: ${id}`).toMatch(/^Takes effect when .+\.$/);
    }
  });
});
