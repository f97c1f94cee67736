import "~/components/shell/shell-bundle";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as css from "~/components/metadata/metadata-admin.css";
import { MetadataTabs, ViewList } from "~/components/metadata/MetadataAdminLists";
import { viewsListData } from "~/http/metadata/metadata-page.server";
import { pageHandler } from "~/http/http.server";
import { METADATA_ADMIN } from "~/models/metadata/metadata.view";
import { page, panel } from "~/styles/global.css";

/* Metadata administration, the views (decision 041), with the archives that use each. */

export const meta: MetaFunction = () => [{ title: "Metadata views | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => viewsListData(request))(args);
}

export default function MetadataViewsView() {
  const { views } = useLoaderData<typeof loader>();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="views-title">
        <h1 id="views-title">Metadata views</h1>
        <MetadataTabs current="views" />
        <p>
          <Link to={METADATA_ADMIN.newView} className={css.link}>
            Add a metadata view
          </Link>
        </p>
        <ViewList views={views} />
      </section>
    </div>
  );
}
