import { db } from "~/db/connection.server";
import type { AssetRow } from "~/db/schema";
import { keyed } from "~/models/locale/keyed";
import { ASSET_NOT_FOUND, assetsDecision, type Decision } from "~/models/access/access.server";
import type { Archive } from "~/models/archive/archive.server";
import { ArchiveFieldRules, writeFieldEdits } from "~/models/asset/asset-edit.server";
import { existingAssetColumns, untrashedAssetColumns } from "~/models/asset/asset-rows.server";
import { writeRevision } from "~/models/asset/revision-write.server";
import { changedFields, checkFieldEdits } from "~/models/metadata/field-values";
import { FIELD, type FieldValues } from "~/models/metadata/metadata-fields";
import { singleton } from "~/utils/singleton.server";
import { taxonomyEditErrors } from "~/models/taxonomy/taxonomy-fields.server";
import type {
  BuiltinValueChange,
  FieldEdit,
  ItemContext,
  ItemOutcome,
  MetadataEditParams,
  TaskOperation,
  UndoItem,
} from "../task.schema";
import { readObject } from "~/db/json-column";

/*
 * The metadata-edit task (issue 17, decisions 044 and 045): the same changes on every asset of a
 * selection, each checked against its own archive's view and the viewer's rights as the item
 * runs. Per task run the rules of each archive's view are read once, and the rights of the next
 * chunk of items are decided in one batch, so a 10 000-asset task costs one write transaction per
 * asset and a few reads per chunk.
 */

/** Items whose rights one batch decides. */
const DECISION_CHUNK = 250;
/** A batch's decisions are trusted this long; an item after it asks again. */
const DECISION_TTL_MS = 30_000;
/** Task runs whose caches are kept (a worker runs a few at once at most). */
const RUNS_KEPT = 8;

type AssetDecision = Decision<{ asset: AssetRow; archive: Archive }>;

interface RunCache {
  rules: ArchiveFieldRules;
  decisions: Map<number, { decision: AssetDecision; at: number }>;
}

// Kept with the process's other state (app/utils/singleton.server.ts): a job's id names a run only
// within one database, and the tests reset that state with each database they open.
const runCaches = () => singleton("metadataEditRuns", () => new Map<number, RunCache>());

function runCache(jobId: number): RunCache {
  const runs = runCaches();
  let cache = runs.get(jobId);
  if (!cache) {
    cache = { rules: new ArchiveFieldRules(), decisions: new Map() };
    runs.set(jobId, cache);
    if (runs.size > RUNS_KEPT) runs.delete(runs.keys().next().value!);
  }
  return cache;
}

/** Forgets what a run cached (tests, and an engine that knows a run ended). */
export function forgetMetadataEditRun(jobId: number) {
  runCaches().delete(jobId);
}

/** The viewer's EditText decision on the item's asset, decided with the next chunk's. */
async function decisionFor(ctx: ItemContext<unknown>, cache: RunCache): Promise<AssetDecision> {
  const assetId = ctx.assetId!;
  const cached = cache.decisions.get(assetId);
  if (cached && Date.now() - cached.at < DECISION_TTL_MS) {
    cache.decisions.delete(assetId);
    return cached.decision;
  }
  const next = await db()
    .selectFrom("task_items")
    .select("asset_id")
    .where("job_id", "=", ctx.jobId)
    .where("seq", ">", ctx.seq)
    .where("status", "=", "pending")
    .orderBy("seq")
    .limit(DECISION_CHUNK - 1)
    .execute();
  const ids = [assetId, ...next.flatMap((r) => (r.asset_id === null ? [] : [r.asset_id]))];
  const decisions = await assetsDecision(ctx.viewer, ids, "EditText");
  const at = Date.now();
  cache.decisions.clear();
  for (const [id, decision] of decisions)
    if (id !== assetId) cache.decisions.set(id, { decision, at });
  return decisions.get(assetId)!;
}

const failed = (ctx: ItemContext<unknown>, error: string): ItemOutcome => ({
  status: "failed",
  result: { href: ctx.href, done: false, error },
});

/** The builtin roles an edit changed, as the reference's changed-builtinFields name them. */
const BUILTIN_NAMES: ReadonlyMap<number, string> = new Map([
  [FIELD.title, "title"],
  [FIELD.description, "description"],
  [FIELD.keywords, "tags"],
]);

function builtinChanges(changed: { field: number; value: string }[]): BuiltinValueChange[] {
  return changed.flatMap((c) => {
    const name = BUILTIN_NAMES.get(c.field);
    return name ? [{ field: name, value: c.value }] : [];
  });
}

