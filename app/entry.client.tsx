import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { MESSAGES_ID, setActiveLocale, type MessagesBlock } from "~/components/locale/active";
import { LocaleProvider, type LocaleState } from "~/components/locale/locale-context";
import { isLanguage, type Area } from "~/models/locale/language";
import { listenBeforeTheRouter } from "~/utils/pop-state-guard";

listenBeforeTheRouter();

/*
 * The page's language and messages come in its data block (decision 101); an area a later page
 * needs is fetched once, when a part that needs it first renders.
 */
function startLocale(): LocaleState {
  const block = JSON.parse(
    document.getElementById(MESSAGES_ID)?.textContent || "null",
  ) as MessagesBlock | null;
  const language = block && isLanguage(block.language) ? block.language : "en";
  const messages = Object.assign(
    {},
    ...Object.values(block?.areas ?? {}),
  ) as LocaleState["messages"];
  const pending = new Map<Area, Promise<void>>();
  const state: LocaleState = {
    messages,
    language,
    timeZone: block?.timeZone ?? "UTC",
    areas: new Set(Object.keys(block?.areas ?? {}) as Area[]),
    load: (area) => {
      let loading = pending.get(area);
      if (!loading) {
        loading = fetch(`/fotoweb/locales/${language}/${area}?v=${block?.version ?? ""}`)
          .then((answer) => {
            if (!answer.ok) throw new Error(`The ${area} messages answered ${answer.status}`);
            return answer.json() as Promise<LocaleState["messages"]>;
          })
          .then((loaded) => {
            Object.assign(messages, loaded);
            state.areas.add(area);
          })
          .finally(() => pending.delete(area));
        pending.set(area, loading);
      }
      return loading;
    },
  };
  return state;
}

const locale = startLocale();
setActiveLocale(locale);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <LocaleProvider value={locale}>
        <RemixBrowser />
      </LocaleProvider>
    </StrictMode>,
  );
});
