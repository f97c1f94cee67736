import { readerHeaders } from "~/utils/reader-header";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "@remix-run/react";
import { useHydrated } from "~/utils/use-hydrated";
import { useT } from "~/components/locale/locale-context";
import { Button } from "~/components/ui/Button";
import { ALERT_CONFIRMATION_MS, shortSearchText } from "~/models/alert/alert-text";
import type { AlertView } from "~/models/alert/alert.schema";
import { alertDanger } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import * as css from "./alerts.css";

/*
 * The create-alert button beside an archive search (spec 002 "Alert creation", decision 062).
 * Without JavaScript a plain post to the alerts list, which goes back here with a toast. With it:
 * a spinner, the create call, then the created alert fetched from its Location; a green
 * confirmation with the search text (cut to 50 characters, React escapes it) and a Modify link,
 * closing after 5 s unless the pointer or focus is in it; a danger alert on failure.
 */

export interface CreateAlertProps {
  /** The archive searched (its href). */
  archiveHref: string;
  searchString: string;
  /** Where the plain post comes back to: this page by default. */
  back?: string;
}

type State =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "created"; alert: AlertView }
  /** reason: the server's own words, in the person's language, when it gave any. */
  | { kind: "failed"; reason: string | null };

// The refusal's words are shown to the person: asked for in their language (decision 107).
const JSON_HEADERS = readerHeaders({
  accept: "application/json",
  "content-type": "application/json",
});

class CreateRefused extends Error {}

async function create(props: CreateAlertProps): Promise<AlertView> {
  const response = await fetch(LINKS.alerts, {
    method: "POST",
    headers: JSON_HEADERS,
    credentials: "same-origin",
    body: JSON.stringify({
      collection: props.archiveHref,
      interval: "every_day",
      dtSearchString: props.searchString,
    }),
  });
  const location = response.headers.get("location");
  if (response.status !== 201 || !location) {
    const body = (await response.json().catch(() => null)) as { value?: string } | null;
    throw new CreateRefused(body?.value ?? "");
  }
  const fetched = await fetch(location, { headers: { accept: "application/json" } });
  if (!fetched.ok) throw new CreateRefused("");
  return (await fetched.json()) as AlertView;
}

export function CreateAlert(props: CreateAlertProps) {
  const t = useT();
  const hydrated = useHydrated();
  const location = useLocation();
  const back = props.back ?? `${location.pathname}${location.search}`;
  const [state, setState] = useState<State>({ kind: "idle" });
  const [held, setHeld] = useState(false);
  const confirmation = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (state.kind !== "created" || held) return;
    const timer = setTimeout(() => setState({ kind: "idle" }), ALERT_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [state, held]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.kind === "busy") return;
    setState({ kind: "busy" });
    create(props).then(
      (alert) => setState({ kind: "created", alert }),
      (error: unknown) =>
        setState({
          kind: "failed",
          reason: error instanceof CreateRefused && error.message ? error.message : null,
        }),
    );
  };

  return (
    <div className={css.create}>
      <form
        method="post"
        action={`${LINKS.alerts}?index`}
        onSubmit={hydrated ? onSubmit : undefined}
      >
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="archive" value={props.archiveHref} />
        <input type="hidden" name="searchString" value={props.searchString} />
        <input type="hidden" name="interval" value="every_day" />
        <input type="hidden" name="back" value={back} />
        <Button
          type="submit"
          variant="secondary"
          isDisabled={state.kind === "busy"}
          data-testid="create-alert"
        >
          {state.kind === "busy" ? <span className={css.spinner} aria-hidden="true" /> : null}
          {t("grid.alert.create")}
        </Button>
      </form>
      {state.kind === "created" ? (
        <div
          ref={confirmation}
          role="status"
          className={css.success}
          data-testid="alert-created"
          onPointerEnter={() => setHeld(true)}
          onPointerLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={(e) => {
            if (!confirmation.current?.contains(e.relatedTarget as Node | null)) setHeld(false);
          }}
        >
          <span>
            {t("grid.alert.created", { search: shortSearchText(state.alert.dtSearchString) })}
          </span>
          <a href={state.alert.href} className={css.link}>
            {t("grid.alert.modify")}
          </a>
        </div>
      ) : null}
      {state.kind === "failed" ? (
        <div role="alert" className={alertDanger} data-testid="alert-failed">
          {t("grid.alert.createFailed")}
          {state.reason ? ` ${state.reason}` : null}
        </div>
      ) : null}
    </div>
  );
}
