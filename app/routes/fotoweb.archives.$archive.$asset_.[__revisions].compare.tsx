import "~/components/shell/shell-bundle";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RevisionCompare } from "~/components/asset/RevisionCompare";
import { compareAction, comparePage } from "~/http/asset/revisions.server";
import { pageHandler } from "~/http/http.server";
import { translateNow } from "~/components/locale/active";

/*
 * Two revisions of an asset side by side (…/__revisions/compare?left=&right=): fields, file
 * facts and, for images, the previews and their difference (decision 049). The list's form posts
 * here with the two ticked revisions and is redirected to the GET.
 */

export const handle = { i18n: ["asset"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${
      data
        ? translateNow("asset.compare.title", {
            left: data.left.number,
            right: data.right.number,
            name: data.asset.title || data.asset.name,
          })
        : translateNow("asset.compare.pageTitle")
    } | Arkiv`,
  },
];

// Functions, not calls at the top: the browser bundle drops the server code they call.
export function loader(args: LoaderFunctionArgs) {
  return pageHandler(async ({ request, params }: LoaderFunctionArgs) =>
    json(await comparePage(request, params), {
      headers: { "Cache-Control": "private, no-cache" },
    }),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) => compareAction(request, params))(
    args,
  );
}

export default function ComparePage() {
  return <RevisionCompare comparison={useLoaderData<typeof loader>()} />;
}
