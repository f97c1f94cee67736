import "~/components/shell/shell-bundle";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddToAlbumPanel } from "~/components/album/AddToAlbumPanel";
import { addToAlbumAction, addToAlbumLoader } from "~/http/album/add-to-album.server";
import type { FormReplyBody } from "~/http/error";
import { page, panel } from "~/styles/global.css";
import { useT } from "~/components/locale/locale-context";
import { translateNow } from "~/components/locale/active";

/*
 * "Add to album" for a selection (decision 054): the grid's selection opens it without
 * JavaScript (a GET of the selected ids); with JavaScript the grid shows the same panel in a
 * dialog. Its form adds the assets and goes to the album with a toast naming what was refused.
 */

export const handle = { i18n: ["album"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("album.meta.addToAlbum")} | Arkiv` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await addToAlbumLoader(request), { headers: { "Cache-Control": "no-store" } });
}

export const action = ({ request }: ActionFunctionArgs) => addToAlbumAction(request);

export default function AddToAlbumPage() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <div className={page}>
      <h1>{t("album.addTo.title")}</h1>
      <div className={panel}>
        <AddToAlbumPanel page={data} reply={reply} />
      </div>
    </div>
  );
}
