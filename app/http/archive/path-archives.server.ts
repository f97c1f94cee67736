import { json } from "@remix-run/node";
import { z } from "zod";
import { getJob } from "~/jobs/queue.server";
import { findArchive } from "~/models/archive/archive.server";
import { indexSearchSchema, type IndexSearchAnswer } from "~/models/archive/pools.schema";
import { indexServers, parentFolder, pools, searchIndex } from "~/models/archive/pools.server";
import { isPathArchive } from "~/models/archive/archive-path.server";
import { lastScan, queueArchiveScan, type ScanReport } from "~/models/archive/path-scan.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import { ARCHIVE_NOT_IN_LIST } from "~/models/archive/archive-order.server";
import { LINKS } from "~/utils/links";
import { apiJson } from "../http.server";
import { keyedResolverFor } from "../locale/locale.server";
import { formReply, readSubmission } from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { requireArchiveManager } from "~/http/config-api.server";

/*
 * Path archives over HTTP (decision 042): the pools and index-browser calls of spec 001 section
 * 7, the scan on demand (a page with one button, and the API's 202), and the no-JS index browser
 * page. Every address answers as if it did not exist to anyone without manageArchives.
 */

const CONFIG_TYPE = "application/json";
const NO_STORE = { "Cache-Control": "no-store" };

export const scanPagePath = (archiveId: number | string) =>
  `${LINKS.adminArchives}/${archiveId}/scan`;

export async function poolsApi(request: Request) {
  return apiJson(await pools(await requireArchiveManager(request)), CONFIG_TYPE);
}

export async function indexServersApi(request: Request) {
  return apiJson(await indexServers(await requireArchiveManager(request)), CONFIG_TYPE);
}

export async function indexSearchApi(request: Request) {
  const viewer = await requireArchiveManager(request);
  const submission = await readSubmission(request, indexSearchSchema);
  if (!submission.ok) return formReply(request, submission);
  const answer = await searchIndex(viewer, submission.data);
  // English for programs; the archive dialog's index browser hears the person's language (107).
  const read = await keyedResolverFor(request);
  return apiJson({ ...answer, ConnectionError: read(answer.ConnectionError) }, CONFIG_TYPE, {
    headers: NO_STORE,
  });
}

const idSchema = z.string().regex(/^\d{1,9}$/);

/** The path archive an address names; anything else is an unknown address. */
async function requirePathArchive(id: string | undefined) {
  const archive = idSchema.safeParse(id).success ? await findArchive(Number(id)) : null;
  if (!archive) throw new Problem("not-found", ARCHIVE_NOT_IN_LIST);
  return archive;
}

const nothingToScan = (request: Request) =>
  formReply(request, {
    status: 409,
    formError: keyed("settings.scan.nothingToScan"),
  });

/** POST …/archives/{id}/scan: 202 with the scan's background task. */
export async function scanApi(request: Request, id: string | undefined) {
  const viewer = await requireArchiveManager(request);
  const archive = await requirePathArchive(id);
  const queued = await queueArchiveScan(archive.id, { ownerId: viewer.id });
  if (!queued) return nothingToScan(request);
  const href = `${LINKS.backgroundTasks}${queued.jobId}`;
  return apiJson({ href, archiveId: archive.id }, CONFIG_TYPE, {
    status: 202,
    headers: { Location: href, ...NO_STORE },
  });
}

export async function scanPageData(request: Request, id: string | undefined) {
  await requireArchiveManager(request);
  const archive = await requirePathArchive(id);
  const scan = await lastScan(archive.id);
  const job = scan.lastJobId === null ? null : await getJob(scan.lastJobId);
  const stored = (job?.result ?? null) as ScanReport | null;
  // The reasons are stored keyed: read in the viewer's language.
  const read = await keyedResolverFor(request);
  const report =
    stored && "added" in stored
      ? { ...stored, failed: stored.failed.map((f) => ({ ...f, reason: read(f.reason) })) }
      : null;
  return json(
    {
      archive: { id: archive.id, name: archive.name, folder: archive.config.Path },
      indexes: isPathArchive(archive),
      running: scan.running !== null,
      finishedAt: scan.finishedAt,
      report,
      refused: job?.status === "failed" && job.error ? read(job.error) : null,
    },
    { headers: NO_STORE },
  );
}

export async function scanPageAction(request: Request, id: string | undefined) {
  const viewer = await requireArchiveManager(request);
  const archive = await requirePathArchive(id);
  const queued = await queueArchiveScan(archive.id, { ownerId: viewer.id });
  if (!queued) return nothingToScan(request);
  return redirectWithToast(request, scanPagePath(archive.id), {
    message: keyed("settings.scan.queued", { name: archive.name }),
  });
}

export async function indexBrowserPageData(request: Request) {
  const viewer = await requireArchiveManager(request);
  const read = await keyedResolverFor(request);
  const query = new URL(request.url).searchParams.get("path") ?? "";
  const search = indexSearchSchema.safeParse({ Query: query });
  const answer: Pick<
    IndexSearchAnswer,
    "ConnectionFailed" | "ConnectionError" | "ServerUri" | "Pools"
  > = search.success
    ? await searchIndex(viewer, search.data)
    : {
        ConnectionFailed: true,
        ConnectionError: search.error.issues[0]!.message,
        ServerUri: "",
        Pools: [],
      };
  const folder = answer.ConnectionFailed ? "" : answer.ServerUri;
  return json(
    {
      query: query.slice(0, 1000),
      folder,
      parent: folder ? parentFolder(folder) : null,
      error: answer.ConnectionFailed ? read(answer.ConnectionError) : null,
      folders: answer.Pools,
    },
    { headers: NO_STORE },
  );
}
