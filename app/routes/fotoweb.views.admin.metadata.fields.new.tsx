import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import * as css from "~/components/metadata/metadata-admin.css";
import { FieldEditor } from "~/components/metadata/FieldEditor";
import { fieldEditorAction, fieldEditorData } from "~/http/metadata/metadata-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { fieldDraftOf, fieldDraftOfPayload, payloadOf } from "~/models/metadata/metadata-form";
import { METADATA_ADMIN } from "~/models/metadata/metadata.view";
import { page, panel } from "~/styles/global.css";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

/* Add a custom metadata field (decision 041). */

export const handle = { i18n: ["metadata"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("metadata.field.new")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => fieldEditorData(request, null))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => fieldEditorAction(request, null))(args);
}

export default function NewFieldView() {
  const t = useT();
  const reply = useActionData<FormReplyBody>();
  const draft = reply ? fieldDraftOfPayload(payloadOf(reply.repopulateFields)) : fieldDraftOf(null);
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="field-title">
        <p>
          <Link to={METADATA_ADMIN.fields} className={css.link}>
            {t("metadata.fieldList.title")}
          </Link>
        </p>
        <h1 id="field-title">{t("metadata.field.new")}</h1>
        <FieldEditor key={reply?.requestId ?? "new"} draft={draft} isNew reply={reply} />
      </section>
    </div>
  );
}
