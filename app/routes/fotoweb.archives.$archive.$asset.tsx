import "~/components/shell/shell-bundle";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AssetDetails } from "~/components/asset/AssetDetails";
import { ASSET_NOT_FOUND, loadAssetDetails } from "~/models/asset/asset-details.server";
import { assetPageTitle } from "~/models/asset/asset.view";
import { HttpError, pageHandler } from "~/http/http.server";
import { assetEditAction } from "~/http/asset/asset-edit.server";
import type { FormReplyBody } from "~/http/error";
import { getBrowsingViewer, requireViewer } from "~/http/session.server";
import { translateNow } from "~/components/locale/active";

/*
 * An asset's page at its API href (/fotoweb/archives/5000-Name/42-photo.jpg.info); its JSON twin
 * answers asset+json at the same URL. The query (q, s, folder) is the list it was opened from.
 */

export const handle = { i18n: ["asset", "taxonomy"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: assetPageTitle(
      data ? data.view.title || data.view.filename : translateNow("asset.pageTitle"),
    ),
  },
  ...(data?.robots ? [{ name: "robots", content: data.robots }] : []),
];

// Loader and action as functions: the client build then drops them with their server imports.
export function loader(args: LoaderFunctionArgs) {
  return pageHandler(assetPage)(args);
}

async function assetPage({ request, params }: LoaderFunctionArgs) {
  // Anonymous visitors browse as the guest; with guests off they are asked to sign in.
  const viewer = (await getBrowsingViewer(request)) ?? (await requireViewer(request));
  const details = await loadAssetDetails(
    viewer,
    { archive: params.archive, asset: params.asset },
    new URL(request.url),
  );
  // One answer for "does not exist" and "may not see": the difference is not the viewer's to learn.
  if (!details) throw new HttpError(404, ASSET_NOT_FOUND);
  return json(details, { headers: { "Cache-Control": "private, no-cache" } });
}

/** A metadata edit (decision 046): the plain form's post or an inline editor's fetcher. */
export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    assetEditAction(request, { archive: params.archive, asset: params.asset }),
  )(args);
}

export default function AssetPage() {
  const details = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return <AssetDetails details={details} reply={reply} />;
}
