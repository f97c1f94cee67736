import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useNavigate } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { FieldError } from "react-aria-components/FieldError";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { TextField } from "react-aria-components/TextField";
import {
  ADVANCED_SEARCH_PAGE,
  advancedSearchPageHref,
  advancedSearchParams,
  advancedSearchSchema,
  EARLIEST_DATE,
  MAX_CRITERIA,
  RANGES,
  rangeEndLabel,
  type AdvancedSearch,
  type AdvancedSearchDefaults,
  type RangeKey,
  type RangeSpec,
} from "~/models/search/advanced-search.schema";
import { METADATA_FIELDS } from "~/models/metadata/metadata-fields";
import { Button } from "~/components/ui/Button";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import { SelectField } from "~/components/ui/SelectField";
import * as css from "./advanced-search.css";
import * as controls from "~/components/ui/controls.css";
import { useHydrated } from "~/utils/use-hydrated";
import { useConformErrors, useKeyedResolver } from "~/components/locale/validation";
import { useLocale, useT, type Translate } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";

const DOCUMENT_TYPE_OPTIONS: { value: string; label: MessageId }[] = [
  { value: "", label: "grid.advanced.docType.any" },
  { value: "image", label: "grid.advanced.docType.image" },
  { value: "movie", label: "grid.advanced.docType.movie" },
  { value: "audio", label: "grid.advanced.docType.audio" },
  { value: "graphic", label: "grid.advanced.docType.graphic" },
  { value: "document", label: "grid.advanced.docType.document" },
  { value: "generic", label: "grid.advanced.docType.generic" },
];
// The fields' own names are the site's metadata, not the interface's words.
const FIELD_OPTIONS = METADATA_FIELDS.map((f) => ({ value: String(f.id), label: f.label }));
const ORIENTATION_OPTIONS: { value: string; label: MessageId }[] = [
  { value: "", label: "grid.advanced.orientation.any" },
  { value: "landscape", label: "grid.advanced.orientation.landscape" },
  { value: "portrait", label: "grid.advanced.orientation.portrait" },
];
/** The colour spaces: RGB and CMYK are names in every language. */
const colourSpaceOptions = (t: Translate) => [
  { value: "", label: t("grid.advanced.colourSpace.any") },
  { value: "rgb", label: "RGB" },
  { value: "cmyk", label: "CMYK" },
  { value: "grayscale", label: t("grid.advanced.colourSpace.grayscale") },
];
const translated = (t: Translate, options: { value: string; label: MessageId }[]) =>
  options.map((o) => ({ value: o.value, label: t(o.label) }));
const ENDS = ["from", "to"] as const;
const FILE_RANGES = RANGES.filter((r) => r.kind !== "pixels");
const IMAGE_RANGES = RANGES.filter((r) => r.kind === "pixels");
const EMPTY: AdvancedSearchDefaults = { q: [], values: {}, criteria: [] };

type Errors = string[] | undefined;
/** The form's fields as Conform names them (the schema's input, before conversion). */
type FormShape = {
  q: string[];
  dt: string;
  o: string;
  cs: string;
  criteria: { field: string; value: string }[];
} & Record<RangeKey, string>;
const firstText = (value: unknown) =>
  (Array.isArray(value) ? value[0] : value) as string | undefined;

function Field(props: {
  label: string;
  name: string;
  defaultValue: unknown;
  errors: Errors;
  kind?: RangeSpec["kind"];
}) {
  const { label, name, defaultValue, errors, kind } = props;
  return (
    <TextField
      name={name}
      defaultValue={firstText(defaultValue) ?? ""}
      isInvalid={Boolean(errors?.length)}
      validationBehavior="aria"
      className={controls.field}
    >
      <Label className={controls.label}>{label}</Label>
      <Input
        className={controls.input}
        type={kind === "date" ? "date" : "text"}
        inputMode={kind === "megabytes" ? "decimal" : kind === "pixels" ? "numeric" : undefined}
        min={kind === "date" ? EARLIEST_DATE : undefined}
        max={kind === "date" ? "9999-12-31" : undefined}
      />
      <FieldError className={controls.fieldError}>{errors?.join(" ")}</FieldError>
    </TextField>
  );
}

