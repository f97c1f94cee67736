import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { LINKS } from "~/utils/links";

/*
 * The descriptor's services.search for a browser: the header's search, which answers at the
 * archive list (it goes on to the archive with the best match). Programs get the JSON twin.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`${LINKS.archives}${new URL(request.url).search}`);
}
