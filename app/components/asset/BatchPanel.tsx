import { Form, useNavigation, type FetcherWithComponents } from "@remix-run/react";
import { useState } from "react";
import { Checkbox } from "react-aria-components/Checkbox";
import { Link } from "react-aria-components/Link";
import { useHydrated } from "~/utils/use-hydrated";
import { BatchTagsEditor } from "~/components/metadata/editors/BatchTagsEditor";
import { FieldValue } from "~/components/metadata/editors/FieldValue";
import { FieldWidget } from "~/components/metadata/editors/FieldWidget";
import {
  CHECKED_VALUE,
  changeName,
  errorFor,
  valueName,
  type EditorField,
} from "~/components/metadata/editors/field-form";
import * as editors from "~/components/metadata/editors/editors.css";
import { Button } from "~/components/ui/Button";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import { SelectField } from "~/components/ui/SelectField";
import { TextField } from "~/components/ui/TextField";
import type { FormReplyBody } from "~/http/error";
import type { BatchPage, BatchStarted } from "~/http/asset/batch-page.server";
import { alertDanger, alertWarning } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import * as css from "./asset-details.css";
import { useT } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";

type BatchOp = BatchPage["op"];

/** The operation's name, as the panel's heading says it. */
const OP_LABEL = {
  metadata: "grid.batch.op.metadata",
  rename: "grid.batch.op.rename",
  duplicate: "grid.batch.op.duplicate",
  copy: "grid.batch.op.copy",
  move: "grid.batch.op.move",
  delete: "grid.batch.op.delete",
  rotate: "grid.batch.op.rotate",
} as const satisfies Record<BatchOp, MessageId>;

/** What the refused assets may not have done to them, by operation. */
const REFUSED_HINT = {
  metadata: "grid.batch.refusedHint.metadata",
  rename: "grid.batch.refusedHint.rename",
  duplicate: "grid.batch.refusedHint.duplicate",
  copy: "grid.batch.refusedHint.copy",
  move: "grid.batch.refusedHint.move",
  delete: "grid.batch.refusedHint.delete",
  rotate: "grid.batch.refusedHint.rotate",
} as const satisfies Record<BatchOp, MessageId>;

function repopulated(reply: FormReplyBody | undefined, name: string): string | undefined {
  const value = reply?.repopulateFields?.[name];
  return typeof value === "string" ? value : undefined;
}

/**
 * A single-value field over a selection: "mixed values" when the assets differ, and changed
 * only when "Change <field>" is ticked; with JavaScript, touching the value ticks it.
 */
function BatchSingleField({
  field,
  error,
  hydrated,
}: {
  field: EditorField;
  error?: string;
  hydrated: boolean;
}) {
  const t = useT();
  const [values, setValues] = useState(() => (field.mixed ? [] : field.values.map((v) => v.value)));
  const [touched, setTouched] = useState(false);
  return (
    <div className={editors.inline}>
      <Checkbox
        name={changeName(field.id)}
        value={CHECKED_VALUE}
        className={editors.checkbox}
        isSelected={hydrated ? touched : undefined}
        onChange={hydrated ? setTouched : undefined}
      >
        <span className={editors.checkboxBox} aria-hidden="true" />
        {field.mixed
          ? t("grid.batch.changeMixed", { field: field.label })
          : t("grid.batch.change", { field: field.label })}
      </Checkbox>
      <FieldWidget
        field={field}
        name={valueName(field.id)}
        values={values}
        onChange={(next) => {
          setValues(next);
          setTouched(true);
        }}
        error={error}
        hydrated={hydrated}
        mixed={field.mixed}
      />
    </div>
  );
}

function MetadataFields({ page, reply }: { page: BatchPage; reply?: FormReplyBody }) {
  const t = useT();
  const hydrated = useHydrated();
  return (
    <>
      {page.fields.map((field) => {
        const error = errorFor(reply?.fieldErrors, field.id);
        if (field.readonly)
          return (
            <div key={field.id} className={editors.inline}>
              <span className={editors.label}>
                {t("grid.batch.readOnly", { field: field.label })}
              </span>
              <FieldValue field={field} values={field.values.map((v) => v.value)} />
            </div>
          );
        return field.multiInstance && field.dataType !== "checkbox" ? (
          <BatchTagsEditor key={field.id} field={field} hydrated={hydrated} error={error} />
        ) : (
          <BatchSingleField key={field.id} field={field} error={error} hydrated={hydrated} />
        );
      })}
    </>
  );
}

