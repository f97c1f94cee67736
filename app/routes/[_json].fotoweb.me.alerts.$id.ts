import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  alertIdOf,
  alertResponse,
  deleteAlertResponse,
  updateAlertResponse,
} from "~/http/alert/alert.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/*
 * One alert as JSON (spec 001 §7, decision 062): GET it, PUT (or POST) {collection, interval,
 * dtSearchString} to change it, DELETE it. Anyone else's answers as a missing one.
 */

export const loader = apiHandler(({ request, params }: LoaderFunctionArgs) =>
  alertResponse(request, alertIdOf(params.id)),
);

export const allowedMethods = ["GET", "HEAD", "POST", "PUT", "DELETE"];

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const id = alertIdOf(args.params.id);
  switch (args.request.method) {
    case "POST":
    case "PUT":
      return updateAlertResponse(args.request, id);
    case "DELETE":
      return deleteAlertResponse(args.request, id);
    default:
      return methodNotAllowed(args);
  }
});
