import { Form } from "@remix-run/react";
import { formatBytes } from "~/utils/format";
import { LINKS } from "~/utils/links";
import { Button } from "~/components/ui/Button";
import * as css from "~/components/ui/controls.css";
import { RadioGroupField } from "~/components/ui/RadioGroupField";

export interface UploadTargetOption {
  id: number;
  name: string;
}

/**
 * The upload form that works without JavaScript: the archive comes before the files, so the
 * server knows the destination when the first file's bytes arrive.
 */
export function UploadForm({
  targets,
  maxBytes,
}: {
  targets: UploadTargetOption[];
  maxBytes: number;
}) {
  return (
    <Form method="post" action={LINKS.upload} encType="multipart/form-data" reloadDocument>
      <RadioGroupField
        name="archive"
        label="Archive"
        isRequired
        defaultValue={targets.length === 1 ? String(targets[0]!.id) : undefined}
        options={targets.map((t) => ({ value: String(t.id), label: t.name }))}
      />
      <div className={css.field}>
        <label className={css.label} htmlFor="upload-files">
          Files
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
          Up to {formatBytes(maxBytes)} a file. Photos, video, audio and documents.
        </span>
      </div>
      <Button type="submit">Upload</Button>
    </Form>
  );
}
