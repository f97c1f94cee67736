import type { TaskOperationName } from "./task.schema";

/*
 * What the person reads about a task (spec 000 §8, the error catalogue): the failure sentence of
 * each operation, and the operation's name in words. Free of server code, so pages use it too.
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

/** The task's title on its page and in the list. */
export const TASK_TITLES: Record<TaskOperationName, string> = {
  "metadata-edit": "Metadata update",
  rename: "Rename",
  duplicate: "Duplicate",
  copy: "Copy",
  move: "Move",
  delete: "Delete",
  rotate: "Rotate",
  undo: "Undo",
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
