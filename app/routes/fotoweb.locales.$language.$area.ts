import type { LoaderFunctionArgs } from "@remix-run/node";
import { errorResponse, HttpError } from "~/http/http.server";
import { catalogueVersion, messagesOf } from "~/models/locale/catalog.server";
import { isArea, isLanguage } from "~/models/locale/language";
import { isLanguageOffered } from "~/http/locale/locale.server";

/*
 * One area's compiled messages in one language, fetched by the browser when a page it moves to
 * needs an area it has not loaded (decision 101). With the current catalogue's version the answer
 * is kept for good; any other version is answered too, but not cached.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const { language, area } = params;
  if (!isLanguage(language) || !isLanguageOffered(language) || !isArea(area))
    throw errorResponse(request, new HttpError(404, "There are no such messages."));
  const current = new URL(request.url).searchParams.get("v") === catalogueVersion();
  return new Response(JSON.stringify(messagesOf(language, [area])[area]), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