function ErrorText({ errors }: { errors: Errors }) {
  return errors?.length ? <p className={controls.fieldError}>{errors.join(" ")}</p> : null;
}

/** A native disclosure (decision 004), open when it holds a value or an error. */
function Block({ title, open, children }: { title: string; open: boolean; children: ReactNode }) {
  return (
    <details className={css.block} open={open || undefined}>
      <summary className={css.blockSummary}>{title}</summary>
      <div className={css.blockBody}>{children}</div>
    </details>
  );
}

export interface AdvancedSearchFormProps {
  /** The collection searched in: an archive page, or all archives. */
  target: string;
  defaults: AdvancedSearchDefaults;
  /** The page's loader result when it checked a submission without JavaScript. */
  lastResult?: SubmissionResult<string[]> | null;
  onSearched?: () => void;
}

function SearchForm({
  target,
  defaults,
  lastResult,
  onSearched,
  onClear,
}: AdvancedSearchFormProps & { onClear: () => void }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const conformErrors = useConformErrors();
  const t = useT();
  const resolve = useKeyedResolver();
  const { timeZone } = useLocale();
  const [form, fields] = useForm<FormShape, AdvancedSearch>({
    lastResult,
    defaultValue: {
      ...defaults.values,
      q: defaults.q,
      criteria: defaults.criteria.length > 0 ? defaults.criteria : [{ field: "", value: "" }],
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: advancedSearchSchema, formatError: conformErrors }),
    onSubmit(event, { submission }) {
      // With JavaScript the search goes straight to the collection with only what is set.
      event.preventDefault();
      if (submission?.status !== "success") return;
      const query = advancedSearchParams(submission.value).toString();
      navigate(query ? `${target}?${query}` : target);
      onSearched?.();
    },
  });
  const [docType, setDocType] = useState(firstText(fields.dt.initialValue) ?? "");
  const texts = [fields.q.initialValue].flat().filter((q): q is string => typeof q === "string");
  const rows = fields.criteria.getFieldList();
  const has = (names: (keyof FormShape)[]) =>
    names.some((n) => {
      const field = fields[n as keyof FormShape];
      return Boolean(firstText(field.initialValue) || field.errors?.length);
    });
  const showImage = docType === "" || docType === "image";
  const range = (r: (typeof RANGES)[number], end: "from" | "to") => {
    const field = fields[r[end]];
    return (
      <Field
        key={field.key ?? r[end]}
        label={resolve(rangeEndLabel(r, end))}
        name={r[end]}
        defaultValue={field.initialValue}
        errors={field.errors}
        kind={r.kind}
      />
    );
  };

  return (
    <form
      {...getFormProps(form)}
      method="get"
      action={ADVANCED_SEARCH_PAGE}
      noValidate
      className={css.form}
    >
      {/* Enter in a field presses the first submit button: this one, not a row's Remove. */}
      <button
        type="submit"
        name="search"
        value="1"
        className={css.defaultButton}
        tabIndex={-1}
        aria-hidden="true"
      />
      <input type="hidden" name="to" value={target} />
      <SelectField
        label={t("grid.advanced.docType")}
        name="dt"
        options={translated(t, DOCUMENT_TYPE_OPTIONS)}
        defaultValue={docType}
        errors={fields.dt.errors}
        hydrated={hydrated}
        onChange={setDocType}
      />
      <Field
        label={t("grid.advanced.text")}
        name="q"
        defaultValue={texts[0]}
        errors={fields.q.errors}
      />
      {texts.slice(1).map((q, i) => (
        <input key={i} type="hidden" name="q" value={q} />
      ))}
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>{t("grid.advanced.criteria")}</legend>
        {rows.map((row, index) => {
          const cells = row.getFieldset();
          return (
            <div key={row.key} className={css.criterion}>
              <SelectField
                label={t("grid.advanced.field", { n: index + 1 })}
                name={cells.field.name}
                options={[{ value: "", label: t("grid.advanced.chooseField") }, ...FIELD_OPTIONS]}
                defaultValue={firstText(cells.field.initialValue)}
                errors={cells.field.errors}
                hydrated={hydrated}
              />
              <Field
                label={t("grid.advanced.value", { n: index + 1 })}
                name={cells.value.name}
                defaultValue={cells.value.initialValue}
                errors={cells.value.errors}
              />
              <Button
                variant="secondary"
                className={css.removeButton}
                aria-label={t("grid.advanced.removeCriterion", { n: index + 1 })}
                type="submit"
                {...form.remove.getButtonProps({ name: fields.criteria.name, index })}
              >
                −
              </Button>
            </div>
          );
        })}
        <ErrorText errors={fields.criteria.errors} />
        <Button
          variant="secondary"
          isDisabled={rows.length >= MAX_CRITERIA}
          type="submit"
          {...form.insert.getButtonProps({
            name: fields.criteria.name,
            defaultValue: { field: "", value: "" },
          })}
        >
          {t("grid.advanced.addCriterion")}
        </Button>
      </fieldset>
      <Block
        title={t("grid.advanced.fileAttributes")}
        open={has(FILE_RANGES.flatMap((r) => [r.from, r.to]))}
      >
        {/* The search reads a written day in the person's zone (decision 105), and says so. */}
        <p className={css.hint}>{t("grid.search.datesInZone", { zone: timeZone })}</p>
        {FILE_RANGES.map((r) => (
          <div key={r.predicate} className={css.pair}>
            {ENDS.map((end) => range(r, end))}
          </div>
        ))}
      </Block>
      {showImage ? (
        <Block
          title={t("grid.advanced.imageAttributes")}
          open={has(["o", "cs", ...IMAGE_RANGES.flatMap((r) => [r.from, r.to])])}
        >
          <RadioGroupField
            label={t("grid.advanced.orientation")}
            name="o"
            options={translated(t, ORIENTATION_OPTIONS)}
            defaultValue={firstText(fields.o.initialValue) ?? ""}
          />
          <ErrorText errors={fields.o.errors} />
          <RadioGroupField
            label={t("grid.advanced.colourSpace")}
            name="cs"
            options={colourSpaceOptions(t)}
            defaultValue={firstText(fields.cs.initialValue) ?? ""}
          />
          <ErrorText errors={fields.cs.errors} />
          {IMAGE_RANGES.map((r) => (
            <div key={r.predicate} className={css.pair}>
              {ENDS.map((end) => range(r, end))}
            </div>
          ))}
        </Block>
      ) : null}
      <div className={css.actions}>
        {hydrated ? (
          <Button variant="secondary" onPress={onClear}>
            {t("grid.advanced.clear")}
          </Button>
        ) : (
          <a className={controls.button.secondary} href={advancedSearchPageHref(target)}>
            {t("grid.advanced.clear")}
          </a>
        )}
        <Button type="submit" name="search" value="1">
          {t("grid.advanced.search")}
        </Button>
      </div>
    </form>
  );
}

/** The advanced search form (spec 002); Clear starts it over empty. */
export function AdvancedSearchForm(props: AdvancedSearchFormProps) {
  const [generation, setGeneration] = useState(0);
  const cleared = generation > 0;
  return (
    <SearchForm
      key={generation}
      {...props}
      defaults={cleared ? EMPTY : props.defaults}
      lastResult={cleared ? null : props.lastResult}
      onClear={() => setGeneration((g) => g + 1)}
    />
  );
}
