import { copyOperation, moveOperation } from "./operations/copy-move.server";
import { deleteOperation } from "./operations/delete.server";
import { duplicateOperation } from "./operations/duplicate.server";
import { metadataEdit } from "./operations/metadata-edit.server";
import { renameOperation } from "./operations/rename.server";
import { rotateOperation } from "./operations/rotate.server";
import type { TaskOperation, TaskOperationName } from "./task.schema";

/*
 * Every background task operation and what does one item of it (decision 044). The engine looks
 * an operation up here; an operation missing from the list is refused as an unknown request.
 * "undo" is the engine's own: it calls the undone task's operation's undo for each item. Each
 * operation parses its own parameters, so the list holds them as unknown.
 */
export const taskOperations: Partial<
  Record<Exclude<TaskOperationName, "undo">, TaskOperation<never>>
> = {
  "metadata-edit": metadataEdit,
  rename: renameOperation as TaskOperation<never>,
  duplicate: duplicateOperation as TaskOperation<never>,
  copy: copyOperation as TaskOperation<never>,
  move: moveOperation as TaskOperation<never>,
  delete: deleteOperation as TaskOperation<never>,
  rotate: rotateOperation as TaskOperation<never>,
};
