import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  FULL_DESCRIPTOR_TYPE,
  PUBLIC_DESCRIPTOR_TYPE,
  publicDescriptor,
} from "~/models/descriptor/descriptor.server";
import { getSiteSettings } from "~/models/site/site.server";
import { apiError, apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { acceptsType } from "~/http/negotiate";
import { getBrowsingViewer } from "~/http/session.server";

/*
 * GET /fotoweb/ as JSON: the public entry point, with the links whoever the request browses as
 * may follow. The full descriptor lives at /fotoweb/me.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const accepts = (type: string) => acceptsType(request, type);
  if (accepts(FULL_DESCRIPTOR_TYPE) && !accepts(PUBLIC_DESCRIPTOR_TYPE)) {
    return apiError(
      request,
      406,
      "The full API descriptor is served by the private entry point /fotoweb/me/.",
    );
  }
  const mediaType = accepts(PUBLIC_DESCRIPTOR_TYPE) ? PUBLIC_DESCRIPTOR_TYPE : "application/json";
  const [settings, browsing] = await Promise.all([getSiteSettings(), getBrowsingViewer(request)]);
  return apiJson(publicDescriptor(settings, browsing), mediaType);
});

export const action = methodNotAllowed;
