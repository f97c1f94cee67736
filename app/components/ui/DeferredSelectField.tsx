import { lazy, Suspense, useEffect, useId, useState, type KeyboardEvent } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import * as css from "~/components/search/advanced-search.css";
import { fieldErrorText, type FieldErrors } from "./field-errors";
import { NativeSelectField, type SelectOption } from "./NativeSelectField";
import * as controls from "./controls.css";

const loadMenu = () => import("./DeferredSelectMenu");
const DeferredSelectMenu = lazy(loadMenu);

export interface DeferredSelectFieldProps {
  label: string;
  name: string;
  /** The id of the form it posts with, when it stands outside it. */
  form?: string;
  options: readonly SelectOption[];
  defaultValue?: string;
  errors?: FieldErrors;
  onChange?: (value: string) => void;
}

/*
 * SelectField for a page that has no other use for react-aria's Select (its collections, list
 * box and popover are some 60 KB gzipped): without JavaScript a native select; once hydrated, a
 * button drawn as the Select's that carries the value in a hidden input of the same name, and
 * the first press (or arrow key) loads the Select and mounts it open in its place, as the sort
 * order does (decisions 027 and 092). The chunk is prefetched when the pointer or focus reaches
 * the button.
 */
export function DeferredSelectField({
  label,
  name,
  form,
  options,
  defaultValue = "",
  errors,
  onChange,
}: DeferredSelectFieldProps) {
  const hydrated = useHydrated();
  const [current, setCurrent] = useState(defaultValue);
  useEffect(() => setCurrent(defaultValue), [defaultValue]);
  const [opened, setOpened] = useState(false);
  const labelId = useId();
  const valueId = useId();
  const errorId = useId();
  const error = fieldErrorText(errors);
  if (!hydrated)
    return (
      <NativeSelectField
        label={label}
        name={name}
        form={form}
        options={options}
        defaultValue={defaultValue}
        errors={errors}
        onChange={onChange}
      />
    );
  const change = (value: string) => {
    setCurrent(value);
    onChange?.(value);
  };
  const prefetch = () => void loadMenu();
  const openOnArrow = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpened(true);
    }
  };
  const standIn = (
    <div className={controls.field} data-invalid={error ? true : undefined}>
      <span id={labelId} className={controls.label}>
        {label}
      </span>
      <button
        type="button"
        className={css.select}
        aria-haspopup="listbox"
        aria-expanded={false}
        // Named as react-aria names its Select's button: the value, then the label.
        aria-labelledby={`${valueId} ${labelId}`}
        aria-describedby={error ? errorId : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => setOpened(true)}
        onKeyDown={openOnArrow}
      >
        <span id={valueId}>{options.find((o) => o.value === current)?.label}</span>
        <span aria-hidden="true">▾</span>
      </button>
      <input type="hidden" name={name} form={form} value={current} />
      {error ? (
        <span id={errorId} className={controls.fieldError}>
          {error}
        </span>
      ) : null}
    </div>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <DeferredSelectMenu
        label={label}
        name={name}
        form={form}
        options={options}
        value={current}
        error={error}
        onChange={change}
      />
    </Suspense>
  );
}
