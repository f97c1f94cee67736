import { getJob } from "~/jobs/queue.server";
import type { IngestResult } from "~/models/ingest/ingest.server";
import { findArchive } from "~/models/archive/archive.server";
import { assetHref, findAsset } from "~/models/asset/asset.server";
import type { Viewer } from "~/models/user/user.schema";

/* Background tasks as the API shows them (reference UploadStatus): a job seen by its owner. */

export async function backgroundTaskStatus(viewer: Viewer, id: string) {
  if (!/^\d{1,12}$/.test(id)) return null;
  const job = await getJob(Number(id));
  if (!job || job.ownerId !== viewer.id) return null;
  const result: string[] = [];
  const outcome = job.result as IngestResult | null;
  if (job.status === "done" || job.status === "notified") {
    const asset = outcome ? await findAsset(outcome.assetId) : null;
    const archive = asset ? await findArchive(asset.archive_id) : null;
    if (asset && archive)
      result.push(assetHref(archive.id, archive.name, { id: asset.id, fileName: asset.file_name }));
  }
  const status = job.status === "notified" ? (job.error ? "failed" : "done") : job.status;
  return {
    job: {
      status,
      progress: job.progress,
      result,
      ...(job.error && status === "failed" ? { error: job.error } : {}),
    },
    task: {
      created: job.createdAt,
      modified: job.updatedAt,
      type: job.type === "ingest" ? "upload" : job.type,
    },
  };
}
