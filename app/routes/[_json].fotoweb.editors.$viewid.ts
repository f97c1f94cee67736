import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { acceptsAnything, preferredType } from "~/http/negotiate";
import { requireViewer } from "~/http/session.server";
import { metadataSet } from "~/models/metadata/metadata.server";

/*
 * GET /fotoweb/editors/{viewid} as JSON: the metadata set (reference MetadataView), the target
 * of every collection's and asset's metadataEditor, for anyone who may browse (decision 032).
 */

const METADATA_SET_TYPE = "application/vnd.fotoware.metadata-set+json";
const REPRESENTATIONS = [METADATA_SET_TYPE, "application/json"];

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireViewer(request, { browsing: true });
  const type =
    preferredType(request, REPRESENTATIONS) ??
    (acceptsAnything(request) ? METADATA_SET_TYPE : null);
  if (!type)
    return apiError(
      request,
      406,
      `A metadata view is answered as ${REPRESENTATIONS.join(" or ")}: ask for one of them.`,
    );
  return apiJson(await metadataSet(viewer, params.viewid ?? ""), type);
});

export const action = methodNotAllowed;
