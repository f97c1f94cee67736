import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/TextField";
import * as controls from "~/components/ui/controls.css";
import type { FormReplyBody } from "~/http/error";
import type { Watermark } from "~/models/processing/watermarks.server";
import * as css from "./processing.css";
import { TableScroller } from "~/components/ui/TableScroller";
import { useT } from "~/components/locale/locale-context";

/** The upload form: a name and a PNG or JPEG; a plain multipart form, so no script is needed. */
export function WatermarkUpload({ reply }: { reply: FormReplyBody | undefined }) {
  const t = useT();
  const errors = reply?.fieldErrors ?? {};
  const sent = (reply?.repopulateFields ?? {}) as Record<string, string | undefined>;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className={css.form}
      aria-label={t("settings.processing.watermarks.upload")}
    >
      <input type="hidden" name="intent" value="upload" />
      <TextField
        label={t("settings.processing.name")}
        name="Name"
        isRequired
        maxLength={100}
        defaultValue={sent.Name ?? ""}
        errors={errors.Name}
      />
      <div className={controls.field}>
        <label htmlFor="watermark-file" className={controls.label}>
          {t("settings.processing.watermarks.image")}
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
        <Button type="submit">{t("settings.processing.watermarks.uploadButton")}</Button>
      </span>
    </Form>
  );
}

export function WatermarkList({ watermarks }: { watermarks: Watermark[] }) {
  const t = useT();
  if (watermarks.length === 0) return <p>{t("settings.processing.watermarks.none")}</p>;
  return (
    <TableScroller label={t("settings.processing.watermarks.caption")}>
      <table className={css.table}>
        <caption className={css.legend}>{t("settings.processing.watermarks.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("settings.processing.watermarks.preview")}</th>
            <th scope="col">{t("settings.processing.name")}</th>
            <th scope="col">{t("settings.processing.watermarks.fileName")}</th>
            <th scope="col">{t("settings.processing.watermarks.size")}</th>
            <th scope="col">{t("settings.processing.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {watermarks.map((w) => (
            <tr key={w.FileName}>
              <td>
                <img
                  src={w.ImageHref}
                  alt={t("settings.processing.watermarks.alt", { name: w.Name })}
                  className={css.thumb}
                />
              </td>
              <th scope="row">{w.Name}</th>
              <td>{w.FileName}</td>
              <td>
                {t("settings.processing.watermarks.pixels", { width: w.Width, height: w.Height })}
              </td>
              <td>
                <Link
                  to={`?delete=${encodeURIComponent(w.FileName)}`}
                  className={css.link}
                  aria-label={t("settings.processing.deleteNamed", { name: w.Name })}
                >
                  {t("settings.processing.delete")}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
