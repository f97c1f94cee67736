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

/* Crop profile sets (spec 001 section 7, decision 040): manageArchives only. */

const HOME = LINKS.adminCropProfileSets;

export const meta: MetaFunction = () => [{ title: "Crop profile sets | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) =>
    listsPageData(request, ["cropProfileSets"]),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) =>
    listsPageAction(request, ["cropProfileSets"], HOME),
  )(args);
}

export default function ListView() {
  const { rows, confirmDelete } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="list-title">
        <h1 id="list-title">Crop profile sets</h1>
        <p>
          Named crops, by aspect ratio or exact size, an archive offers when cropping (its
          CropProfileSet).
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
            Add crop profile set
          </Link>
        </p>
        <ListTable
          caption="Crop profile sets"
          rows={rows.cropProfileSets ?? []}
          editPath={(id) => `${HOME}/${id}`}
          deleteQuery={(id) => `?list=cropProfileSets&delete=${id}`}
        />
      </section>
    </div>
  );
}