/** Parses the task's parameters as the engine hands them on (never trusted). */
export function metadataEditParams(params: unknown): MetadataEditParams {
  const changes = (params as { changes?: unknown } | null)?.changes;
  return { changes: Array.isArray(changes) ? (changes as FieldEdit[]) : [] };
}

export const metadataEdit: TaskOperation<MetadataEditParams> = {
  permission: "EditText",

  async apply(ctx) {
    if (ctx.assetId === null) return failed(ctx, ASSET_NOT_FOUND);
    const cache = runCache(ctx.jobId);
    const decision = await decisionFor(ctx, cache);
    if (!decision.allowed)
      return failed(
        ctx,
        decision.problem.kind === "not-found"
          ? ASSET_NOT_FOUND
          : keyed("task.refusal.atAsset", { href: ctx.href, label: decision.problem.message }),
      );
    const fields = await cache.rules.forArchive(decision.value.archive);
    const checked = checkFieldEdits(fields, metadataEditParams(ctx.params).changes);
    const refused =
      checked.changes.length > 0 ? await taxonomyEditErrors(fields, checked.changes) : {};
    const firstError = Object.entries(checked.errors)[0] ?? Object.entries(refused)[0];
    if (firstError) return failed(ctx, fieldError(fields, firstError));
    const assetId = ctx.assetId;
    return ctx.commit(async (trx) => {
      const written = await writeFieldEdits(trx, assetId, fields, checked.changes, {
        userId: ctx.viewer.id,
        jobId: ctx.jobId,
      });
      if (!written.ok) {
        const error = Object.entries(written.errors)[0]!;
        return failed(ctx, written.gone ? ASSET_NOT_FOUND : fieldError(fields, error));
      }
      return {
        status: "done",
        result: {
          href: ctx.href,
          done: true,
          "changed-fields": written.changed,
          "changed-builtinFields": builtinChanges(written.changed),
        },
        beforeRevision: written.before,
        afterRevision: written.after,
      };
    });
  },

  /*
   * Returns the asset to its revision from before the task, as a new rollback revision (so the
   * undo can itself be undone), but only when nobody changed it since: an edit made after the
   * task is never thrown away unseen. An item that changed nothing has nothing to undo.
   */
  async undo(ctx, item: UndoItem) {
    if (ctx.assetId === null) return failed(ctx, ASSET_NOT_FOUND);
    const cache = runCache(ctx.jobId);
    const decision = await decisionFor(ctx, cache);
    if (!decision.allowed)
      return failed(
        ctx,
        decision.problem.kind === "not-found"
          ? ASSET_NOT_FOUND
          : keyed("task.refusal.atAsset", { href: ctx.href, label: decision.problem.message }),
      );
    const { beforeRevision, afterRevision } = item;
    const assetId = ctx.assetId;
    if (beforeRevision === null || afterRevision === null || beforeRevision === afterRevision)
      return ctx.commit(async () => ({
        status: "skipped",
        result: { href: ctx.href, done: true, "changed-fields": [] },
        beforeRevision,
        afterRevision,
      }));
    return ctx.commit(async (trx) => {
      const row = await untrashedAssetColumns(assetId, ["current_revision", "metadata"], trx);
      if (!row) return failed(ctx, ASSET_NOT_FOUND);
      if (row.current_revision !== afterRevision)
        return failed(ctx, keyed("task.item.changedSinceTask"));
      const written = await writeRevision(trx, assetId, {
        kind: "rollback",
        userId: ctx.viewer.id,
        jobId: ctx.jobId,
        fromNumber: beforeRevision,
      });
      const source = await existingAssetColumns(assetId, ["metadata"], trx);
      const changed = changedFields(
        readObject<FieldValues>(row.metadata),
        readObject<FieldValues>(source.metadata),
      );
      return {
        status: "done",
        result: {
          href: ctx.href,
          done: true,
          "changed-fields": changed,
          "changed-builtinFields": builtinChanges(changed),
        },
        beforeRevision: written.previous,
        afterRevision: written.number,
      };
    });
  },
};

function fieldError(
  fields: ReadonlyMap<number, { label: string }>,
  [key, message]: [string, string],
): string {
  const label = fields.get(Number(key))?.label;
  // One keyed sentence, stored in the task's result and read in its reader's language.
  return label ? keyed("task.refusal.field", { label, reason: message }) : message;
}
