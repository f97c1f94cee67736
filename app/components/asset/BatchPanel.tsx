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

const plural = (n: number) => (n === 1 ? "1 asset" : `${n} assets`);

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
        Change {field.label}
        {field.mixed ? " (mixed values)" : ""}
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
  const hydrated = useHydrated();
  return (
    <>
      {page.fields.map((field) => {
        const error = errorFor(reply?.fieldErrors, field.id);
        if (field.readonly)
          return (
            <div key={field.id} className={editors.inline}>
              <span className={editors.label}>{field.label} (read-only)</span>
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
  const hydrated = useHydrated();
  const errors = reply?.fieldErrors ?? {};
  switch (page.op) {
    case "metadata":
      return <MetadataFields page={page} reply={reply} />;
    case "rename":
      return (
        <>
          <p className={css.hint}>
            A file name cannot contain any of these characters: \ / : * ? &quot; &lt; &gt; |
          </p>
          {page.assets.map((a) => (
            <TextField
              key={a.id}
              label={`New name for ${a.label}`}
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
        <p className={alertWarning}>There is no archive you may {page.op} assets into.</p>
      ) : (
        <>
          <SelectField
            label="Destination archive"
            name="destination"
            options={page.destinations.map((d) => ({ value: String(d.id), label: d.name }))}
            defaultValue={repopulated(reply, "destination") ?? String(page.destinations[0]!.id)}
            errors={errors.destination}
            hydrated={hydrated}
          />
          <TextField
            label="Folder (optional)"
            name="folder"
            description="A folder path in the destination, like 2024/June; empty for its top."
            defaultValue={repopulated(reply, "folder") ?? ""}
            errors={errors.folder}
          />
        </>
      );
    case "delete":
      return (
        <>
          <p className={alertWarning}>
            Delete {plural(page.assets.length)}? They go to the trash can, from where they can be
            restored.
          </p>
          <Checkbox name="confirm" value="yes" className={editors.checkbox}>
            <span className={editors.checkboxBox} aria-hidden="true" />
            Yes, delete {plural(page.assets.length)}
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
          label="Rotation"
          name="degrees"
          defaultValue={repopulated(reply, "degrees") ?? "90"}
          options={[
            { value: "90", label: "Clockwise (90°)" },
            { value: "270", label: "Counter-clockwise (90°)" },
            { value: "180", label: "180°" },
          ]}
          errors={errors.degrees}
        />
      );
    case "duplicate":
      return <p>Each asset gets a copy of its current revision in its own archive.</p>;
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
        {page.opLabel}: {plural(page.assets.length)}
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
          <p>{reply.formError ?? "Some fields need attention. No task was started."}</p>
        </div>
      ) : null}
      {!page.available ? (
        <p className={alertWarning}>This server cannot run this operation yet.</p>
      ) : null}
      {page.refused.length > 0 ? (
        <section aria-labelledby="batch-refused" className={alertWarning}>
          <h3 id="batch-refused" className={css.panelHeading}>
            Refused: {plural(page.refused.length)}
          </h3>
          <p>
            You may not {page.opLabel.toLowerCase()} these; the task reports each of them as
            refused.
          </p>
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
            <summary>The {plural(page.assets.length)}</summary>
            <ul className={css.list}>
              {page.assets.map((a) => (
                <li key={a.id}>{a.label}</li>
              ))}
            </ul>
          </details>
          <OperationFields page={page} reply={reply} />
        </>
      ) : (
        <p>None of the selected assets can be changed this way.</p>
      )}
      <div className={editors.actions}>
        <Button type="submit" isDisabled={page.assets.length === 0 || busy}>
          {page.op === "delete" ? `Delete ${plural(page.assets.length)}` : "Start"}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
        ) : (
          <Link href={page.back} className={css.link}>
            Cancel
          </Link>
        )}
      </div>
    </PanelForm>
  );
}
