import { useEffect } from "react";

/** Pings the keepalive service at its interval for signed-in users, not inside a frame. */
export function Keepalive({ href, interval }: { href: string; interval: number }) {
  useEffect(() => {
    if (window.top !== window.self) return;
    const timer = window.setInterval(() => {
      void fetch(href, {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      }).catch(() => {});
    }, interval * 1000);
    return () => window.clearInterval(timer);
  }, [href, interval]);
  return null;
}
