import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as css from "~/components/metadata/metadata-admin.css";
import { FieldEditor } from "~/components/metadata/FieldEditor";
import { DeleteForm, FieldFacts } from "~/components/metadata/MetadataAdminLists";
import { fieldEditorAction, fieldEditorData } from "~/http/metadata/metadata-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { fieldDraftOf, fieldDraftOfPayload, payloadOf } from "~/models/metadata/metadata-form";
import { METADATA_ADMIN } from "~/models/metadata/metadata.view";
import { page, panel } from "~/styles/global.css";

/*
 * One metadata field (decision 041): a custom one to edit or delete (refused while a view uses
 * it), a built-in one to read.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.field?.GuiLabel ?? "Metadata field"} | Metadata fields | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    fieldEditorData(request, params.key ?? ""),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    fieldEditorAction(request, params.key ?? ""),
  )(args);
}

export default function FieldView() {
  const { field, usedBy } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  if (!field) return null;
  const draft = reply?.repopulateFields
    ? fieldDraftOfPayload(payloadOf(reply.repopulateFields))
    : fieldDraftOf(field);
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="field-title">
        <p>
          <Link to={METADATA_ADMIN.fields} className={css.link}>
            Metadata fields
          </Link>
        </p>
        <h1 id="field-title">{`Metadata field ${field.GuiLabel} (${field.Id})`}</h1>
        {field.IsBuiltin ? (
          <FieldFacts field={field} />
        ) : (
          <>
            <FieldEditor
              key={reply?.requestId ?? JSON.stringify(field)}
              draft={draft}
              isNew={false}
              revision={field.Revision}
              reply={reply}
            />
            <DeleteForm
              what="field"
              note={
                usedBy.length > 0
                  ? `The views ${usedBy.map((v) => `"${v}"`).join(", ")} use this field: take it out of them first.`
                  : "No metadata view uses this field."
              }
            />
          </>
        )}
      </section>
    </div>
  );
}
