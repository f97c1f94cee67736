import type { TaskOperationName } from "./task.schema";
import type { MessageId } from "~/models/locale/message-id";

/*
 * What the person reads about a task (spec 000 §8, the error catalogue): the failure sentence of
 * each operation,. Free of server code, so pages use it too.
 */

/** What each operation does, as the error catalogue's "while <doing>" says it. */
const DOING: Record<TaskOperationName, string> = {
  "metadata-edit": "updating",
  rename: "renaming",
  duplicate: "duplicating",
  copy: "copying",
  move: "moving",
  delete: "deleting",
  rotate: "rotating",
  undo: "undoing the changes to",
};

/** The catalogue's sentence for a task that failed as a whole (its job gave up). */
export function taskFailureMessage(operation: TaskOperationName): string {
  return (
    `An error occurred while ${DOING[operation]} one or more of the assets. ` +
    "The assets may have been removed from the source. " +
    "Notify the system administrator if the problem persists."
  );
}

/** Items still pending when their owner can no longer act (removed or disabled account). */
export const OWNER_GONE = "The person who started this task can no longer make changes.";

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
