import { ValidatedForm } from "remix-validated-form";
import type { SiteSettings } from "~/models/site/site.schema";
import { siteSettingsValidator } from "~/models/site/site.validators";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { ValidatedSelectField } from "~/components/ui/SelectField";
import { LANGUAGE_NAMES, LANGUAGES } from "~/models/locale/language";
import { LINKS } from "~/utils/links";
import { useLocalizedValidator } from "~/components/locale/validation";
import { useT } from "~/components/locale/locale-context";

/**
 * Site name, the dark-mode site flag, guest access, the language and time zone of whoever chose
 * none (decision 101), the cookie consent texts (Markdown), and the origins allowed to call the
 * API (decision 110).
 */
export function SiteSettingsForm({
  settings,
  timeZones,
}: {
  settings: SiteSettings;
  /** The zones the server knows, so the page's list is the one its check accepts. */
  timeZones: string[];
}) {
  const t = useT();
  return (
    <ValidatedForm
      validator={useLocalizedValidator(siteSettingsValidator)}
      method="post"
      noValidate
    >
      <ValidatedTextField
        label={t("settings.site.name")}
        name="siteName"
        defaultValue={settings.siteName}
        maxLength={100}
      />
      <CheckboxField name="darkModeEnabled" defaultSelected={settings.darkModeEnabled}>
        {t("settings.site.darkMode")}
      </CheckboxField>
      <CheckboxField name="guestAccess" defaultSelected={settings.guestAccess}>
        {t("settings.site.guestAccess")}
      </CheckboxField>
      <ValidatedSelectField
        label={t("settings.site.defaultLanguage")}
        name="defaultLanguage"
        defaultValue={settings.defaultLanguage}
        options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
      />
      <ValidatedSelectField
        label={t("settings.site.timeZone")}
        name="timeZone"
        defaultValue={settings.timeZone}
        options={timeZones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))}
      />
      <ValidatedTextField
        label={t("settings.site.cookieTitle")}
        name="cookieTitle"
        defaultValue={settings.cookieConsent.title}
        maxLength={200}
        description={t("settings.site.cookieTitleHint")}
      />
      <ValidatedTextField
        label={t("settings.site.cookieBody")}
        name="cookieBody"
        multiline
        defaultValue={settings.cookieConsent.body}
        description={t("settings.site.cookieBodyHint")}
      />
      <ValidatedTextField
        label={t("settings.site.cookiePolicy")}
        name="cookiePolicy"
        multiline
        defaultValue={settings.cookieConsent.policy}
        description={t("settings.site.cookiePolicyHint", { path: LINKS.cookiePolicy })}
      />
      <ValidatedTextField
        label={t("settings.site.apiOrigins")}
        name="apiOrigins"
        multiline
        defaultValue={settings.apiOrigins.join("\n")}
        description={t("settings.site.apiOriginsHint")}
      />
      <Button type="submit">{t("settings.site.save")}</Button>
    </ValidatedForm>
  );
}
