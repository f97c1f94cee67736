import { ARCHIVE_SCAN_JOB } from "~/models/archive/path-scan.server";
import { INGEST_JOB } from "~/models/asset/asset.server";
import { TASK_JOB } from "~/models/background-task/task.schema";
import { WRITEBACK_JOB } from "~/models/asset/revision-write.server";
import { MAIL_JOB } from "~/models/mail/mail.server";
import { alert, ALERT_JOB } from "./handlers/alert.server";
import { archiveScan } from "./handlers/archive-scan.server";
import { ingest } from "./handlers/ingest.server";
import { mail } from "./handlers/mail.server";
import { task } from "./handlers/task.server";
import { writeback } from "./handlers/writeback.server";
import type { JobHandler } from "./worker.server";

/** Every job type and its handler; a worker process runs the ones it is given. */
export const jobHandlers: Record<string, JobHandler> = {
  [INGEST_JOB]: ingest,
  [MAIL_JOB]: mail,
  [ARCHIVE_SCAN_JOB]: archiveScan,
  [TASK_JOB]: task,
  [WRITEBACK_JOB]: writeback,
  [ALERT_JOB]: alert,
};
