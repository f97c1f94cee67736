import { useMemo } from "react";
import { formatters, type Formatters } from "~/models/locale/format";
import { useLocale } from "./locale-context";

/** The page's formatters: its language and time zone. */
export function useFormat(): Formatters {
  const { language, timeZone } = useLocale();
  return useMemo(() => formatters(language, timeZone), [language, timeZone]);
}
