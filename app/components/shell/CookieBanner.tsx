import { useFetcher, useLocation } from "@remix-run/react";
import { lazy, Suspense, useId, useState } from "react";
import type { ShellData } from "~/http/shell.server";
import { Button } from "~/components/ui/Button";
import * as css from "./layout.css";
import { isApiErrorBody } from "~/http/error";
import { LINKS } from "~/utils/links";
import { useT } from "~/components/locale/locale-context";
import { useHydrated } from "~/utils/use-hydrated";

type Banner = NonNullable<ShellData["cookieBanner"]>;

// Only a failed consent shows it: its code (react-aria's Modal) loads then (decision 027).
const ErrorDialog = lazy(() =>
  import("~/components/ui/ErrorDialog").then((m) => ({ default: m.ErrorDialog })),
);

/**
 * Shown to visitors who are not signed in until they accept the current policy text. Accepting is
 * a form post that sets a cookie; with JavaScript it happens in place.
 */
export function CookieBanner({ banner }: { banner: Banner }) {
  const fetcher = useFetcher<unknown>();
  const t = useT();
  const location = useLocation();
  const titleId = useId();
  const hydrated = useHydrated();
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  const failed = fetcher.state === "idle" && isApiErrorBody(fetcher.data) ? fetcher.data : null;
  const accepted = fetcher.state !== "idle" || (fetcher.data !== undefined && !failed);
  if (accepted) return null;
  return (
    <section className={css.banner} aria-labelledby={titleId} data-testid="cookie-banner">
      <div className={css.bannerText}>
        <h2 id={titleId} className={css.bannerTitle}>
          {banner.title}
        </h2>
        <div dangerouslySetInnerHTML={{ __html: banner.bodyHtml }} />
      </div>
      <fetcher.Form method="post" action={LINKS.cookieConsent}>
        <input type="hidden" name="version" value={banner.version} />
        <input type="hidden" name="to" value={location.pathname + location.search} />
        {/* Posted by the fetcher: answered as JSON, a refusal in the person's language. */}
        {hydrated ? <input type="hidden" name="_fetch" value="1" /> : null}
        <Button type="submit">{t("common.cookies.accept")}</Button>
      </fetcher.Form>
      {failed && failed !== dismissedError ? (
        <Suspense fallback={null}>
          <ErrorDialog
            title={t("common.cookies.error")}
            error={failed}
            onClose={() => setDismissedError(failed)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
