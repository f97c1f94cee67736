import { isRouteErrorResponse } from "@remix-run/react";
import { headingForStatus, isApiErrorBody, type ApiErrorBody } from "~/http/error";
import { useT, type Translate } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";
import { ErrorContent } from "./ErrorContent";
import * as css from "./error.css";
import { LINKS } from "~/utils/links";

const TITLES: Record<number, MessageId> = {
  400: "common.error.title400",
  403: "common.error.title403",
  405: "common.error.title405",
  409: "common.error.title409",
  413: "common.error.title413",
  429: "common.error.title429",
  503: "common.error.title503",
};

/** A page's title for an error status, in the page's language. */
const titleFor = (t: Translate, status: number) =>
  TITLES[status]
    ? t(TITLES[status])
    : t(status >= 500 ? "common.error.titleServer" : "common.error.titleRequest");

/**
 * Turns whatever a loader or action threw into the error dialog's fields, in the page's
 * language; the body keeps the API's English heading, shown among the details.
 */
export function describeRouteError(
  error: unknown,
  t: Translate,
): {
  title: string;
  message: string;
  body: Partial<ApiErrorBody>;
} {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const body: Partial<ApiErrorBody> = isApiErrorBody(data)
      ? data
      : {
          status: error.status,
          heading: headingForStatus(error.status),
          // The router's own texts ("You made a POST request to ...") are for developers.
          value:
            typeof data === "string" && !(error as { internal?: boolean }).internal
              ? data
              : undefined,
        };
    if (error.status === 401)
      return { title: t("common.error.title401"), message: t("common.error.accessDenied"), body };
    if (error.status === 404) {
      return {
        title: t("common.error.title404"),
        message: body.value || t("common.error.notFound"),
        body,
      };
    }
    return {
      title: titleFor(t, error.status),
      message: body.value || t("common.error.default"),
      body,
    };
  }
  return { title: t("common.error.title"), message: t("common.error.default"), body: {} };
}

/** The error dialog as a page: it renders on the server, so it needs no JavaScript. */
export function ErrorPanel({ error }: { error: unknown }) {
  const t = useT();
  const { title, message, body } = describeRouteError(error, t);
  return (
    <section role="alert" aria-labelledby="error-title" className={css.panel}>
      <h1 id="error-title" className={css.title}>
        {title}
      </h1>
      <ErrorContent message={message} error={body} />
      <div className={css.actions}>
        {body.status === 401 ? <a href={LINKS.login}>{t("common.header.logOn")}</a> : null}
        <a href={LINKS.home}>{t("common.error.close")}</a>
      </div>
    </section>
  );
}
