import "~/components/shell/shell-bundle";
import { apiError } from "~/http/http.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/* Unknown pages: a 404 shown by the root error boundary inside the page shell. */
export function loader({ request }: LoaderFunctionArgs) {
  throw apiError(request, 404, "There is nothing at this address.");
}

export const action = loader;

export default function NotFound() {
  return null;
}
