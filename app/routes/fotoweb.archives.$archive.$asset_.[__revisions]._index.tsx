import "~/components/shell/shell-bundle";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "react-aria-components/Link";
import { RevisionTable } from "~/components/asset/RevisionList";
import { RollbackToPanel } from "~/components/asset/RollbackToConfirm";
import * as css from "~/components/asset/asset-details.css";
import { revisionListPage } from "~/http/asset/revisions.server";
import { pageHandler } from "~/http/http.server";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

/*
 * An asset's revision history as a page (…/{asset}.info/__revisions/): the list with rollback,
 * rollback-to, delete and compare as plain forms (decision 049). Its JSON twin answers the list.
 */

export const handle = { i18n: ["asset"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${
      data
        ? translateNow("asset.revisions.pageTitle", { name: data.asset.title || data.asset.name })
        : translateNow("asset.revisions.pageTitleBare")
    } | Arkiv`,
  },
];

// Functions, not calls at the top: the browser bundle drops the server code they call.
export function loader(args: LoaderFunctionArgs) {
  return pageHandler(async ({ request, params }: LoaderFunctionArgs) =>
    json(await revisionListPage(request, params), {
      headers: { "Cache-Control": "private, no-cache" },
    }),
  )(args);
}

export default function RevisionsPage() {
  const list = useLoaderData<typeof loader>();
  const t = useT();
  const name = list.asset.title || list.asset.name;
  return (
    <article className={css.page} aria-labelledby="revisions-title">
      <nav aria-label={t("asset.nav.label")} className={css.nav}>
        <Link href={list.asset.href} className={css.navLink}>
          <span aria-hidden="true">←&nbsp;</span>
          {t("asset.nav.backTo", { name })}
        </Link>
      </nav>
      <h1 id="revisions-title" className={css.title}>
        {t("asset.revisions.pageTitle", { name })}
      </h1>
      {list.rollbackTo ? <RollbackToPanel entry={list.rollbackTo} cancel={list.href} /> : null}
      <section className={css.panel} aria-labelledby="revisions-title">
        <RevisionTable list={list} headingId="revisions-title" />
      </section>
    </article>
  );
}
