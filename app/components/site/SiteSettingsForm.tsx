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

/**
 * Site name, the dark-mode site flag, guest access, the language and time zone of whoever chose
 * none (decision 101), and the cookie consent texts (Markdown).
 */
export function SiteSettingsForm({
  settings,
  timeZones,
}: {
  settings: SiteSettings;
  /** The zones the server knows, so the page's list is the one its check accepts. */
  timeZones: string[];
}) {
  return (
    <ValidatedForm
      validator={useLocalizedValidator(siteSettingsValidator)}
      method="post"
      noValidate
    >
      <ValidatedTextField
        label="Site name"
        name="siteName"
        defaultValue={settings.siteName}
        maxLength={100}
      />
      <CheckboxField name="darkModeEnabled" defaultSelected={settings.darkModeEnabled}>
        Allow dark mode (each user still chooses light, dark or auto)
      </CheckboxField>
      <CheckboxField name="guestAccess" defaultSelected={settings.guestAccess}>
        Allow guest access
      </CheckboxField>
      <ValidatedSelectField
        label="Default language"
        name="defaultLanguage"
        defaultValue={settings.defaultLanguage}
        options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
      />
      <ValidatedSelectField
        label="Time zone"
        name="timeZone"
        defaultValue={settings.timeZone}
        options={timeZones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))}
      />
      <ValidatedTextField
        label="Cookie banner title"
        name="cookieTitle"
        defaultValue={settings.cookieConsent.title}
        maxLength={200}
      />
      <ValidatedTextField
        label="Cookie banner text"
        name="cookieBody"
        multiline
        defaultValue={settings.cookieConsent.body}
        description="Markdown. Changing it shows the banner again to every visitor."
      />
      <ValidatedTextField
        label="Cookie policy"
        name="cookiePolicy"
        multiline
        defaultValue={settings.cookieConsent.policy}
        description={`Markdown, shown at ${LINKS.cookiePolicy}.`}
      />
      <Button type="submit">Save settings</Button>
    </ValidatedForm>
  );
}
