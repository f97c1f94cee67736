import type { LoaderFunctionArgs } from "@remix-run/node";
import { destinationCollections } from "~/models/collection/collection-list.server";
import { accountDecision } from "~/models/access/access.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";
import { LINKS } from "~/utils/links";
import { onePage } from "~/utils/paging";

/*
 * GET /fotoweb/me/move-to/ (the descriptor's move_to): the collections the viewer may move
 * assets to, for an own account, which alone runs background tasks (decision 111).
 */
async function moveTargets({ request }: LoaderFunctionArgs) {
  const decision = accountDecision(await requireViewer(request), "BackgroundTasks");
  if (!decision.allowed) throw decision.problem;
  const data = await destinationCollections(decision.value, "MoveTo");
  return apiJson(
    { data, paging: onePage(LINKS.moveTo) },
    "application/vnd.fotoware.collectionlist+json",
  );
}

export function loader(args: LoaderFunctionArgs) {
  return apiHandler(moveTargets)(args);
}

export const action = methodNotAllowed;
