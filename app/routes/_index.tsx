import "~/components/shell/shell-bundle";
import { redirect } from "@remix-run/node";
import { LINKS } from "~/utils/links";

export const loader = () => redirect(LINKS.home);
