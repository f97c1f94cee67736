import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useHydrated } from "~/utils/use-hydrated";
import {
  ShareAddForm,
  ShareFormError,
  ShareLinksSummary,
  ShareList,
  SharePeopleSearch,
} from "~/components/album/SharePanel";
import * as css from "~/components/album/share-panel.css";
import { albumSharesPageAction, albumSharesPageData } from "~/http/album/album-shares-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { useT } from "~/components/locale/locale-context";
import { translateNow } from "~/components/locale/active";

/*
 * An album's sharing page (decision 055), owner only: the users and groups it is shared with,
 * adding or changing a share (people search without JavaScript, a picker with it), removing one,
 * and the open public links, whose pages are the links part's.
 */

export const handle = { i18n: ["album"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data ? translateNow("album.meta.share", { name: data.album.name }) : translateNow("album.meta.shareAlbum")} | Arkiv`,
  },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    albumSharesPageData(request, params),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    albumSharesPageAction(request, params),
  )(args);
}

export default function AlbumSharing() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const hydrated = useHydrated();
  const mayShare = data.rights.users || data.rights.groups;
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="sharing-title">
        <p>
          <Link to={data.album.href} className={css.link}>
            {t("album.backTo", { name: data.album.name })}
          </Link>
        </p>
        <h1 id="sharing-title">{t("album.share.heading", { name: data.album.name })}</h1>
        <ShareFormError reply={reply} />
        <div className={css.section}>
          <h2>{t("album.sharedWith")}</h2>
          <ShareList shares={data.shares} />
        </div>
      </section>
      {mayShare && data.album.status !== "deleted" ? (
        <section className={panel} aria-labelledby="share-add-title">
          <h2 id="share-add-title">{t("album.share.addHeading")}</h2>
          <div className={css.section}>
            {hydrated ? null : (
              <SharePeopleSearch query={data.peopleQuery} error={data.peopleError} />
            )}
            <ShareAddForm
              // A saved share starts the form afresh.
              key={data.shares.map((s) => `${s.type}:${s.id}:${s.access}:${s.download}`).join()}
              peopleApi={data.peopleApi}
              people={data.people}
              delegateDownloads={data.rights.delegateDownloads}
              reply={reply}
            />
          </div>
        </section>
      ) : (
        <section className={panel}>
          <p>
            {data.album.status === "deleted" ? t("album.share.inBin") : t("album.share.noRight")}
          </p>
        </section>
      )}
      <section className={panel} aria-labelledby="share-links-title">
        <h2 id="share-links-title">{t("album.publicLinks")}</h2>
        <ShareLinksSummary count={data.openLinks} href={data.linksHref} />
      </section>
    </div>
  );
}
