import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CropProfileSetEditor } from "~/components/processing/SetEditors";
import * as css from "~/components/processing/processing.css";
import { editorAction, editorData } from "~/http/actions/processing-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/* Add crop profile set (decision 040). */

export const meta: MetaFunction = () => [{ title: "Add crop profile set | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) =>
    editorData(request, "cropProfileSets", null),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) =>
    editorAction(request, "cropProfileSets", null, LINKS.adminCropProfileSets),
  )(args);
}

export default function SetEditorView() {
  const { entry } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="set-title">
        <p>
          <Link to={LINKS.adminCropProfileSets} className={css.link}>
            Crop profile sets
          </Link>
        </p>
        <h1 id="set-title">{entry ? entry.Name : "Add crop profile set"}</h1>
        <CropProfileSetEditor set={entry} reply={reply} />
      </section>
    </div>
  );
}
