import { metadataEdit } from "./operations/metadata-edit.server";
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
};
