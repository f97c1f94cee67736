import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirm, ListTable } from "~/components/processing/ListTable";
import * as css from "~/components/processing/processing.css";
import { listsPageAction, listsPageData } from "~/http/processing/processing-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/* Quick rendition sets (spec 001 section 7, decision 040): manageArchives only. */

const HOME = LINKS.adminRenditionSets;

export const meta: MetaFunction = () => [{ title: "Quick rendition sets | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) =>
    listsPageData(request, ["renditionSets"]),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) =>
    listsPageAction(request, ["renditionSets"], HOME),
  )(args);
}

export default function ListView() {
  const { rows, confirmDelete } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="list-title">
        <h1 id="list-title">Quick rendition sets</h1>
        <p>
          Named sizes an archive offers as quick renditions of its images (its PreviewSizeList).
        </p>
        {confirmDelete ? (
          <DeleteConfirm
            name={confirmDelete.name}
            hidden={{ id: confirmDelete.id, list: confirmDelete.list }}
            cancel={HOME}
            error={reply?.formError}
          />
        ) : null}
        <p>
          <Link to={`${HOME}/new`} className={css.link}>
            Add quick rendition set
          </Link>
        </p>
        <ListTable
          caption="Quick rendition sets"
          rows={rows.renditionSets ?? []}
          editPath={(id) => `${HOME}/${id}`}
          deleteQuery={(id) => `?list=renditionSets&delete=${id}`}
        />
      </section>
    </div>
  );
}
