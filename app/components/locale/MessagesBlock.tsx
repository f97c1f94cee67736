import { useNonce } from "~/utils/nonce";
import { MESSAGES_ID, MESSAGES_MARK } from "./active";

// What the browser found in the block at start: rendered again as it was, so hydration keeps it.
let found: string | null = null;

export function MessagesBlock() {
  // A data block runs nothing, but every script tag carries the page's nonce (hole 11).
  const nonce = useNonce();
  if (typeof document !== "undefined")
    found ??= document.getElementById(MESSAGES_ID)?.textContent ?? "";
  return (
    <script
      id={MESSAGES_ID}
      type="application/json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: typeof document === "undefined" ? MESSAGES_MARK : found! }}
    />
  );
}
