import { useLocation, useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useRef, useState } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { useHydrated } from "~/utils/use-hydrated";
import * as layout from "~/components/shell/layout.css";
import * as css from "./advanced-search.css";
import { useT } from "~/components/locale/locale-context";

const loadPopover = () => import("./AdvancedSearchPopover");
const AdvancedSearchPopover = lazy(loadPopover);

/*
 * The header's "Advanced search": without JavaScript a link to the advanced search page, with it
 * a popover. Either searches the archive page it was opened on, or all archives, and starts from
 * that page's current search. The popover's code is fetched when the pointer or focus reaches
 * the button, or at the latest on the first press. The button is a plain one, not a
 * DialogTrigger: react-aria's Dialog module pulls in its Menu and collections, which must stay
 * out of the code every page loads (decision 027).
 */
export function AdvancedSearch({ pageHref }: { pageHref: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (!hydrated) {
    return (
      <a className={`${layout.headerButton} ${css.trigger}`} href={pageHref}>
        {t("common.header.advancedSearch")}
      </a>
    );
  }
  const prefetch = () => void loadPopover();
  return (
    <>
      <AriaButton
        ref={triggerRef}
        className={`${layout.headerButton} ${css.trigger}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onHoverStart={prefetch}
        onFocus={prefetch}
        onPress={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {t("common.header.advancedSearch")}
      </AriaButton>
      {wanted ? (
        <Suspense fallback={null}>
          <AdvancedSearchPopover
            triggerRef={triggerRef}
            isOpen={open}
            onOpenChange={setOpen}
            pathname={pathname}
            params={params}
          />
        </Suspense>
      ) : null}
    </>
  );
}
