import "~/components/shell/shell-bundle";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MetadataSetTables } from "~/components/metadata/MetadataSetTables";
import { pageHandler } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";
import { metadataSet } from "~/models/metadata/metadata.server";
import { muted, panel } from "~/styles/global.css";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

/*
 * /fotoweb/editors/{viewid} for a browser: the metadata view's builtin fields and regions as
 * tables (decision 032). Programs get the metadata set from the JSON twin at the same address.
 */

export const handle = { i18n: ["asset", "metadata"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.set.name ?? translateNow("asset.metadataView.meta")} | Arkiv` },
];

export async function loader(args: LoaderFunctionArgs) {
  return pageHandler(async ({ request, params }: LoaderFunctionArgs) => {
    const viewer = await requireViewer(request, { browsing: true });
    return json({ set: await metadataSet(viewer, params.viewid ?? "") });
  })(args);
}

export default function MetadataViewPage() {
  const t = useT();
  const { set } = useLoaderData<typeof loader>();
  return (
    <section className={panel} aria-labelledby="view-title">
      <h1 id="view-title">{t("asset.metadataView.title", { name: set.name })}</h1>
      <p className={muted}>{t("asset.metadataView.intro")}</p>
      <MetadataSetTables set={set} />
    </section>
  );
}
