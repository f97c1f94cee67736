import "~/components/shell/shell-bundle";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageHandler } from "~/http/http.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";

/* Unknown pages: a 404 shown by the root error boundary inside the page shell. */
export function loader(args: LoaderFunctionArgs) {
  return pageHandler(async () => {
    throw new Problem("not-found", keyed("common.error.notFound"));
  })(args);
}

export const action = loader;

export default function NotFound() {
  return null;
}
