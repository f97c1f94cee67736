import "~/components/shell/shell-bundle";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SiteSettingsForm } from "~/components/site/SiteSettingsForm";
import { requireSiteSettingsPermission } from "~/http/site-permission.server";
import { archiveAdministrationDecision } from "~/models/access/access.server";
import { settingsFromForm, siteSettingsFormSchema } from "~/models/site/site.schema";
import { timeZones } from "~/models/locale/language";
import { getSiteSettings, updateSiteSettings } from "~/models/site/site.server";
import { panel } from "~/styles/global.css";
import { formReply, readSubmission } from "~/http/submission.server";
import { LINKS } from "~/utils/links";
import { redirectWithToast } from "~/http/toast.server";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";
import { keyed } from "~/models/locale/keyed";

export const handle = { i18n: ["settings"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("settings.site.title")} | Arkiv` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireSiteSettingsPermission(request);
  const manageArchives = (await archiveAdministrationDecision(viewer)).allowed;
  return json({ settings: await getSiteSettings(), manageArchives, timeZones: timeZones() });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireSiteSettingsPermission(request);
  const submission = await readSubmission(request, siteSettingsFormSchema, { json: false });
  if (!submission.ok) return formReply(request, submission);
  await updateSiteSettings(settingsFromForm(submission.data));
  return redirectWithToast(request, LINKS.management, {
    message: keyed("settings.toast.siteSaved"),
  });
}

export default function SiteSettingsView() {
  const t = useT();
  const { settings, manageArchives, timeZones } = useLoaderData<typeof loader>();
  return (
    <section className={panel} aria-labelledby="settings-title">
      <h1 id="settings-title">{t("settings.site.title")}</h1>
      <p>
        <Msg id="settings.site.applications" components={{ 0: <Link to={LINKS.applications} /> }} />
      </p>
      <p>
        <Msg
          id="settings.site.signupsOutbox"
          components={{
            0: <Link to={LINKS.adminSignupFields} />,
            1: <Link to={LINKS.adminOutbox} />,
          }}
        />
      </p>
      {manageArchives ? (
        <p>
          <Msg
            id="settings.site.archiveTools"
            components={{
              0: <Link to={LINKS.adminProcessingProfiles} />,
              1: <Link to={LINKS.adminWatermarks} />,
              2: <Link to={LINKS.adminRenditionSets} />,
              3: <Link to={LINKS.adminCropProfileSets} />,
              4: <Link to={LINKS.adminMetadata} />,
              5: <Link to={LINKS.adminArchives} />,
              6: <Link to={LINKS.adminTrash} />,
            }}
          />
        </p>
      ) : null}
      <SiteSettingsForm settings={settings} timeZones={timeZones} />
    </section>
  );
}
