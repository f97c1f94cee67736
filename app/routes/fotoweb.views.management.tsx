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

export const meta: MetaFunction = () => [{ title: "Site settings | Arkiv" }];

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
  return redirectWithToast(request, LINKS.management, { message: "Site settings saved." });
}

export default function SiteSettingsView() {
  const { settings, manageArchives, timeZones } = useLoaderData<typeof loader>();
  return (
    <section className={panel} aria-labelledby="settings-title">
      <h1 id="settings-title">Site settings</h1>
      <p>
        <Link to={LINKS.applications}>Applications</Link>: programs that use the API with OAuth2 or
        API tokens.
      </p>
      <p>
        <Link to={LINKS.adminSignupFields}>Sign-up settings</Link>: whether visitors may sign up,
        and the extra fields they fill in. <Link to={LINKS.adminOutbox}>Outbox</Link>: the mail
        Arkiv has sent, or keeps when no mail server is configured.
      </p>
      {manageArchives ? (
        <p>
          <Link to={LINKS.adminProcessingProfiles}>Processing profiles</Link>,{" "}
          <Link to={LINKS.adminWatermarks}>watermarks</Link>,{" "}
          <Link to={LINKS.adminRenditionSets}>quick rendition sets</Link> and{" "}
          <Link to={LINKS.adminCropProfileSets}>crop profile sets</Link>: the files archives deliver
          and the choices their settings offer.{" "}
          <Link to={LINKS.adminMetadata}>Metadata fields and views</Link>: what archives show.{" "}
          <Link to={LINKS.adminArchives}>Archives</Link>: add, hide, order and delete archives;
          deleted ones wait in the <Link to={LINKS.adminTrash}>trash can</Link>.
        </p>
      ) : null}
      <SiteSettingsForm settings={settings} timeZones={timeZones} />
    </section>
  );
}
