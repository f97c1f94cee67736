import { db } from "~/db/connection.server";
import { findArchive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { createTask } from "~/models/background-task/task-engine.server";
import { findUserById } from "~/models/user/user.server";
import { FIELD } from "~/models/metadata/metadata-fields";
import { selectionUser, WAITING_KEYWORD } from "../../tests/e2e/selection";

/*
 * Seed data of the selection spec (tests/e2e/selection.ts holds the names), after the ingest
 * seed: for each project's member a task that waits until the year 2999, so the header's
 * running-work indicator shows without racing a worker. Its archive and photographs are made
 * with the others' before the ingest (scripts/e2e-seed.ts).
 */
export async function seedSelection(
  users: Map<string, number>,
  archives: Map<string, number>,
): Promise<void> {
  for (const [project, archiveId] of archives) {
    const userId = users.get(selectionUser(project));
    if (userId === undefined) throw new Error(`selection seed: no user ${selectionUser(project)}`);
    const archive = await findArchive(archiveId);
    const asset = await db()
      .selectFrom("assets")
      .select(["id", "file_name"])
      .where("archive_id", "=", archiveId)
      .orderBy("id")
      .executeTakeFirst();
    if (!archive || !asset) throw new Error(`selection seed: archive ${archiveId} has no asset`);
    const { jobId } = await createTask(
      await findUserById(userId),
      "metadata-edit",
      [
        {
          href: assetHref(archive.id, archive.name, { id: asset.id, fileName: asset.file_name }),
          assetId: asset.id,
        },
      ],
      { changes: [{ field: FIELD.keywords, action: "add", value: [WAITING_KEYWORD] }] },
    );
    await db()
      .updateTable("jobs")
      .set({ run_after: "2999-01-01T00:00:00.000Z" })
      .where("id", "=", jobId)
      .execute();
  }
}
