import { db, now } from "~/db/connection.server";
import { containsText } from "~/db/like";
import { EVERYONE_GROUP_ID } from "~/db/schema";
import { requireArchiveAdministration } from "~/models/access/access.server";
import { fieldsById, findView } from "~/models/metadata/metadata.server";
import { namedExists } from "~/models/processing/config-lists.server";
import { parseSearchExpression } from "~/models/search/search-expression";
import { TILE_ICONS } from "~/models/collection/collection.view";
import type { Viewer } from "~/models/user/user.schema";
import { env } from "~/utils/env.server";
import { allowedRoots, checkArchivePath } from "./archive-path.server";
import { queueArchiveScan } from "./path-scan.server";
import {
  ARCHIVE_PALETTE,
  archiveConfigSchema,
  archiveInputSchema,
  EMPTY_ID,
  EVERYONE_MEMBER,
  INVALID_SEARCH_EXPRESSION,
  schemaErrors,
  type ArchiveConfig,
  type ArchiveFieldError,
  type ArchiveInput,
  type ArchiveMemberInput,
  type ArchivePermission,
} from "./archive.schema";
import {
  archiveHref,
  archiveMembers,
  findArchive,
  listArchives,
  type Archive,
} from "./archive.server";
import { keyed } from "~/models/locale/keyed";

/*
 * Creating and changing an archive from its dialog or /fotoweb/api/config/archives (decision
 * 038): every rule checked at once, each refusal with its spec code and field path; members and
 * configuration replaced together in one transaction; a save based on an older revision refused
 * with what changed since.
 */

/** The POOL an archive without a path keeps its files in: Arkiv's blob store. */
export const DEFAULT_POOL = "default";

export interface ArchiveMemberRecord {
  Id: number;
  MemberType: "user" | "group";
  Name: string;
  Description: string;
  AutoSearch: string;
  Permissions: ArchivePermission[];
}

/** An archive as the dialog loads it and the API answers it (PascalCase, as the API's). */
export type ArchiveRecord = ArchiveConfig & {
  Id: number;
  Name: string;
  Description: string;
  IsHidden: boolean;
  SortId: number;
  Revision: number;
  Href: string;
  MemberList: ArchiveMemberRecord[];
};

async function revisionOf(id: number): Promise<number> {
  const row = await db()
    .selectFrom("archives")
    .select("revision")
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.revision ?? 0;
}

/** Names and descriptions of the users and groups the members name; unknown ones are absent. */
async function memberNames(members: { Id: number; MemberType: "user" | "group" }[]) {
  const userIds = members.filter((m) => m.MemberType === "user").map((m) => m.Id);
  const groupIds = members.filter((m) => m.MemberType === "group").map((m) => m.Id);
  const [users, groups] = await Promise.all([
    userIds.length
      ? db()
          .selectFrom("users")
          .select(["id", "username", "full_name", "description"])
          .where("id", "in", userIds)
          .execute()
      : [],
    groupIds.length
      ? db()
          .selectFrom("groups")
          .select(["id", "name", "description"])
          .where("id", "in", groupIds)
          .execute()
      : [],
  ]);
  const names = new Map<string, { Name: string; Description: string }>();
  for (const u of users)
    names.set(`user:${u.id}`, { Name: u.full_name || u.username, Description: u.description });
  for (const g of groups) names.set(`group:${g.id}`, { Name: g.name, Description: g.description });
  return names;
}

async function toRecord(archive: Archive): Promise<ArchiveRecord> {
  const [members, revision] = await Promise.all([
    archiveMembers(archive.id),
    revisionOf(archive.id),
  ]);
  const names = await memberNames(members.map((m) => ({ Id: m.id, MemberType: m.type })));
  return {
    Id: archive.id,
    Name: archive.name,
    Description: archive.description,
    IsHidden: archive.isHidden,
    SortId: archive.sortId,
    Revision: revision,
    Href: archive.href,
    ...archive.config,
    MemberList: members.map((m) => ({
      Id: m.id,
      MemberType: m.type,
      Name: names.get(`${m.type}:${m.id}`)?.Name ?? String(m.id),
      Description: names.get(`${m.type}:${m.id}`)?.Description ?? "",
      AutoSearch: m.autoSearch,
      Permissions: m.permissions,
    })),
  };
}

