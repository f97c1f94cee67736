import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  FULL_DESCRIPTOR_TYPE,
  PUBLIC_DESCRIPTOR_TYPE,
  fullDescriptor,
} from "~/models/descriptor/descriptor.server";
import { getSiteSettings } from "~/models/site/site.server";
import { apiError, apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { acceptsType } from "~/http/negotiate";
import { requireViewer } from "~/http/session.server";

/* GET /fotoweb/me/ as JSON: the full descriptor of the signed-in user (the guest included). */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const accepts = (type: string) => acceptsType(request, type);
  if (accepts(PUBLIC_DESCRIPTOR_TYPE) && !accepts(FULL_DESCRIPTOR_TYPE)) {
    return apiError(
      request,
      406,
      "The public API descriptor is served by the public entry point /fotoweb/.",
    );
  }
  const viewer = await requireViewer(request);
  const mediaType = accepts(FULL_DESCRIPTOR_TYPE) ? FULL_DESCRIPTOR_TYPE : "application/json";
  return apiJson(await fullDescriptor(await getSiteSettings(), viewer), mediaType);
});

export const action = methodNotAllowed;
