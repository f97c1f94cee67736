import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  FULL_DESCRIPTOR_TYPE,
  PUBLIC_DESCRIPTOR_TYPE,
  fullDescriptor,
} from "~/models/descriptor/descriptor.server";
import { getSiteSettings } from "~/models/site/site.server";
import { acceptedTypes, apiError, apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { requireApiViewer } from "~/http/session.server";

/* GET /fotoweb/me/ as JSON: the full descriptor of the signed-in user (the guest included). */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const types = acceptedTypes(request);
  if (types.includes(PUBLIC_DESCRIPTOR_TYPE) && !types.includes(FULL_DESCRIPTOR_TYPE)) {
    return apiError(
      request,
      406,
      "The public API descriptor is served by the public entry point /fotoweb/.",
    );
  }
  const viewer = await requireApiViewer(request);
  const mediaType = types.includes(FULL_DESCRIPTOR_TYPE)
    ? FULL_DESCRIPTOR_TYPE
    : "application/json";
  return apiJson(fullDescriptor(await getSiteSettings(), viewer), mediaType);
});

export const action = methodNotAllowed;
