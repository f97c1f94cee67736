import { createContext, useCallback, useContext, type ReactNode } from "react";
import { formatCompiled, type CompiledMessage } from "~/models/locale/interpret";
import { areaOf, type Area, type Language } from "~/models/locale/language";
import type { MessageId, MessageValues, Translate } from "~/models/locale/message-id";

/*
 * The page's language, time zone and messages (decision 101). The server makes one per request
 * (entry.server) and records there each area a message is taken from, so the page carries those
 * areas' messages; the browser makes one at start (entry.client) and loads an area it lacks
 * before the part that needs it renders (the render suspends meanwhile).
 */
export interface LocaleState {
  /** The messages at hand, by id: on the server every one, in the browser those loaded. */
  messages: Record<string, CompiledMessage>;
  language: Language;
  timeZone: string;
  /** Server: the areas this render used. Browser: the areas loaded. */
  areas: Set<Area>;
  /** Browser: loads an area's messages (one request per area, shared). Server: absent. */
  load?: (area: Area) => Promise<void>;
}

export const LocaleContext = createContext<LocaleState | null>(null);

export function LocaleProvider({ value, children }: { value: LocaleState; children: ReactNode }) {
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error("No LocaleProvider above this component");
  return state;
}

/** Makes sure an area is at hand: records it (server) or suspends for it (browser). */
function reachArea(state: LocaleState, area: Area) {
  if (!state.load) state.areas.add(area);
  else if (!state.areas.has(area)) throw state.load(area);
}

const reach = (state: LocaleState, id: string) => reachArea(state, areaOf(id) as Area);

/** An area a component will need outside its render (a form's own checks, say), at hand now. */
export function useArea(area: Area): LocaleState {
  const state = useLocale();
  reachArea(state, area);
  return state;
}

/**
 * A message from what is at hand, for callbacks that may not suspend; an id whose area is not
 * loaded comes back as the id, and its area starts loading for the next time.
 */
export function messageAtHand(state: LocaleState, id: MessageId, values?: MessageValues): string {
  const compiled = state.messages[id];
  if (compiled === undefined) {
    if (state.load && !state.areas.has(areaOf(id) as Area)) void state.load(areaOf(id) as Area);
    return id;
  }
  return formatCompiled(compiled, values ?? {}, state.language);
}

export function message(state: LocaleState, id: MessageId, values?: MessageValues): string {
  reach(state, id);
  const compiled = state.messages[id];
  return compiled === undefined ? id : formatCompiled(compiled, values ?? {}, state.language);
}

export type { Translate };

/** `t("grid.sortLabel")`: a message as text in the page's language. */
export function useT(): Translate {
  const state = useLocale();
  return useCallback((id, values) => message(state, id, values), [state]);
}
