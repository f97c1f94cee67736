import "~/components/shell/shell-bundle";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as css from "~/components/metadata/metadata-admin.css";
import { MetadataTabs, ViewList } from "~/components/metadata/MetadataAdminLists";
import { viewsListData } from "~/http/metadata/metadata-page.server";
import { pageHandler } from "~/http/http.server";
import { METADATA_ADMIN } from "~/models/metadata/metadata.view";
import { page, panel } from "~/styles/global.css";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

/* Metadata administration, the views (decision 041), with the archives that use each. */

export const handle = { i18n: ["metadata"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("metadata.viewList.title")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => viewsListData(request))(args);
}

export default function MetadataViewsView() {
  const t = useT();
  const { views } = useLoaderData<typeof loader>();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="views-title">
        <h1 id="views-title">{t("metadata.viewList.title")}</h1>
        <MetadataTabs current="views" />
        <p>
          <Link to={METADATA_ADMIN.newView} className={css.link}>
            {t("metadata.viewList.add")}
          </Link>
        </p>
        <ViewList views={views} />
      </section>
    </div>
  );
}
