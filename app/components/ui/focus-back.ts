import { useCallback, useRef, type FocusEvent } from "react";

/**
 * For an overlay that mounts in place of a lazy stand-in button (decision 027): react-aria puts
 * focus back, on close, on the element that had it when the overlay opened. That was the
 * stand-in, gone by then, so focus fell to the page's body. This gives the real trigger a ref and
 * wraps onOpenChange to focus it on close, unless focus has gone somewhere on purpose (a click
 * elsewhere).
 */
export function useFocusBackOnClose<T extends HTMLElement>(onOpenChange?: (open: boolean) => void) {
  const trigger = useRef<T>(null);
  const handle = useCallback(
    (open: boolean) => {
      onOpenChange?.(open);
      if (open) return;
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (!active || active === document.body) trigger.current?.focus();
      });
    },
    [onOpenChange],
  );
  return { trigger, onOpenChange: handle };
}

/**
 * A focus handler for the element wrapping a menu that mounts open: when the menu's code arrives
 * after the press that opened it, react-aria may focus the menu before its items exist and leave
 * focus there. Focus landing on the menu itself moves on to its first item.
 */
export function focusFirstMenuItem(event: FocusEvent<HTMLElement>) {
  const target = event.target;
  if (!(target instanceof HTMLElement) || target.getAttribute("role") !== "menu") return;
  target.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
}