function OperationFields({ page, reply }: { page: BatchPage; reply?: FormReplyBody }) {
  const t = useT();
  const hydrated = useHydrated();
  const errors = reply?.fieldErrors ?? {};
  switch (page.op) {
    case "metadata":
      return <MetadataFields page={page} reply={reply} />;
    case "rename":
      return (
        <>
          <p className={css.hint}>{t("grid.batch.rename.hint")}</p>
          {page.assets.map((a) => (
            <TextField
              key={a.id}
              label={t("grid.batch.rename.newName", { name: a.label })}
              name={`name.${a.id}`}
              defaultValue={repopulated(reply, `name.${a.id}`) ?? a.fileName ?? ""}
              errors={errors[`name.${a.id}`]}
            />
          ))}
        </>
      );
    case "copy":
    case "move":
      return page.destinations.length === 0 ? (
        <p className={alertWarning}>
          {page.op === "copy"
            ? t("grid.batch.noDestination.copy")
            : t("grid.batch.noDestination.move")}
        </p>
      ) : (
        <>
          <SelectField
            label={t("grid.batch.destination")}
            name="destination"
            options={page.destinations.map((d) => ({ value: String(d.id), label: d.name }))}
            defaultValue={repopulated(reply, "destination") ?? String(page.destinations[0]!.id)}
            errors={errors.destination}
            hydrated={hydrated}
          />
          <TextField
            label={t("grid.batch.folder")}
            name="folder"
            description={t("grid.batch.folderHint")}
            defaultValue={repopulated(reply, "folder") ?? ""}
            errors={errors.folder}
          />
        </>
      );
    case "delete":
      return (
        <>
          <p className={alertWarning}>
            {t("grid.batch.delete.question", { count: page.assets.length })}
          </p>
          <Checkbox name="confirm" value="yes" className={editors.checkbox}>
            <span className={editors.checkboxBox} aria-hidden="true" />
            {t("grid.batch.delete.confirm", { count: page.assets.length })}
          </Checkbox>
          {errors.confirm ? (
            <p className={editors.error} role="alert">
              {errors.confirm}
            </p>
          ) : null}
        </>
      );
    case "rotate":
      return (
        <RadioGroupField
          label={t("grid.batch.rotation")}
          name="degrees"
          defaultValue={repopulated(reply, "degrees") ?? "90"}
          options={[
            { value: "90", label: t("grid.batch.rotation.clockwise") },
            { value: "270", label: t("grid.batch.rotation.counterClockwise") },
            { value: "180", label: "180°" },
          ]}
          errors={errors.degrees}
        />
      );
    case "duplicate":
      return <p>{t("grid.batch.duplicateHint")}</p>;
  }
}

/**
 * The batch panel (decision 046): one operation on the selected assets, as a plain form posting
 * to the batch page, which starts a task and goes to its page. Assets the viewer may not act on
 * are named, and go into the task so its results report them as refused.
 */
/**
 * The panel posts to its own page with the selection in the query as well as in the form: a
 * refused post (400) renders the page again, and its loader reads the selection from the URL.
 */
function batchActionPath(page: BatchPage): string {
  const query = new URLSearchParams([
    ["op", page.op],
    ...[...page.assets, ...page.refused].map((a) => ["asset", String(a.id)]),
    ["back", page.back],
  ]);
  return `${LINKS.batch}?${query}`;
}

export function BatchPanel({
  page,
  reply: pageReply,
  onCancel,
  submit,
}: {
  page: BatchPage;
  reply?: FormReplyBody;
  /** In a dialog over the grid: close it rather than follow the link back. */
  onCancel?: () => void;
  /** In a dialog over the grid: posts through this fetcher, whose refusal the panel shows. */
  submit?: FetcherWithComponents<FormReplyBody | BatchStarted>;
}) {
  const t = useT();
  const navigation = useNavigation();
  const all = [...page.assets, ...page.refused];
  const answer = submit?.data;
  const reply = submit ? (answer && !("jobId" in answer) ? answer : undefined) : pageReply;
  const busy = submit ? submit.state !== "idle" : navigation.state === "submitting";
  const PanelForm = submit ? submit.Form : Form;
  return (
    <PanelForm
      method="post"
      action={batchActionPath(page)}
      noValidate
      aria-labelledby="batch-heading"
    >
      <h2 id="batch-heading" className={css.panelHeading}>
        {t("grid.batch.heading", {
          operation: t(OP_LABEL[page.op]),
          count: page.assets.length,
        })}
      </h2>
      <input type="hidden" name="op" value={page.op} />
      <input type="hidden" name="back" value={page.back} />
      {/* Over the grid the task's progress follows in the dialog, not on its page. */}
      {submit ? <input type="hidden" name="_fetch" value="1" /> : null}
      {all.map((a) => (
        <input key={a.id} type="hidden" name="asset" value={a.id} />
      ))}
      {reply ? (
        <div role="alert" className={alertDanger}>
          <p>{reply.formError ?? t("grid.batch.fieldsNeedAttention")}</p>
        </div>
      ) : null}
      {!page.available ? <p className={alertWarning}>{t("grid.batch.unavailable")}</p> : null}
      {page.refused.length > 0 ? (
        <section aria-labelledby="batch-refused" className={alertWarning}>
          <h3 id="batch-refused" className={css.panelHeading}>
            {t("grid.batch.refused", { count: page.refused.length })}
          </h3>
          <p>{t(REFUSED_HINT[page.op])}</p>
          <ul className={css.list}>
            {page.refused.map((a) => (
              <li key={a.id}>{a.label}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {page.assets.length > 0 ? (
        <>
          <details>
            <summary>{t("grid.batch.assets", { count: page.assets.length })}</summary>
            <ul className={css.list}>
              {page.assets.map((a) => (
                <li key={a.id}>{a.label}</li>
              ))}
            </ul>
          </details>
          <OperationFields page={page} reply={reply} />
        </>
      ) : (
        <p>{t("grid.batch.noneChangeable")}</p>
      )}
      <div className={editors.actions}>
        <Button type="submit" isDisabled={page.assets.length === 0 || busy}>
          {page.op === "delete"
            ? t("grid.batch.delete.submit", { count: page.assets.length })
            : t("grid.batch.start")}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onPress={onCancel}>
            {t("grid.batch.cancel")}
          </Button>
        ) : (
          <Link href={page.back} className={css.link}>
            {t("grid.batch.cancel")}
          </Link>
        )}
      </div>
    </PanelForm>
  );
}
