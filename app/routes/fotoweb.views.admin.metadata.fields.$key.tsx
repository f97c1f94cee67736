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
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

/*
 * One metadata field (decision 041): a custom one to edit or delete (refused while a view uses
 * it), a built-in one to read.
 */

export const handle = { i18n: ["metadata"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data?.field?.GuiLabel ?? translateNow("metadata.field.meta")} | ${translateNow("metadata.fieldList.title")} | Arkiv`,
  },
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
  const t = useT();
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
            {t("metadata.fieldList.title")}
          </Link>
        </p>
        <h1 id="field-title">
          {t("metadata.field.title", { name: field.GuiLabel, id: field.Id })}
        </h1>
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
                  ? t("metadata.field.usedBy", {
                      views: usedBy.map((name) => t("metadata.quoted", { name })).join(", "),
                    })
                  : t("metadata.field.unused")
              }
            />
          </>
        )}
      </section>
    </div>
  );
}
