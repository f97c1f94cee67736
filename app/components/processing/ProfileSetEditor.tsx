import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/TextField";
import * as controls from "~/components/ui/controls.css";
import { conformResult, type FormReplyBody } from "~/http/error";
import { processingProfileSetSchema } from "~/models/processing/processing.schema";
import { flatErrors } from "./ProfileEditor";
import * as css from "./processing.css";
import { useConformErrors } from "~/components/locale/validation";
import { useT } from "~/components/locale/locale-context";

/**
 * A profile set: its name and the profiles it offers, ticked. The set keeps the order shown:
 * its own profiles first, in their order, then the others by name.
 */
export function ProfileSetEditor({
  set,
  profiles,
  reply,
}: {
  set: { Name: string; Profiles: string[] } | null;
  profiles: { id: string; name: string }[];
  reply: FormReplyBody | undefined;
}) {
  const t = useT();
  const conformErrors = useConformErrors();
  const [form] = useForm({
    lastResult: reply ? conformResult(reply) : null,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: processingProfileSetSchema, formatError: conformErrors }),
  });
  const errors = { ...(reply?.fieldErrors ?? {}), ...flatErrors(form.allErrors) };
  const sent = reply?.repopulateFields as Record<string, string | string[] | undefined> | undefined;
  const chosen = new Set(sent ? [sent.Profiles ?? []].flat() : (set?.Profiles ?? []));
  const order = set?.Profiles ?? [];
  const shown = [
    ...order.flatMap((id) => profiles.filter((p) => p.id === id)),
    ...profiles.filter((p) => !order.includes(p.id)),
  ];
  const error = errors.Profiles;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className={css.form}
      aria-label={t("settings.processing.profileSet.form")}
    >
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
        defaultValue={typeof sent?.Name === "string" ? sent.Name : (set?.Name ?? "")}
        errors={errors.Name}
      />
      <fieldset
        className={css.fieldset}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "profiles-error" : undefined}
      >
        <legend className={css.legend}>{t("settings.processing.profileSet.offered")}</legend>
        {shown.map((p) => (
          <label key={p.id} className={controls.checkbox}>
            <input type="checkbox" name="Profiles" value={p.id} defaultChecked={chosen.has(p.id)} />
            {p.name}
          </label>
        ))}
        {error ? (
          <p id="profiles-error" className={css.error} role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>
      <span className={css.actions}>
        <Button type="submit">{t("settings.processing.save")}</Button>
      </span>
    </Form>
  );
}
