import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ShareLinkView } from "~/components/album/ShareLinkEditor";
import type { FormReplyBody } from "~/http/error";
import { shareLinkPageAction, shareLinkPageData } from "~/http/album/share-link-admin.server";
import { pageHandler } from "~/http/http.server";
import { page } from "~/styles/global.css";
import { translateNow } from "~/components/locale/active";

/*
 * One public link of an album, for its owner (decision 056): its settings (label, expiry,
 * password kept, set or removed, downloads), revoke after confirming, and its access log.
 */

export const handle = { i18n: ["album"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${translateNow("album.meta.link", { label: data?.link.label || data?.link.id || "" })} | Arkiv`,
  },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    shareLinkPageData(request, params),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    shareLinkPageAction(request, params),
  )(args);
}

export default function ShareLinkPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <div className={page}>
      <ShareLinkView {...data} reply={reply} />
    </div>
  );
}
