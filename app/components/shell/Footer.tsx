import { useEffect, useRef, useState } from "react";
import { ToggleButton } from "react-aria-components/ToggleButton";
import * as css from "./layout.css";
import { visuallyHidden } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

function PolicyLink() {
  return (
    <a href={LINKS.cookiePolicy} target="_blank" rel="noopener">
      Cookie policy<span className={visuallyHidden}> (opens in a new tab)</span>
    </a>
  );
}

/**
 * The page footer, and with JavaScript a floating footer with an info button shown while the real
 * one is out of view (checked 2 s after start and on scroll).
 */
export function Footer({ siteName }: { siteName: string }) {
  const ref = useRef<HTMLElement>(null);
  const [floating, setFloating] = useState(false);
  const [pushedIn, setPushedIn] = useState(false);

  useEffect(() => {
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const footer = ref.current;
        if (footer) setFloating(footer.getBoundingClientRect().top >= window.innerHeight);
      });
    };
    const timer = window.setTimeout(check, 2000);
    window.addEventListener("scroll", check, { passive: true });
    window.addEventListener("resize", check, { passive: true });
    return () => {
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", check);
      window.removeEventListener("resize", check);
    };
  }, []);

  return (
    <>
      <footer ref={ref} className={css.footer}>
        <span>{siteName}: digital asset management</span>
        <PolicyLink />
      </footer>
      {floating ? (
        <aside
          className={css.floatingFooter}
          aria-label="Site information"
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
            aria-label="Site information"
          >
            i
          </ToggleButton>
        </aside>
      ) : null}
    </>
  );
}