/** One archive's record for a manager; null when there is none with this id. */
export async function archiveRecord(
  viewer: Viewer | null,
  id: number,
): Promise<ArchiveRecord | null> {
  await requireArchiveAdministration(viewer);
  const archive = await findArchive(id);
  return archive ? toRecord(archive) : null;
}

/** Every archive, hidden ones included, for a manager. */
export async function archiveRecords(viewer: Viewer | null): Promise<ArchiveRecord[]> {
  await requireArchiveAdministration(viewer);
  return Promise.all((await listArchives()).map(toRecord));
}

/** What the dialog needs to know about the site before it shows its choices. */
export async function archiveDialogOptions(viewer: Viewer | null) {
  await requireArchiveAdministration(viewer);
  return {
    allowFileSystemDestinations: allowedRoots().length > 0,
    // Arkiv has no consent forms yet: consent management and its filter stay hidden (decision 038).
    enableConsentForms: false,
    maxArchives: env().MAX_ARCHIVES,
    archiveCount: (await listArchives()).length,
    icons: [...TILE_ICONS],
    palette: [...ARCHIVE_PALETTE],
    pools: [{ Id: DEFAULT_POOL, Name: "Arkiv's own storage" }],
  };
}

/* ------------------------------------------------------------------ saving */

export type SaveArchiveResult =
  | { ok: true; archive: ArchiveRecord; created: boolean; pathChanged: boolean }
  | {
      ok: false;
      status: 400 | 409;
      errors: ArchiveFieldError[];
      heading?: string;
      message: string;
    };

const refused = (errors: ArchiveFieldError[]): SaveArchiveResult => ({
  ok: false,
  status: 400,
  errors,
  heading: errors.some((e) => e.code === "search_expression_invalid")
    ? INVALID_SEARCH_EXPRESSION
    : undefined,
  message: errors[0]?.message ?? keyed("validation.form.invalid"),
});

const isEveryone = (m: { Id: number; MemberType: string }) =>
  m.MemberType === "group" && m.Id === EVERYONE_GROUP_ID;

