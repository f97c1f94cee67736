import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ProfileEditor } from "~/components/processing/ProfileEditor";
import * as css from "~/components/processing/processing.css";
import { editorAction, editorData } from "~/http/actions/processing-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/* Edit processing profile (decision 040). */

export const meta: MetaFunction = () => [{ title: "Edit processing profile | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    editorData(request, "processingProfiles", params.id ?? ""),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    editorAction(request, "processingProfiles", params.id ?? "", LINKS.adminProcessingProfiles),
  )(args);
}

export default function ProcessingProfileEditorView() {
  const { entry, watermarks } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="profile-title">
        <p>
          <Link to={LINKS.adminProcessingProfiles} className={css.link}>
            Processing profiles
          </Link>
        </p>
        <h1 id="profile-title">{entry ? entry.Name : "Edit processing profile"}</h1>
        <ProfileEditor profile={entry} watermarks={watermarks} reply={reply} />
      </section>
    </div>
  );
}
