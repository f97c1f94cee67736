import { Form, useNavigation } from "@remix-run/react";
import { useHydrated } from "~/utils/use-hydrated";
import { Link } from "react-aria-components/Link";
import { Button } from "~/components/ui/Button";
import { FieldValue } from "~/components/metadata/editors/FieldValue";
import { PlainFieldWidget } from "~/components/metadata/editors/PlainFieldWidget";
import { InlineField } from "~/components/metadata/editors/InlineField";
import {
  EDITED_NAME,
  errorFor,
  valueName,
  type EditorField,
} from "~/components/metadata/editors/field-form";
import type { FormReplyBody } from "~/http/error";
import { alertDanger } from "~/styles/global.css";
import * as css from "./asset-details.css";
import { useT } from "~/components/locale/locale-context";

export interface MetadataEditor {
  fields: EditorField[];
  /** The page shows the plain form of every field (?edit=metadata, the no-JavaScript way). */
  editing: boolean;
  /** This page with ?edit=metadata, and without it (where Cancel and Save return). */
  editHref: string;
  viewHref: string;
}

/** The values a refused post sent, so the form shows what the person typed, not what is stored. */
function postedValues(reply: FormReplyBody | undefined, field: EditorField): string[] | null {
  const posted = reply?.repopulateFields?.[valueName(field.id)];
  if (posted === undefined) return reply ? [] : null;
  const list = Array.isArray(posted) ? posted : [posted];
  return list.filter((v): v is string => typeof v === "string");
}

/**
 * The asset's metadata for a viewer who may edit it (EditText). With JavaScript each field is in
 * view mode with inline editing; the "Edit metadata" link opens the page's plain form of every
 * field (form mode, one Save), which is also what a page without JavaScript uses. A refused save
 * comes back with every field's message by its field.
 */
export function MetadataEditPanel({
  editor,
  reply,
}: {
  editor: MetadataEditor;
  reply: FormReplyBody | undefined;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const { fields, editing } = editor;
  const editable = fields.filter((f) => !f.readonly);
  return (
    <section className={css.panel} aria-labelledby="asset-metadata">
      <h2 id="asset-metadata" className={css.panelHeading}>
        {t("asset.metadata.heading")}
      </h2>
      {editing ? (
        <Form
          method="post"
          action={editor.editHref}
          noValidate
          aria-label={t("asset.edit.formLabel")}
        >
          {reply ? (
            <div role="alert" className={alertDanger}>
              <p>{reply.formError ?? t("asset.edit.needsAttention")}</p>
            </div>
          ) : null}
          {fields.map((field) =>
            field.readonly ? (
              <div key={field.id}>
                <span className={css.term}>
                  {t("asset.edit.readOnlyLabel", { label: field.label })}
                </span>
                <FieldValue field={field} values={field.values.map((v) => v.value)} />
              </div>
            ) : (
              <PlainFieldWidget
                key={field.id}
                field={field}
                name={valueName(field.id)}
                values={postedValues(reply, field) ?? field.values.map((v) => v.value)}
                error={errorFor(reply?.fieldErrors, field.id)}
                hydrated={false}
              />
            ),
          )}
          {editable.map((f) => (
            <input key={f.id} type="hidden" name={EDITED_NAME} value={f.id} />
          ))}
          <div className={css.downloads}>
            <Button type="submit" isDisabled={navigation.state === "submitting"}>
              {t("asset.edit.save")}
            </Button>
            <Link href={editor.viewHref} className={css.link}>
              {t("asset.edit.cancel")}
            </Link>
          </div>
        </Form>
      ) : (
        <>
          {hydrated ? (
            fields.map((field) => (
              <InlineField key={field.id} field={field} action={editor.viewHref} />
            ))
          ) : (
            <dl className={css.fields}>
              {fields.map((field) => (
                <div key={field.id}>
                  <dt className={css.term}>{field.label}</dt>
                  <dd className={css.value}>
                    <FieldValue field={field} values={field.values.map((v) => v.value)} />
                  </dd>
                </div>
              ))}
            </dl>
          )}
          <p>
            <Link href={editor.editHref} className={css.link}>
              {t("asset.edit.open")}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
