import { Form, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import type { UploadLimits } from "~/models/upload/upload.schema";
import { fitToLimits } from "./resize-image";
import { useFormat } from "~/components/locale/format";
import { useT } from "~/components/locale/locale-context";
import { LINKS } from "~/utils/links";
import { Button } from "~/components/ui/Button";
import * as css from "~/components/ui/controls.css";
import { RadioGroupField } from "~/components/ui/RadioGroupField";

export interface UploadTargetOption {
  id: number;
  name: string;
  limits?: UploadLimits | null;
}

/**
 * The upload form that works without JavaScript: the archive comes before the files, so the
 * server knows the destination when the first file's bytes arrive. With JavaScript, an archive
 * that resizes on the client (decision 043) gets its images fitted to its limits before they go.
 */
export function UploadForm({
  targets,
  maxBytes,
}: {
  targets: UploadTargetOption[];
  maxBytes: number;
}) {
  const t = useT();
  const { bytes } = useFormat();
  const submit = useSubmit();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const limits = targets.find((t) => String(t.id) === data.get("archive"))?.limits;
    if (!limits) return;
    event.preventDefault();
    const files = data.getAll("file").filter((f): f is File => f instanceof File);
    data.delete("file");
    void Promise.all(files.map((f) => fitToLimits(f, limits))).then((fitted) => {
      // Appended last: the archive field still comes before the files.
      for (const file of fitted) data.append("file", file, file.name);
      submit(data, { method: "post", action: LINKS.upload, encType: "multipart/form-data" });
    });
  };
  return (
    <Form
      method="post"
      action={LINKS.upload}
      encType="multipart/form-data"
      reloadDocument
      onSubmit={onSubmit}
    >
      <RadioGroupField
        name="archive"
        label={t("work.upload.archive")}
        isRequired
        defaultValue={targets.length === 1 ? String(targets[0]!.id) : undefined}
        options={targets.map((t) => ({ value: String(t.id), label: t.name }))}
      />
      <div className={css.field}>
        <label className={css.label} htmlFor="upload-files">
          {t("work.upload.files")}
        </label>
        <input
          id="upload-files"
          className={css.input}
          type="file"
          name="file"
          multiple
          required
          aria-describedby="upload-files-limit"
        />
        <span id="upload-files-limit" className={css.description}>
          {t("work.upload.limitHint", { size: bytes(maxBytes) })}
        </span>
      </div>
      <Button type="submit">{t("work.upload.submit")}</Button>
    </Form>
  );
}
