import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ScanPanel } from "~/components/archive/ScanPanel";
import { translateNow } from "~/components/locale/active";
import { Msg } from "~/components/locale/Msg";
import { useT } from "~/components/locale/locale-context";
import { scanPageAction, scanPageData } from "~/http/archive/path-archives.server";
import { pageHandler } from "~/http/http.server";
import { panel } from "~/styles/global.css";
import { adminArchivePath } from "~/utils/links";

/*
 * A path archive's scan on demand (decision 042): `$id_` keeps it beside the archive dialog's
 * page rather than inside it. The scan itself runs as a job; this page queues it and shows the
 * last outcome.
 */

export const handle = { i18n: ["settings"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${
      data
        ? translateNow("settings.scan.title", { name: data.archive.name })
        : translateNow("settings.scan.titleBare")
    } | Arkiv`,
  },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) => scanPageData(request, params.id))(
    args,
  );
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    scanPageAction(request, params.id),
  )(args);
}

export default function ArchiveScanView() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<{ formError?: string }>();
  return (
    <section className={panel} aria-labelledby="scan-title">
      <h1 id="scan-title">{t("settings.scan.heading", { name: data.archive.name })}</h1>
      <p>
        <Msg
          id="settings.scan.intro"
          components={{ 0: <Link to={adminArchivePath(data.archive.id)} /> }}
        />
      </p>
      <ScanPanel {...data} formError={reply?.formError} />
    </section>
  );
}
