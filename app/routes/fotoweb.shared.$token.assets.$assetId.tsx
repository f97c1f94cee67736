import "~/components/shell/shell-bundle";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { SharedAlbumError, SharedAsset } from "~/components/album/SharedAlbum";
import { LINK_PAGE_HEADERS, sharedAssetData } from "~/http/album/share-link-visitor.server";
import { methodNotAllowed, pageHandler } from "~/http/http.server";
import { translateNow } from "~/components/locale/active";

/* One asset of a public link's album, large, with the downloads the link allows (decision 056). */

export const handle = { visitorShell: true, i18n: ["album"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.asset.name ?? translateNow("album.meta.sharedAsset")} | Arkiv` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export const headers: HeadersFunction = () => LINK_PAGE_HEADERS;

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    sharedAssetData(request, params.token ?? "", params.assetId ?? ""),
  )(args);
}

export const action = methodNotAllowed;

export default function SharedAssetPage() {
  const { album, asset } = useLoaderData<typeof loader>();
  return <SharedAsset album={album} asset={asset} />;
}

export function ErrorBoundary() {
  return <SharedAlbumError error={useRouteError()} />;
}
