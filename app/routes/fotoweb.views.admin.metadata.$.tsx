import "~/components/shell/shell-bundle";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireMetadataAdministration } from "~/http/metadata/metadata-page.server";
import { pageHandler } from "~/http/http.server";
import { ARCHIVE_AREA_NOT_FOUND } from "~/models/access/access.server";
import { Problem } from "~/models/problem/problem";

/*
 * Any other address under the metadata administration: not found, after the area's own gate, so
 * nobody signed in is asked to sign in there as at every page of the area (decision 041).
 */

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(async ({ request }: LoaderFunctionArgs) => {
    await requireMetadataAdministration(request);
    throw new Problem("not-found", ARCHIVE_AREA_NOT_FOUND);
  })(args);
}

export const action = loader;

export default function NoMetadataPage() {
  return null;
}
