import { Form, useLocation } from "@remix-run/react";
import { LANGUAGE_NAMES, LANGUAGES } from "~/models/locale/language";
import { LINKS } from "~/utils/links";
import { ChoiceButtons } from "~/components/ui/ChoiceButtons";
import { useLocale, useT } from "./locale-context";

/*
 * The quick switch of language (decision 101): a press posts the choice and comes back to the
 * same page as a whole document, so every script starts in the new language. Each language is
 * named in itself. The language page beside it has the time zone and "as my browser asks".
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const { language } = useLocale();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <Form method="post" action={LINKS.locale} reloadDocument className={className}>
      <input type="hidden" name="to" value={here} />
      <ChoiceButtons
        legend={t("common.locale.switchLabel")}
        name="language"
        current={language}
        choices={LANGUAGES.map((code) => ({
          value: code,
          label: LANGUAGE_NAMES[code],
          lang: code,
        }))}
        after={
          <a href={`${LINKS.locale}?to=${encodeURIComponent(here)}`}>{t("common.locale.more")}</a>
        }
      />
    </Form>
  );
}
