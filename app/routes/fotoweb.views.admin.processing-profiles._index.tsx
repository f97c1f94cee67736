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

/* Processing profiles and profile sets (spec 001 section 7, decision 040): manageArchives only. */

const LISTS = ["processingProfiles", "processingProfileSets"] as const;
const HOME = LINKS.adminProcessingProfiles;

export const meta: MetaFunction = () => [{ title: "Processing profiles | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => listsPageData(request, [...LISTS]))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) =>
    listsPageAction(request, [...LISTS], HOME),
  )(args);
}

export default function ProcessingProfilesView() {
  const { rows, confirmDelete } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="profiles-title">
        <h1 id="profiles-title">Processing profiles</h1>
        <p>
          A profile makes the file a download delivers: format, size, colour, watermark, sharpening.
          An archive sends every download through one profile, or lets people choose from a set.
        </p>
        {confirmDelete ? (
          <DeleteConfirm
            name={confirmDelete.name}
            hidden={{ id: confirmDelete.id, list: confirmDelete.list }}
            cancel={HOME}
            error={reply?.formError}
          />
        ) : null}
        <p className={css.actions}>
          <Link to={`${HOME}/new`} className={css.link}>
            Add processing profile
          </Link>
          <Link to={`${HOME}/sets/new`} className={css.link}>
            Add profile set
          </Link>
        </p>
        <ListTable
          caption="Processing profiles"
          rows={rows.processingProfiles ?? []}
          editPath={(id) => `${HOME}/${id}`}
          deleteQuery={(id) => `?list=processingProfiles&delete=${id}`}
        />
        <ListTable
          caption="Profile sets"
          rows={rows.processingProfileSets ?? []}
          editPath={(id) => `${HOME}/sets/${id}`}
          deleteQuery={(id) => `?list=processingProfileSets&delete=${id}`}
        />
      </section>
    </div>
  );
}
