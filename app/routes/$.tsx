import "~/components/shell/shell-bundle";
import { pageHandler } from "~/http/http.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";

/* Unknown pages: a 404 shown by the root error boundary inside the page shell. */
export const loader = pageHandler(async () => {
  throw new Problem("not-found", keyed("common.error.notFound"));
});

export const action = loader;

export default function NotFound() {
  return null;
}
