import type { ApiErrorBody } from "~/http/error";
import { useLocale, useT } from "~/components/locale/locale-context";
import { formatDateTime } from "~/models/locale/format";
import * as css from "./error.css";

/** The body of the error dialog: a message or a list, then details with empty rows left out. */
export function ErrorContent({
  message,
  error,
}: {
  message: string;
  error?: Partial<ApiErrorBody>;
}) {
  const t = useT();
  const { language, timeZone } = useLocale();
  // The heading and technical rows are the API's own (English) words, shown as they came.
  const rows: [string, string | undefined][] = [
    [t("common.error.value"), error?.value],
    [
      t("common.error.date"),
      error?.date ? formatDateTime(language, timeZone, error.date) : undefined,
    ],
    [t("common.error.requestId"), error?.requestId],
    [t("common.error.heading"), error?.heading],
    [t("common.error.message"), error?.value && error.value !== message ? message : undefined],
    [t("common.error.description"), error?.description],
    [t("common.error.technicalInfo"), error?.technicalInfo],
  ];
  const shown = rows.filter(([, v]) => v !== undefined && v !== "");
  return (
    <>
      {error?.messages && error.messages.length > 0 ? (
        <ul className={css.list}>
          {error.messages.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      ) : (
        <p>{message}</p>
      )}
      {shown.length > 0 ? (
        <details className={css.details}>
          <summary>{t("common.error.details")}</summary>
          <dl className={css.rows}>
            {shown.map(([label, value]) => (
              <div key={label} className={css.row}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </>
  );
}
