import type { LoaderFunctionArgs } from "@remix-run/node";
import { uploadTargetCollections } from "~/models/collection/collection-list.server";
import { accountDecision } from "~/models/access/access.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";
import { LINKS } from "~/utils/links";
import { onePage } from "~/utils/paging";

/* GET /fotoweb/me/upload-to/: the collections the viewer may upload to (collection list). */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const decision = accountDecision(await requireViewer(request), "UploadTargets");
  if (!decision.allowed) throw decision.problem;
  const data = await uploadTargetCollections(decision.value);
  return apiJson(
    { data, paging: onePage(LINKS.uploadTo) },
    "application/vnd.fotoware.collectionlist+json",
  );
});

export const action = methodNotAllowed;
