import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AlbumFilters } from "~/components/album/AlbumFilters";
import { AlbumList, PurgeConfirm } from "~/components/album/AlbumList";
import { AlbumSearch } from "~/components/album/AlbumSearch";
import { CreateAlbum, CreateAlbumForm } from "~/components/album/CreateAlbum";
import * as css from "~/components/album/albums.css";
import { albumsPageAction, albumsPageData } from "~/http/album/album-list.server";
import { alertDanger, page } from "~/styles/global.css";
import { useT } from "~/components/locale/locale-context";
import { translateNow } from "~/components/locale/active";

export const handle = { i18n: ["album"] };

export const meta: MetaFunction = () => [{ title: `${translateNow("album.meta.albums")} | Arkiv` }];

/*
 * The albums page (spec 000 "Albums page", decision 052): signed-in people get the action panel
 * (create, the filter icons) over their albums; guests and signed-out visitors the public ones.
 */
export const loader = ({ request }: LoaderFunctionArgs) => albumsPageData(request);

/* Create, pin, unarchive, undelete and delete forever: plain form posts, each redirected. */
export const action = ({ request }: ActionFunctionArgs) => albumsPageAction(request);

export default function Albums() {
  const t = useT();
  const { viewer, filter, q, albums, prevHref, nextHref, createOpen, purge, error } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<{ error?: string; fieldErrors?: Record<string, string> }>();
  const showCreateForm = createOpen || Boolean(actionData?.fieldErrors);
  return (
    <div className={page}>
      <h1>{t("album.list.heading")}</h1>
      <div className={css.toolbar}>
        <AlbumSearch key={`${filter}:${q}`} q={q} filter={filter} />
        {viewer.signedIn ? (
          <>
            {viewer.canCreate ? <CreateAlbum /> : null}
            <AlbumFilters active={filter} />
          </>
        ) : null}
      </div>
      {error || (actionData?.error && !actionData.fieldErrors) ? (
        <div role="alert" className={alertDanger}>
          {error ?? actionData?.error}
        </div>
      ) : null}
      {showCreateForm ? <CreateAlbumForm /> : null}
      {purge ? <PurgeConfirm album={purge} /> : null}
      <AlbumList albums={albums} viewer={viewer} filter={filter} q={q} />
      {prevHref || nextHref ? (
        <nav className={css.paging} aria-label={t("album.list.pages")}>
          {prevHref ? <Link to={prevHref}>{t("album.previousPage")}</Link> : null}
          {nextHref ? <Link to={nextHref}>{t("album.nextPage")}</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
