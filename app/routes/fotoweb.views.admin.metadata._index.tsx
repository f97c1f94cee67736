import "~/components/shell/shell-bundle";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as css from "~/components/metadata/metadata-admin.css";
import { FieldList, MetadataTabs } from "~/components/metadata/MetadataAdminLists";
import { fieldsListData } from "~/http/metadata/metadata-page.server";
import { pageHandler } from "~/http/http.server";
import { METADATA_ADMIN } from "~/models/metadata/metadata.view";
import { page, panel } from "~/styles/global.css";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

/*
 * Metadata administration, the fields (decision 041): every field, built-in and custom, filtered
 * by namespace, group and type and searched by a GET form; custom fields are added from here.
 */

export const handle = { i18n: ["metadata"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("metadata.fieldList.title")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => fieldsListData(request))(args);
}

export default function MetadataFieldsView() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="metadata-title">
        <h1 id="metadata-title">{t("metadata.fieldList.title")}</h1>
        <MetadataTabs current="fields" />
        <p>
          <Link to={METADATA_ADMIN.newField} className={css.link}>
            {t("metadata.fieldList.add")}
          </Link>
        </p>
        <FieldList
          fields={data.fields}
          filter={data.filter}
          q={data.q}
          namespaces={data.namespaces}
          groups={data.groups}
        />
      </section>
    </div>
  );
}
