import type { MessageId, MessageValues } from "~/models/locale/message-id";
import { message, type LocaleState } from "./locale-context";

/*
 * The locale of the render in progress, for what runs outside components: Remix's `meta`
 * functions (page titles). The server sets it around its synchronous render of one document;
 * the browser once at start.
 */
let active: LocaleState | null = null;

export function setActiveLocale(state: LocaleState | null) {
  active = state;
}

/** A message in the active locale; English ids fall through as they are when there is none. */
export function translateNow(id: MessageId, values?: MessageValues): string {
  return active ? message(active, id, values) : id;
}

/** The data block that carries the page's messages (decision 101). */
export const MESSAGES_ID = "arkiv-messages";
/** Where the server writes that block's content once the page has rendered. */
export const MESSAGES_MARK = "__ARKIV_MESSAGES__";

export interface MessagesBlock {
  language: string;
  timeZone: string;
  version: string;
  areas: Record<string, Record<string, unknown>>;
}
