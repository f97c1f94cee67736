import { isRouteErrorResponse } from "@remix-run/react";
import {
  ACCESS_DENIED_MESSAGE,
  DEFAULT_ERROR_MESSAGE,
  headingForStatus,
  isApiErrorBody,
  type ApiErrorBody,
} from "~/http/error";
import { ErrorContent } from "./ErrorContent";
import * as css from "./error.css";
import { LINKS } from "~/utils/links";

/** Turns whatever a loader or action threw into the error dialog's fields. */
export function describeRouteError(error: unknown): {
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
      return { title: "Access denied", message: ACCESS_DENIED_MESSAGE, body };
    if (error.status === 404) {
      return {
        title: "Page not found",
        message: body.value || "There is nothing at this address.",
        body,
      };
    }
    return {
      title: body.heading ?? headingForStatus(error.status),
      message: body.value || DEFAULT_ERROR_MESSAGE,
      body,
    };
  }
  return { title: "Error", message: DEFAULT_ERROR_MESSAGE, body: {} };
}

/** The error dialog as a page: it renders on the server, so it needs no JavaScript. */
export function ErrorPanel({ error }: { error: unknown }) {
  const { title, message, body } = describeRouteError(error);
  return (
    <section role="alert" aria-labelledby="error-title" className={css.panel}>
      <h1 id="error-title" className={css.title}>
        {title}
      </h1>
      <ErrorContent message={message} error={body} />
      <div className={css.actions}>
        {body.status === 401 ? <a href={LINKS.login}>Log on</a> : null}
        <a href={LINKS.home}>Close</a>
      </div>
    </section>
  );
}
