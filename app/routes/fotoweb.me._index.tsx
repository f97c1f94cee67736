import "~/components/shell/shell-bundle";
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { LINKS } from "~/utils/links";
import { requireViewer } from "~/http/session.server";

/* /fotoweb/me/ is the API's private entry point; a browser asking for HTML goes to the start page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireViewer(request);
  return redirect(LINKS.home);
}
