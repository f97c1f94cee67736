import type { Reveal } from "~/http/reveal.server";
import * as css from "./applications.css";

/** A new client secret or API token, shown this once: it is stored only as a hash. */
export function RevealedSecret({ reveal }: { reveal: Reveal }) {
  const what = reveal.kind === "clientSecret" ? "client secret" : "API token";
  return (
    <div className={css.secret} role="status" data-testid="revealed-secret">
      <h2>
        The {what} of {reveal.name}
      </h2>
      <p>
        Copy it now: it is shown only this once.
        {reveal.kind === "clientSecret" ? (
          <>
            {" "}
            Client id: <code className={css.code}>{reveal.clientId}</code>
          </>
        ) : null}
      </p>
      <p>
        <code className={css.code} data-testid="secret-value">
          {reveal.value}
        </code>
      </p>
    </div>
  );
}
