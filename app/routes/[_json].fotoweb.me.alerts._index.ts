import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { alertListResponse, createAlertResponse } from "~/http/alert/alert.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/*
 * The descriptor's alerts link as JSON (spec 001 §7, decision 062): GET the signed-in person's
 * alerts, POST {collection, interval, dtSearchString} to create one (201 with Location).
 */

export const loader = apiHandler(({ request }: LoaderFunctionArgs) => alertListResponse(request));

export const allowedMethods = ["GET", "HEAD", "POST"];

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return createAlertResponse(args.request);
});
