import "~/components/shell/shell-bundle";
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import {
  SharedAlbumError,
  SharedAlbumGrid,
  SharedAlbumPassword,
} from "~/components/album/SharedAlbum";
import {
  LINK_PAGE_HEADERS,
  sharedAlbumAction,
  sharedAlbumData,
} from "~/http/album/share-link-visitor.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { translateNow } from "~/components/locale/active";

/*
 * A public link's page (decision 056), for a visitor with no account and no JavaScript: the
 * password form of a protected link, then the album. Missing is 404, expired or revoked 410.
 */

export const handle = { visitorShell: true, i18n: ["album"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.album.name ?? translateNow("album.meta.sharedAlbum")} | Arkiv` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export const headers: HeadersFunction = () => LINK_PAGE_HEADERS;

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    sharedAlbumData(request, params.token ?? ""),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    sharedAlbumAction(request, params.token ?? ""),
  )(args);
}

export default function SharedAlbumPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  if (data.state === "password") return <SharedAlbumPassword album={data.album} reply={reply} />;
  return <SharedAlbumGrid data={data} />;
}

export function ErrorBoundary() {
  return <SharedAlbumError error={useRouteError()} />;
}
