import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/TextField";
import * as controls from "~/components/ui/controls.css";
import type { FormReplyBody } from "~/http/error";
import type { Watermark } from "~/models/processing/watermarks.server";
import * as css from "./processing.css";
import { TableScroller } from "~/components/ui/TableScroller";

/** The upload form: a name and a PNG or JPEG; a plain multipart form, so no script is needed. */
export function WatermarkUpload({ reply }: { reply: FormReplyBody | undefined }) {
  const errors = reply?.fieldErrors ?? {};
  const sent = (reply?.repopulateFields ?? {}) as Record<string, string | undefined>;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className={css.form}
      aria-label="Upload a watermark"
    >
      <input type="hidden" name="intent" value="upload" />
      <TextField
        label="Name"
        name="Name"
        isRequired
        maxLength={100}
        defaultValue={sent.Name ?? ""}
        errors={errors.Name}
      />
      <div className={controls.field}>
        <label htmlFor="watermark-file" className={controls.label}>
          Image (PNG with transparency, or JPEG; at most 10 MB and 8000 × 8000 px)
        </label>
        <input
          id="watermark-file"
          type="file"
          name="file"
          accept="image/png,image/jpeg"
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? "watermark-file-error" : undefined}
        />
        {errors.file ? (
          <span id="watermark-file-error" className={controls.fieldError}>
            {errors.file}
          </span>
        ) : null}
      </div>
      <span className={css.actions}>
        <Button type="submit">Upload</Button>
      </span>
    </Form>
  );
}

export function WatermarkList({ watermarks }: { watermarks: Watermark[] }) {
  if (watermarks.length === 0) return <p>No watermarks yet.</p>;
  return (
    <TableScroller label="Watermarks">
      <table className={css.table}>
        <caption className={css.legend}>Watermarks</caption>
        <thead>
          <tr>
            <th scope="col">Preview</th>
            <th scope="col">Name</th>
            <th scope="col">File name</th>
            <th scope="col">Size</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {watermarks.map((w) => (
            <tr key={w.FileName}>
              <td>
                <img src={w.ImageHref} alt={`The watermark ${w.Name}`} className={css.thumb} />
              </td>
              <th scope="row">{w.Name}</th>
              <td>{w.FileName}</td>
              <td>{`${w.Width} × ${w.Height} px`}</td>
              <td>
                <Link
                  to={`?delete=${encodeURIComponent(w.FileName)}`}
                  className={css.link}
                  aria-label={`Delete ${w.Name}`}
                >
                  Delete
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
