import type { LoaderFunctionArgs } from "@remix-run/node";
import { runningWorkData } from "~/http/background-task/task-page.server";
import { pageHandler } from "~/http/http.server";

/* How many of the viewer's tasks still run and how far they are: the header's indicator polls it. */
export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => runningWorkData(request))(args);
}
