import "~/components/shell/shell-bundle";
import { redirect } from "@remix-run/node";
import { methodNotAllowed } from "~/http/http.server";
import { LINKS } from "~/utils/links";

export const loader = () => redirect(LINKS.home);

// Nothing is posted here: the 405 in the one error body, not Remix's own.
export const action = methodNotAllowed;
