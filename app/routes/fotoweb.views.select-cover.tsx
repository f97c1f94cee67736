import "~/components/shell/shell-bundle";
import { keyed } from "~/models/locale/keyed";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ARCHIVES_ACTION } from "~/components/collection/CollectionTile";
import { LINKS, selectCoverPath } from "~/utils/links";
import { SelectionView } from "~/components/asset/SelectionView";
import { coverChoices } from "~/models/collection/collection-list.server";
import { page, panel } from "~/styles/global.css";
import { HttpError, pageHandler } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

export const handle = { i18n: ["grid"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${translateNow("grid.cover.meta", { archive: data?.archive.name ?? "" })} | Arkiv` },
];

/*
 * The cover selection view as a page (decision 017): what the cover dialog shows, as a form, for
 * browsers without JavaScript; the dialog loads its pages from here too. SetPosterAsset only.
 */
// A function, not `pageHandler(…)` at the top: the browser bundle runs a route's top level.
export function loader(args: LoaderFunctionArgs) {
  return pageHandler(coverChoicesPage)(args);
}

async function coverChoicesPage({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const url = new URL(request.url);
  const archiveId = Number(url.searchParams.get("archive"));
  if (!Number.isSafeInteger(archiveId) || archiveId <= 0)
    throw new HttpError(400, keyed("common.error.archiveMissing"));
  return json(await coverChoices(viewer, archiveId, url.searchParams.get("after")));
}

export default function SelectCover() {
  const t = useT();
  const { archive, choices, next } = useLoaderData<typeof loader>();
  return (
    <div className={page}>
      <h1>{t("grid.cover.title", { archive: archive.name })}</h1>
      <section className={panel} aria-label={t("grid.cover.list")}>
        <Form method="post" action={ARCHIVES_ACTION}>
          <input type="hidden" name="intent" value="set-cover" />
          <input type="hidden" name="archive" value={archive.id} />
          <SelectionView
            choices={choices}
            more={next ? <Link to={selectCoverPath(archive.id, next)}>More</Link> : null}
            cancel={<Link to={LINKS.archives}>Cancel</Link>}
          />
        </Form>
      </section>
    </div>
  );
}
