import type { LoaderFunctionArgs } from "@remix-run/node";
import { peopleAnswer } from "~/http/album/album-shares-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";

/*
 * The people search of album sharing (reference PeopleList; decision 055): the users and groups
 * the viewer may share with whose name matches q. q is required.
 */

export function loader(args: LoaderFunctionArgs) {
  return apiHandler(async ({ request }: LoaderFunctionArgs) =>
    peopleAnswer(request, await requireViewer(request, { allowGuest: false })),
  )(args);
}

export const action = methodNotAllowed;
