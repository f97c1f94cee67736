import { useEffect, useRef, type MouseEvent } from "react";
import { flushSync } from "react-dom";
import * as controls from "./controls.css";
import { fieldErrorText, type FieldErrors } from "./field-errors";
import { useT } from "~/components/locale/locale-context";

/**
 * A form's visible labels by field name. A row's fields are named once with `[]` for the index
 * and `{n}` for the row's number in the label: { "Properties[].key": "Key {n}" }.
 */
export type FieldLabels = Readonly<Record<string, string>>;

/** A row's index as a form names it: Conform's "rows[2].key" or the flat "rows.2.key". */
const ROW_INDEX = /\[(\d+)\]|\.(\d+)(?=\.|$)/g;

/**
 * The label a summary names a field by: the form's own, else the last word of the name as words
 * ("accountId" → "Account id"), so a path or key never reaches a person.
 */
/** `whole`: what a nameless entry is called, the whole form, in the page's language. */
export function fieldLabel(name: string, labels: FieldLabels, whole = ""): string {
  const exact = labels[name];
  if (exact) return exact;
  const rows: number[] = [];
  const pattern = name.replace(ROW_INDEX, (_, bracket?: string, dotted?: string) => {
    rows.push(Number(bracket ?? dotted));
    return "[]";
  });
  const template = labels[pattern];
  if (template) return template.replace("{n}", String((rows[0] ?? 0) + 1));
  const last = pattern.replace(/\[\]/g, "").split(".").filter(Boolean).pop() ?? "";
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : whole;
}

export interface ErrorSummaryProps {
  /** The form's errors by field name; the form-wide one (name "") is `formError`. */
  errors: Record<string, FieldErrors>;
  formError?: string;
  /** The form's visible labels (see fieldLabel for rows and for a name left out). */
  labels: FieldLabels;
  /** A label that depends on the row's content (a member's name), before `labels`. */
  labelOf?: (name: string) => string | undefined;
  /**
   * The id an entry links to without JavaScript: the field itself, or the section holding it
   * (a tabbed form shows every section then, so the field is on screen below that heading).
   */
  anchorOf: (name: string) => string;
  /** With JavaScript: shows the part of the form holding the field (its tab) before focusing it. */
  onReveal?: (name: string) => void;
  /**
   * The summary takes focus when it appears and again when this changes (a new reply), never on
   * a revalidation while someone types.
   */
  focusKey?: unknown;
  className?: string;
}

/** The control a person operates for this field name inside the form. */
function controlOf(form: HTMLFormElement, name: string): HTMLElement | null {
  const named = form.elements.namedItem(name);
  const element = named instanceof RadioNodeList ? named[0] : named;
  if (!(element instanceof HTMLElement)) return null;
  // react-aria's Select posts through a hidden native select; its trigger is the control.
  const hidden = element.closest<HTMLElement>("[aria-hidden='true']");
  if (hidden?.parentElement)
    return hidden.parentElement.querySelector<HTMLElement>("button, input:not([type=hidden])");
  return element;
}

/**
 * Every error of a form at once, above it (DESIGN.md: all errors shown together), each naming the
 * field by its label and leading to it. Focus moves here when it appears, so a person who saved
 * from the bottom of a long form, or on another tab than the one with the error, hears and sees it.
 */
export function ErrorSummary({
  errors,
  formError,
  labels,
  labelOf,
  anchorOf,
  onReveal,
  focusKey,
  className,
}: ErrorSummaryProps) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors).flatMap(([name, e]) => {
    const text = fieldErrorText(e);
    return name !== "" && text ? [{ name, text }] : [];
  });
  const shown = entries.length > 0 || Boolean(formError);
  useEffect(() => {
    if (shown) ref.current?.focus();
    // Only a new reply moves focus; `shown` flipping on a keystroke's revalidation must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey]);
  if (!shown) return null;

  const goTo = (name: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    const form = ref.current?.closest("form");
    if (!form) return;
    // Render the revealed tab before focusing, or the field is still display: none.
    if (onReveal) flushSync(() => onReveal(name));
    const control = controlOf(form, name);
    if (!control) return;
    event.preventDefault();
    control.focus();
    control.scrollIntoView({ block: "center" });
  };

  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className={className ?? controls.errorSummary}
      data-testid="error-summary"
    >
      <p>{formError ?? t("common.ui.needsAttention")}</p>
      {entries.length > 0 ? (
        <ul>
          {entries.map(({ name, text }) => (
            <li key={name}>
              <a href={`#${anchorOf(name)}`} onClick={goTo(name)}>
                {labelOf?.(name) ?? fieldLabel(name, labels, t("common.ui.thisForm"))}
              </a>
              : {text}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
