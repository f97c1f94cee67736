import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { Button } from "~/components/ui/Button";
import { button } from "~/components/ui/controls.css";
import { showToast } from "~/components/ui/Toasts";
import { FieldValue } from "./FieldValue";
import {
  EDITED_NAME,
  editKey,
  editorKind,
  errorFor,
  valueName,
  type EditorField,
} from "./field-form";
import * as css from "./editors.css";
import { useT } from "~/components/locale/locale-context";

/*
 * The scripted editors (react-aria's combo boxes, selects, tags and the taxonomy tree, with their
 * overlays) load when someone starts to edit, not with the page: prefetched as the pointer or
 * the focus reaches an Edit button.
 */
const loadWidget = () => import("./FieldWidget");
const FieldWidget = lazy(() => loadWidget().then((m) => ({ default: m.FieldWidget })));

/** What the asset page's action answers a fetcher. */
export interface InlineReply {
  ok?: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
  formError?: string;
}

/**
 * One field on the asset page with JavaScript: view mode with an Edit button; edit mode with the
 * field's widget, Save and Cancel. Enter (Shift+Enter in text areas and tag fields) saves, Escape
 * cancels; both return to view mode. The save posts to the page's action through a fetcher, so
 * the page's data reloads in place; a refused value keeps the editor open with its message.
 */
export function InlineField({ field, action }: { field: EditorField; action: string }) {
  const t = useT();
  const fetcher = useFetcher<InlineReply>();
  const stored = field.values.map((v) => v.value);
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(stored);
  const [error, setError] = useState<string | undefined>();
  const editButton = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const storedKey = JSON.stringify(stored);

  useEffect(() => {
    if (!editing) setValues(JSON.parse(storedKey) as string[]);
  }, [storedKey, editing]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const reply = fetcher.data;
    if (reply.ok) {
      showToast({
        kind: "success",
        message: reply.message ?? t("asset.edit.fieldSaved", { label: field.label }),
      });
      setError(undefined);
      setEditing(false);
      requestAnimationFrame(() => editButton.current?.focus());
    } else {
      setError(
        errorFor(reply.fieldErrors, field.id) ?? reply.formError ?? t("asset.edit.notSaved"),
      );
    }
  }, [fetcher.state, fetcher.data, field.id, field.label, t]);

  const cancel = () => {
    setValues(stored);
    setError(undefined);
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const save = () => {
    const data = new FormData();
    data.set("_fetch", "1");
    data.set(EDITED_NAME, String(field.id));
    for (const v of values) data.append(valueName(field.id), v);
    fetcher.submit(data, { method: "post", action });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const what = editKey(editorKind(field), event);
    if (what === "save") {
      event.preventDefault();
      save();
    } else if (what === "cancel") {
      event.preventDefault();
      cancel();
    }
  };
  const busy = fetcher.state !== "idle";

  if (!editing || field.readonly) {
    return (
      <div className={css.inline} data-mode="view" data-readonly={field.readonly || undefined}>
        <div className={css.inlineHead}>
          <span className={css.label} id={`field-${field.id}-label`}>
            {field.label}
          </span>
          {field.readonly ? (
            <span className={css.notice}>{t("asset.edit.readOnly")}</span>
          ) : (
            <AriaButton
              ref={editButton}
              className={button.quiet}
              aria-label={t("asset.edit.editField", { label: field.label })}
              onHoverStart={() => void loadWidget()}
              onFocus={() => void loadWidget()}
              onPress={() => setEditing(true)}
            >
              {t("asset.edit.edit")}
            </AriaButton>
          )}
        </div>
        <FieldValue field={field} values={stored} />
      </div>
    );
  }
  return (
    <form
      ref={form}
      className={css.inline}
      data-mode="edit"
      aria-label={t("asset.edit.editField", { label: field.label })}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Suspense fallback={<FieldValue field={field} values={values} />}>
        <FieldWidget
          field={field}
          name={valueName(field.id)}
          values={values}
          onChange={setValues}
          error={error}
          hydrated
          autoFocus
          isDisabled={busy}
          onKeyDown={onKeyDown}
        />
      </Suspense>
      <div className={css.actions}>
        <Button type="submit" isDisabled={busy}>
          {busy ? t("asset.edit.saving") : t("asset.edit.save")}
        </Button>
        <Button variant="secondary" onPress={cancel} isDisabled={busy}>
          {t("asset.edit.cancel")}
        </Button>
      </div>
    </form>
  );
}