/** The members without repeats (the first entry of each wins), Everyone last. */
export function orderedMembers(members: ArchiveMemberInput[]): ArchiveMemberInput[] {
  const seen = new Set<string>();
  const unique = members.filter((m) => {
    const key = `${m.MemberType}:${m.Id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...unique.filter((m) => !isEveryone(m)), ...unique.filter(isEveryone)];
}

function expressionError(path: string, text: string): ArchiveFieldError | null {
  if (text.trim() === "") return null;
  const parsed = parseSearchExpression(text);
  if (parsed.ok) return null;
  return {
    path,
    code: "search_expression_invalid",
    // The search's own (keyed) reason goes in as the label, the one value resolved in turn.
    message: keyed("settings.validation.searchFilter", { label: parsed.message }),
  };
}

/**
 * A record refused only for its name still gets every other rule checked, so the form shows all
 * its messages at once (spec 001 section 5).
 */
async function withRuleErrors(
  errors: ArchiveFieldError[],
  raw: unknown,
  current: ArchiveRecord | null,
): Promise<ArchiveFieldError[]> {
  if (!errors.every((e) => e.path === "Name") || !raw || typeof raw !== "object") return errors;
  const named = archiveInputSchema.safeParse({ ...raw, Name: current?.Name ?? "unnamed" });
  if (!named.success) return errors;
  const rules = await ruleErrors(named.data, current ?? null);
  return [...errors, ...rules.errors.filter((e) => e.code !== "name_exists")];
}

/** Every rule that needs the database, checked together; the input is the schema's output. */
async function ruleErrors(
  input: ArchiveInput,
  current: ArchiveRecord | null,
): Promise<{ errors: ArchiveFieldError[]; path: string; pool: string | null }> {
  const errors: ArchiveFieldError[] = [];
  const add = (e: ArchiveFieldError | null) => (e ? errors.push(e) : undefined);
  if (!current && (await listArchives()).length >= env().MAX_ARCHIVES)
    add({
      path: "",
      code: "too_many_archives",
      message: keyed("settings.validation.tooManyArchives", { max: env().MAX_ARCHIVES }),
    });
  const nameKey = input.Name.toLowerCase();
  if (!current || current.Name.toLowerCase() !== nameKey) {
    const taken = await db()
      .selectFrom("archives")
      .select("id")
      .where("name_key", "=", nameKey)
      .executeTakeFirst();
    if (taken && taken.id !== current?.Id)
      add({
        path: "Name",
        code: "name_exists",
        message: keyed("settings.validation.nameExists", { name: input.Name }),
      });
  }
  if (!(await findView(input.MetadataSetId)))
    add({
      path: "MetadataSetId",
      code: "metadata_invalid",
      message: keyed("settings.validation.metadataView"),
    });
  let path = "";
  let pool: string | null = null;
  if (input.Path.trim() !== "") {
    const check = await checkArchivePath(input.Path);
    if (check.ok) path = check.path;
    else add({ path: "Path", code: "path_invalid", message: check.message });
  } else if ((input.Pool ?? DEFAULT_POOL) === DEFAULT_POOL) {
    pool = DEFAULT_POOL;
  } else {
    add({
      path: "Pool",
      code: "path_invalid",
      message: keyed("settings.validation.pool"),
    });
  }
  const download = input.DownloadProcessing;
  if (
    download.ProcessingType === 1 &&
    (download.SpecificProcessingProfile === EMPTY_ID ||
      !(await namedExists("processing_profiles", download.SpecificProcessingProfile)))
  )
    add({
      path: "DownloadProcessing.SpecificProcessingProfile",
      code: "processing_profile_invalid",
      message: keyed("settings.validation.processingProfile"),
    });
  if (
    download.ProcessingType === 2 &&
    (download.CustomProcessingProfileSet === EMPTY_ID ||
      !(await namedExists("processing_profile_sets", download.CustomProcessingProfileSet)))
  )
    add({
      path: "DownloadProcessing.CustomProcessingProfileSet",
      code: "processing_profile_set_invalid",
      message: keyed("settings.validation.processingProfileSet"),
    });
  add(expressionError("AutoSearch", input.AutoSearch));
  const fields = await fieldsById();
  input.MetadataMacros.Macros.forEach((macro, i) => {
    if (!fields.has(macro.Field))
      add({
        path: `MetadataMacros.Macros[${i}].Field`,
        code: "macro_invalid",
        message: keyed("settings.validation.macroField"),
      });
  });
  const members = input.MemberList ?? [];
  const names = await memberNames(members);
  members.forEach((member, i) => {
    if (!names.has(`${member.MemberType}:${member.Id}`))
      add({
        path: `MemberList[${i}].Id`,
        code: "member_invalid",
        message: keyed("settings.validation.noMember", { type: member.MemberType, id: member.Id }),
      });
    add(expressionError(`MemberList[${i}].AutoSearch`, member.AutoSearch));
  });
  return { errors, path, pool };
}

const LABELS: Record<string, string> = {
  Name: "name",
  Description: "description",
  IsHidden: "enabled",
  MemberList: "access list",
  Properties: "custom properties",
};

/** The fields of `current` that differ from what the form was based on, in words. */
export function changedSince(base: unknown, current: ArchiveRecord): string[] {
  if (!base || typeof base !== "object") return [];
  const before = base as Record<string, unknown>;
  const comparable = (value: unknown) =>
    JSON.stringify(value, (key, v: unknown) =>
      // Names of members are looked up, not saved: compare what a save changes.
      key === "Name" || key === "Description" ? (typeof v === "string" ? v : undefined) : v,
    );
  const skip = new Set(["Revision", "Href", "Id", "SortId"]);
  return Object.keys(current)
    .filter((key) => !skip.has(key) && key in before)
    .filter((key) => comparable(before[key]) !== comparable(current[key as keyof ArchiveRecord]))
    .map((key) => {
      const value = current[key as keyof ArchiveRecord];
      const label = LABELS[key] ?? key;
      return typeof value === "string" || typeof value === "number" || typeof value === "boolean"
        ? `${label} is now ${JSON.stringify(key === "IsHidden" ? !value : value)}`
        : `${label} changed`;
    });
}

function staleMessage(current: ArchiveRecord, base: unknown): string {
  const changes = changedSince(base, current);
  return changes.length > 0
    ? keyed("settings.validation.staleChanged", { changes: changes.join("; ") })
    : keyed("settings.validation.stale", { revision: current.Revision });
}

/**
 * Creates (id null) or updates an archive from the dialog or the API. `raw` is the input before
 * its schema; `base` the record the form was loaded with, to say what changed in a conflict.
 * pathChanged tells the caller a folder index needs a scan (decision 042).
 */
export async function saveArchive(
  viewer: Viewer | null,
  id: number | null,
  raw: unknown,
  base?: unknown,
): Promise<SaveArchiveResult | null> {
  await requireArchiveAdministration(viewer);
  const current = id === null ? null : await archiveRecord(viewer, id);
  if (id !== null && !current) return null;
  const parsed = archiveInputSchema.safeParse(raw);
  const input = parsed.success ? parsed.data : null;
  if (current && input?.Revision !== undefined && input.Revision < current.Revision)
    return { ok: false, status: 409, errors: [], message: staleMessage(current, base) };
  if (!input) return refused(await withRuleErrors(schemaErrors(parsed.error!), raw, current));
  const rules = await ruleErrors(input, current);
  if (rules.errors.length > 0) return refused(rules.errors);
  const { Name, Description, IsHidden, MemberList, Revision, ...rest } = input;
  const config: ArchiveConfig = { ...rest, Path: rules.path, Pool: rules.pool };
  const members = orderedMembers(MemberList ?? (current ? current.MemberList : [EVERYONE_MEMBER]));
  const at = now();
  const saved = await db()
    .transaction()
    .execute(async (trx) => {
      const values = {
        name: Name,
        name_key: Name.toLowerCase(),
        description: Description,
        is_hidden: IsHidden ? 1 : 0,
        config: JSON.stringify(config),
        updated_at: at,
      };
      let archiveId: number;
      if (current) {
        const result = await trx
          .updateTable("archives")
          .set({ ...values, revision: current.Revision + 1 })
          .where("id", "=", current.Id)
          // A save between our read and this write raised it: that save wins, this one is stale.
          .where("revision", "=", Revision ?? current.Revision)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return null;
        archiveId = current.Id;
        await trx.deleteFrom("archive_members").where("archive_id", "=", archiveId).execute();
      } else {
        const row = await trx
          .insertInto("archives")
          .values({ ...values, created_at: at })
          .returning("id")
          .executeTakeFirstOrThrow();
        archiveId = row.id;
      }
      if (members.length > 0)
        await trx
          .insertInto("archive_members")
          .values(
            members.map((m, position) => ({
              archive_id: archiveId,
              member_type: m.MemberType,
              member_id: m.Id,
              permissions: JSON.stringify(m.Permissions),
              auto_search: m.AutoSearch,
              position,
            })),
          )
          .execute();
      return archiveId;
    })
    .catch((error: unknown) => {
      // Two creates of one name at once: the unique name_key refuses the second.
      if (/unique|duplicate/i.test(String(error))) return "taken" as const;
      throw error;
    });
  if (saved === "taken")
    return refused([
      {
        path: "Name",
        code: "name_exists",
        message: keyed("settings.validation.nameExists", { name: Name }),
      },
    ]);
  if (saved === null) {
    const latest = (await archiveRecord(viewer, current!.Id))!;
    return { ok: false, status: 409, errors: [], message: staleMessage(latest, base) };
  }
  const archive = await freshRecord(saved);
  const pathChanged = (current?.Path ?? "") !== archive.Path;
  // A folder newly indexed is scanned at once rather than at the next scheduled round.
  if (pathChanged) await queueArchiveScan(archive.Id, { ownerId: viewer?.id ?? null });
  return {
    ok: true,
    archive,
    created: current === null,
    pathChanged,
  };
}

/** The record as stored now (the request's cached reads are from before the save). */
async function freshRecord(id: number): Promise<ArchiveRecord> {
  const row = await db()
    .selectFrom("archives")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return toRecord({
    id: row.id,
    name: row.name,
    description: row.description,
    isHidden: row.is_hidden === 1,
    sortId: row.sort_id,
    config: archiveConfigSchema.parse(JSON.parse(row.config)),
    href: archiveHref(row.id, row.name),
    createdAt: row.created_at,
  });
}

/* ------------------------------------------------- adding members without JavaScript */

export interface MemberCandidate {
  key: string;
  Id: number;
  MemberType: "user" | "group";
  Name: string;
  Description: string;
}

/** Users and groups whose name matches, for the dialog's "Find people" (no JavaScript). */
export async function memberCandidates(
  viewer: Viewer | null,
  q: string,
  limit = 20,
): Promise<MemberCandidate[]> {
  await requireArchiveAdministration(viewer);
  const text = q.trim().toLowerCase();
  if (text === "") return [];
  const [groups, users] = await Promise.all([
    db()
      .selectFrom("groups")
      .select(["id", "name", "description"])
      .where(containsText("name", text))
      .orderBy("name")
      .limit(limit)
      .execute(),
    db()
      .selectFrom("users")
      .select(["id", "username", "full_name", "description"])
      .where((eb) => eb.or([containsText("username", text), containsText("full_name", text)]))
      .orderBy("username")
      .limit(limit)
      .execute(),
  ]);
  return [
    ...groups.map((g) => ({
      key: `group:${g.id}`,
      Id: g.id,
      MemberType: "group" as const,
      Name: g.name,
      Description: g.description,
    })),
    ...users.map((u) => ({
      key: `user:${u.id}`,
      Id: u.id,
      MemberType: "user" as const,
      Name: u.full_name ? `${u.full_name} (${u.username})` : u.username,
      Description: u.description,
    })),
  ];
}

/**
 * The dialog's posted values with the chosen people ("user:12", "group:10001") added as members
 * with View and Preview and no filter; those already present are not added twice, Everyone last.
 */
export async function withAddedMembers(
  payload: Record<string, unknown>,
  chosen: string[],
): Promise<Record<string, unknown>> {
  const rows = (Array.isArray(payload.MemberList) ? payload.MemberList : []) as Record<
    string,
    unknown
  >[];
  const wanted = chosen
    .map((key) => /^(user|group):(\d{1,9})$/.exec(key))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ MemberType: m[1] as "user" | "group", Id: Number(m[2]) }));
  const names = await memberNames(wanted);
  const present = new Set(rows.map((r) => `${String(r.MemberType)}:${String(r.Id)}`));
  const added = wanted
    .filter((w) => names.has(`${w.MemberType}:${w.Id}`) && !present.has(`${w.MemberType}:${w.Id}`))
    .filter(
      (w, i, all) => all.findIndex((o) => o.MemberType === w.MemberType && o.Id === w.Id) === i,
    )
    .map((w) => ({
      Id: String(w.Id),
      MemberType: w.MemberType,
      Name: names.get(`${w.MemberType}:${w.Id}`)!.Name,
      Description: names.get(`${w.MemberType}:${w.Id}`)!.Description,
      AutoSearch: "",
      Permissions: ["View", "Preview"],
    }));
  const all = [...rows, ...added];
  const everyone = (r: Record<string, unknown>) =>
    r.MemberType === "group" && String(r.Id) === String(EVERYONE_GROUP_ID);
  return { ...payload, MemberList: [...all.filter((r) => !everyone(r)), ...all.filter(everyone)] };
}
