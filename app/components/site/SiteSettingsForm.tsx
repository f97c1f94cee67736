import { ValidatedForm } from "remix-validated-form";
import type { SiteSettings } from "~/models/site/site.schema";
import { siteSettingsValidator } from "~/models/site/site.validators";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { LINKS } from "~/utils/links";

/** Site name, the dark-mode site flag, guest access and the cookie consent texts (Markdown). */
export function SiteSettingsForm({ settings }: { settings: SiteSettings }) {
  return (
    <ValidatedForm validator={siteSettingsValidator} method="post" noValidate>
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
