import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ShareLinksView } from "~/components/album/ShareLinkList";
import type { FormReplyBody } from "~/http/error";
import { shareLinksPageAction, shareLinksPageData } from "~/http/album/share-link-admin.server";
import { pageHandler } from "~/http/http.server";
import { page } from "~/styles/global.css";
import { translateNow } from "~/components/locale/active";

/*
 * The owner's public links of an album (decision 056): every link with its address, expiry,
 * password, download right, state and opens; the create form; revoke all after confirming.
 */

export const handle = { i18n: ["album"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data ? translateNow("album.meta.links", { name: data.album.name }) : translateNow("album.meta.linksAlbum")} | Arkiv`,
  },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    shareLinksPageData(request, params),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    shareLinksPageAction(request, params),
  )(args);
}

export default function ShareLinksPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <div className={page}>
      <ShareLinksView {...data} reply={reply} />
    </div>
  );
}
