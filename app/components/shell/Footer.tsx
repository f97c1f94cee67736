import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ToggleButton } from "react-aria-components/ToggleButton";
import * as css from "./layout.css";
import { visuallyHidden } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { useT } from "~/components/locale/locale-context";
import { LanguageSwitch } from "~/components/locale/LanguageSwitch";

function PolicyLink() {
  const t = useT();
  return (
    <a href={LINKS.cookiePolicy} target="_blank" rel="noopener">
      {t("common.footer.cookiePolicy")}
      <span className={visuallyHidden}> {t("common.footer.newTab")}</span>
    </a>
  );
}

/**
 * The page footer, and with JavaScript a floating footer with an info button shown while the real
 * one is out of view (checked 2 s after start, on scroll and resize, and after each move to
 * another page in the app).
 */
export function Footer({ siteName, signedIn }: { siteName: string; signedIn: boolean }) {
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  const [floating, setFloating] = useState(false);
  const [pushedIn, setPushedIn] = useState(false);
  const check = useRef(() => {});
  const { key } = useLocation();

  useEffect(() => {
    let frame = 0;
    check.current = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const footer = ref.current;
        if (footer) setFloating(footer.getBoundingClientRect().top >= window.innerHeight);
      });
    };
    const run = () => check.current();
    const timer = window.setTimeout(run, 2000);
    window.addEventListener("scroll", run, { passive: true });
    window.addEventListener("resize", run, { passive: true });
    return () => {
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", run);
      window.removeEventListener("resize", run);
    };
  }, []);

  // Moving to another page in the app may bring the footer into view without a scroll (a short
  // page, already at the top): the floating one would then sit over the real footer's link.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    check.current();
  }, [key]);

  return (
    <>
      <footer ref={ref} className={css.footer}>
        <span>{t("common.footer.tagline", { siteName })}</span>
        <PolicyLink />
        {/* Signed in, the user menu has the switch; anyone else finds it here. */}
        {signedIn ? null : <LanguageSwitch />}
      </footer>
      {floating ? (
        <aside
          className={css.floatingFooter}
          aria-label={t("common.footer.siteInformation")}
          data-testid="floating-footer"
        >
          {pushedIn ? (
            <span className={css.floatingFooterLinks}>
              <PolicyLink />
            </span>
          ) : null}
          <ToggleButton
            className={css.infoButton}
            isSelected={pushedIn}
            onChange={setPushedIn}
            aria-label={t("common.footer.siteInformation")}
          >
            i
          </ToggleButton>
        </aside>
      ) : null}
    </>
  );
}
