import type { Reveal } from "~/http/reveal.server";
import * as css from "./applications.css";
import { Msg } from "~/components/locale/Msg";
import { useT } from "~/components/locale/locale-context";

/** A new client secret or API token, shown this once: it is stored only as a hash. */
export function RevealedSecret({ reveal }: { reveal: Reveal }) {
  const t = useT();
  return (
    <div className={css.secret} role="status" data-testid="revealed-secret">
      <h2>
        {reveal.kind === "clientSecret"
          ? t("settings.applications.secretOf", { name: reveal.name })
          : t("settings.applications.tokenOf", { name: reveal.name })}
      </h2>
      <p>
        {reveal.kind === "clientSecret" ? (
          <Msg
            id="settings.applications.copySecret"
            values={{ clientId: reveal.clientId ?? "" }}
            components={{ 0: <code className={css.code} /> }}
          />
        ) : (
          t("settings.applications.copyNow")
        )}
      </p>
      <p>
        <code className={css.code} data-testid="secret-value">
          {reveal.value}
        </code>
      </p>
    </div>
  );
}
