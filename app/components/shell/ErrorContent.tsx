import type { ApiErrorBody } from "~/http/error";
import * as css from "./error.css";

/** Date as day month year hour minute, in UTC so server and browser render the same text. */
export function formatErrorDate(iso: string | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return (
    date.toLocaleString("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "UTC",
    }) + " UTC"
  );
}

/** The body of the error dialog: a message or a list, then details with empty rows left out. */
export function ErrorContent({
  message,
  error,
}: {
  message: string;
  error?: Partial<ApiErrorBody>;
}) {
  const rows: [string, string | undefined][] = [
    ["Value", error?.value],
    ["Date", formatErrorDate(error?.date)],
    ["Request ID", error?.requestId],
    ["Heading", error?.heading],
    ["Message", error?.value && error.value !== message ? message : undefined],
    ["Description", error?.description],
    ["Technical info", error?.technicalInfo],
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
          <summary>Details</summary>
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
