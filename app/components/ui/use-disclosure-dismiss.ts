import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/*
 * For native disclosures used as menus (<details>: the phone menu, the user menu, the navigation
 * pane's entry menus), which open and
 * post their forms without JavaScript. With it, they close as menus do: on Escape (focus back
 * on the summary), on a click outside, and on arriving at another page. An overlay opened from
 * inside one (react-aria renders popovers and dialogs at the end of the body) counts as inside:
 * the disclosure stays open beneath it, and the overlay's own Escape (default prevented by
 * react-aria) is left to it. A disclosure inside another closes first, alone.
 */
export function useDisclosureDismiss() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || !details.open) return;
      if (details.querySelector("details[open]")) return;
      event.preventDefault();
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target;
      if (!details.open || !(target instanceof Element) || !target.isConnected) return;
      if (details.contains(target) || inOverlay(target)) return;
      details.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);

  // Not on the first run: a disclosure opened before the scripts arrived stays open.
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    if (ref.current) ref.current.open = false;
  }, [key]);

  return ref;
}

/** Inside a popover, menu or dialog rendered outside the page's own tree. */
function inOverlay(target: Element) {
  return target.closest('[role="dialog"], [role="menu"], [role="listbox"], [data-placement]');
}
