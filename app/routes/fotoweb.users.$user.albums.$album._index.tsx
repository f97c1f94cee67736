import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { AlbumPage, type AlbumPageReply } from "~/components/album/AlbumPage";
import { albumPageAction, albumPageLoader } from "~/http/album/album-page.server";
import { translateNow } from "~/components/locale/active";

/** The shell starts the page with "Skip to results" (root.tsx). */
export const handle = { assetGrid: true, i18n: ["grid", "album", "taxonomy"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? data.album.name : translateNow("album.meta.album")} | Arkiv` },
];

/*
 * An album's page (issue 18, decision 053): the album as its owner, a contributor or a viewer
 * sees it. The JSON twin at the same URL answers the API.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return albumPageLoader(request, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return albumPageAction(request, params);
}

// A pin's fetcher updated the grid in place: reloading would drop the pages it merged.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => (formData?.get("_fetch") === "1" ? false : defaultShouldRevalidate);

export default function AlbumRoute() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<AlbumPageReply>();
  return <AlbumPage data={data} reply={reply} />;
}
