import type { LoaderFunctionArgs } from "@remix-run/node";
import { destinationCollections } from "~/models/collection/collection-list.server";
import { accountDecision } from "~/models/access/access.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";
import { LINKS } from "~/utils/links";
import { onePage } from "~/utils/paging";

/*
 * GET /fotoweb/me/copy-to/ (the descriptor's copy_to): the collections the viewer may copy
 * assets to, for an own account, which alone runs background tasks (decision 111).
 */
async function copyTargets({ request }: LoaderFunctionArgs) {
  const decision = accountDecision(await requireViewer(request), "BackgroundTasks");
  if (!decision.allowed) throw decision.problem;
  const data = await destinationCollections(decision.value, "CopyTo");
  return apiJson(
    { data, paging: onePage(LINKS.copyTo) },
    "application/vnd.fotoware.collectionlist+json",
  );
}

export function loader(args: LoaderFunctionArgs) {
  return apiHandler(copyTargets)(args);
}

export const action = methodNotAllowed;
