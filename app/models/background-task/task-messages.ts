import type { TaskOperationName } from "./task.schema";
import type { MessageId } from "~/models/locale/message-id";
import { keyed } from "~/models/locale/keyed";

/*
 * What the person reads about a task (spec 000 §8, the error catalogue): the failure sentence of
 * each operation. Free of server code, so pages use it too.
 */

/** Each operation as the failure sentence's select names it (message ids take no hyphen). */
const DOING: Record<TaskOperationName, string> = {
  "metadata-edit": "metadataEdit",
  rename: "rename",
  duplicate: "duplicate",
  copy: "copy",
  move: "move",
  delete: "delete",
  rotate: "rotate",
  undo: "undo",
};

/**
 * The catalogue's sentence for a task that failed as a whole (its job gave up), keyed (decision
 * 106): it is stored in the items it never reached, and read in the reader's language.
 */
export function taskFailureMessage(operation: TaskOperationName): string {
  return keyed("task.refusal.failed", { operation: DOING[operation] ?? "other" });
}

/** Items still pending when their owner can no longer act (removed or disabled account). */
export const OWNER_GONE = keyed("task.refusal.ownerGone");

/** The task's title on its page and in the list, by operation. */
export const TASK_TITLE_IDS = {
  "metadata-edit": "task.title.metadataEdit",
  rename: "task.title.rename",
  duplicate: "task.title.duplicate",
  copy: "task.title.copy",
  move: "task.title.move",
  delete: "task.title.delete",
  rotate: "task.title.rotate",
  undo: "task.title.undo",
} as const satisfies Record<TaskOperationName, MessageId>;
