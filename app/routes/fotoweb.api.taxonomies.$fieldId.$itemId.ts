import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  createItemAnswer,
  deleteItemAnswer,
  itemAnswer,
  moveItemAnswer,
  updateItemAnswer,
} from "~/http/taxonomy/taxonomy-api.server";
import { apiError, apiHandler, methodNotAllowed } from "~/http/http.server";

/*
 * /fotoweb/api/taxonomies/{fieldId}/{itemId} (and /;p=): the item with its children and
 * ancestors (GET), its new state (PUT), a new child (POST), the item and its subtree gone
 * (DELETE), and a move (PATCH {parent, before}, or POST with X-HTTP-Method-Override: MOVE).
 */

export const allowedMethods = ["GET", "HEAD", "PUT", "POST", "DELETE", "PATCH"];

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) =>
  itemAnswer(request, params.fieldId, params.itemId),
);

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  const override = request.headers.get("x-http-method-override")?.trim().toUpperCase();
  if (request.method === "POST" && override !== undefined && override !== "MOVE")
    return apiError(request, 400, "A taxonomy item takes MOVE as its only method override.");
  const method = override === "MOVE" ? "PATCH" : request.method;
  switch (method) {
    case "PUT":
      return updateItemAnswer(request, params.fieldId, params.itemId);
    case "POST":
      return createItemAnswer(request, params.fieldId, params.itemId);
    case "DELETE":
      return deleteItemAnswer(request, params.fieldId, params.itemId);
    case "PATCH":
      return moveItemAnswer(request, params.fieldId, params.itemId);
    default:
      return methodNotAllowed(args);
  }
});
