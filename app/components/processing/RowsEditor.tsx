import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useHydrated } from "~/utils/use-hydrated";
import { z } from "zod";
import { useT } from "~/components/locale/locale-context";
import { Button } from "~/components/ui/Button";
import { SelectField } from "~/components/ui/SelectField";
import { TextField } from "~/components/ui/TextField";
import * as controls from "~/components/ui/controls.css";
import { conformResult, type FormReplyBody } from "~/http/error";
import { dropBlankRows, editorFormSchema } from "~/models/processing/processing.schema";
import { flatErrors } from "./ProfileEditor";
import * as css from "./processing.css";
import { useConformErrors } from "~/components/locale/validation";

export interface RowColumn {
  key: string;
  label: string;
  kind: "text" | "number" | "select" | "checkbox";
  options?: { value: string; label: string }[];
}

type Row = Record<string, string | boolean | number | undefined>;

/** Blank rows offered at the end: without JavaScript they are the way to add rows. */
const SPARE_ROWS = 2;

/**
 * A named list of rows (quick rendition sizes, crop profiles) with Conform: with JavaScript rows
 * are added and removed in place; without it the form carries spare blank rows, and blank rows at
 * the end are dropped on saving. Errors show by row and field, all at once.
 */
const CHECKBOX = { type: "checkbox" } as const;

export interface RowWords {
  row(index: number): string;
  remove(index: number): string;
  add: string;
  fillIn: string;
}

export function RowsEditor({
  label,
  rowsKey,
  rowWords,
  columns,
  schema,
  name,
  rows,
  blankRow,
  reply,
}: {
  label: string;
  rowsKey: string;
  /** A row's words, in the reader's language: its name, its remove and add buttons, the no-JS hint. */
  rowWords: RowWords;
  columns: RowColumn[];
  schema: z.ZodTypeAny;
  name: string;
  rows: Row[];
  blankRow: Row;
  reply: FormReplyBody | undefined;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const formSchema = editorFormSchema(schema);
  const withSpareRows = (values: Record<string, unknown>) => {
    const given = Array.isArray(values[rowsKey]) ? (values[rowsKey] as Row[]) : [];
    return {
      ...values,
      [rowsKey]: [...given, ...Array.from({ length: SPARE_ROWS }, () => blankRow)],
    } as Record<string, string | string[]>;
  };
  const defaults = {
    Name: name,
    [rowsKey]: [...rows, ...Array.from({ length: SPARE_ROWS }, () => blankRow)].map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [
          k,
          typeof v === "boolean" ? (v ? "on" : "") : String(v ?? ""),
        ]),
      ),
    ),
  };
  // The server's own Conform result, its rows nested; the spare blank rows are offered again.
  const result = reply ? conformResult(reply) : null;
  const conformErrors = useConformErrors();
  const [form, fields] = useForm({
    lastResult: result
      ? { ...result, initialValue: withSpareRows(dropBlankRows(result.initialValue ?? {})) }
      : null,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    // Uncoerced, as the server reads it, so both give the same message for the same text.
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: formSchema,
        disableAutoCoercion: true,
        formatError: conformErrors,
      }),
  });
  const errors = { ...(reply?.fieldErrors ?? {}), ...flatErrors(form.allErrors) };
  const list = fields[rowsKey] as unknown as FieldMetadata<Record<string, string>[]>;
  const items = list.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} noValidate className={css.form} aria-label={label}>
      {reply?.formError ? (
        <p className={css.error} role="alert">
          {reply.formError}
        </p>
      ) : null}
      <TextField
        label={t("settings.processing.name")}
        name="Name"
        isRequired
        maxLength={100}
        defaultValue={String(fields.Name!.initialValue ?? "")}
        errors={errors.Name}
      />
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>{label}</legend>
        {errors[rowsKey] ? (
          <p className={css.error} role="alert">
            {errors[rowsKey]}
          </p>
        ) : null}
        {items.map((item, index) => {
          const cells = item.getFieldset();
          return (
            <fieldset key={item.key} className={css.fieldset} aria-label={rowWords.row(index + 1)}>
              <div className={css.pair}>
                {columns.map((column) => {
                  const field = cells[column.key]!;
                  const error = errors[field.name];
                  const initial = String(field.initialValue ?? "");
                  if (column.kind === "checkbox")
                    return (
                      <label key={column.key} className={controls.checkbox}>
                        <input
                          {...getInputProps(field, CHECKBOX)}
                          key={field.key}
                          defaultChecked={initial === "on" || initial === "true"}
                        />
                        {column.label}
                      </label>
                    );
                  if (column.kind === "select")
                    return (
                      <SelectField
                        key={field.key}
                        label={column.label}
                        name={field.name}
                        options={column.options!}
                        defaultValue={initial}
                        errors={error}
                        hydrated={hydrated}
                      />
                    );
                  return (
                    <TextField
                      key={field.key}
                      label={column.label}
                      name={field.name}
                      type={column.kind === "number" ? "number" : "text"}
                      defaultValue={initial}
                      maxLength={column.kind === "number" ? 6 : 60}
                      errors={error}
                    />
                  );
                })}
              </div>
              {hydrated ? (
                <span className={css.actions}>
                  <Button
                    variant="secondary"
                    {...form.remove.getButtonProps({ name: list.name, index })}
                    type="submit"
                  >
                    {rowWords.remove(index + 1)}
                  </Button>
                </span>
              ) : null}
            </fieldset>
          );
        })}
        {hydrated ? (
          <span className={css.actions}>
            <Button
              variant="secondary"
              {...form.insert.getButtonProps({ name: list.name, defaultValue: blankRow as never })}
              type="submit"
            >
              {rowWords.add}
            </Button>
          </span>
        ) : (
          <p>{rowWords.fillIn}</p>
        )}
      </fieldset>
      <span className={css.actions}>
        <Button type="submit">{t("settings.processing.save")}</Button>
      </span>
    </Form>
  );
}
