import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { DeferredSelectField } from "~/components/ui/DeferredSelectField";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import { LANGUAGE_NAMES } from "~/models/locale/language";
import { useT } from "./locale-context";

export interface LocaleFormProps {
  languages: { code: string; name: string }[];
  timeZones: string[];
  chosen: { language: string; timeZone: string };
  saves: "account" | "browser";
  /** The site's time zone, which "auto" follows. */
  siteTimeZone: string;
  /** The language the browser asks for now, which "auto" follows. */
  browserLanguage: string;
  to: string;
}

/** The language page's form: a language and a time zone, each may follow the default. */
export function LocaleForm(props: LocaleFormProps) {
  const t = useT();
  const auto = props.saves === "account";
  return (
    <Form method="post" reloadDocument>
      <input type="hidden" name="to" value={props.to} />
      <p>{t(auto ? "common.locale.savesInAccount" : "common.locale.savesInBrowser")}</p>
      <RadioGroupField
        label={t("common.locale.language")}
        name="language"
        defaultValue={props.chosen.language}
        options={[
          ...(auto
            ? [
                {
                  value: "auto",
                  label: t("common.locale.languageAuto", {
                    current:
                      LANGUAGE_NAMES[props.browserLanguage as keyof typeof LANGUAGE_NAMES] ??
                      props.browserLanguage,
                  }),
                },
              ]
            : []),
          ...props.languages.map((l) => ({ value: l.code, label: l.name })),
        ]}
      />
      <DeferredSelectField
        label={t("common.locale.timeZone")}
        name="timeZone"
        defaultValue={props.chosen.timeZone}
        options={[
          ...(auto
            ? [
                {
                  value: "auto",
                  label: t("common.locale.timeZoneAuto", { zone: props.siteTimeZone }),
                },
              ]
            : []),
          ...props.timeZones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") })),
        ]}
      />
      <Button type="submit">{t("common.locale.save")}</Button>
    </Form>
  );
}
