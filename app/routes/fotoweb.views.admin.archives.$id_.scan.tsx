import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ScanPanel } from "~/components/archive/ScanPanel";
import { scanPageAction, scanPageData } from "~/http/archive/path-archives.server";
import { pageHandler } from "~/http/http.server";
import { panel } from "~/styles/global.css";
import { adminArchivePath } from "~/utils/links";

/*
 * A path archive's scan on demand (decision 042): `$id_` keeps it beside the archive dialog's
 * page rather than inside it. The scan itself runs as a job; this page queues it and shows the
 * last outcome.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Scan ${data?.archive.name ?? "archive"} | Arkiv` },
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
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<{ formError?: string }>();
  return (
    <section className={panel} aria-labelledby="scan-title">
      <h1 id="scan-title">Scan “{data.archive.name}”</h1>
      <p>
        Arkiv reads this archive&rsquo;s folder in place: a scan picks up files added, changed,
        moved and removed there. <Link to={adminArchivePath(data.archive.id)}>Archive details</Link>
      </p>
      <ScanPanel {...data} formError={reply?.formError} />
    </section>
  );
}
