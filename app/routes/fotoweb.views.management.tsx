import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SiteSettingsForm } from "~/components/site/SiteSettingsForm";
import { requireSiteSettingsPermission } from "~/http/actions/site-permission.server";
import { settingsFromForm } from "~/models/site/site.schema";
import { getSiteSettings, updateSiteSettings } from "~/models/site/site.server";
import { siteSettingsValidator } from "~/models/site/site.validators";
import { panel } from "~/styles/global.css";
import { invalidForm, readForm } from "~/http/http.server";
import { LINKS } from "~/utils/links";
import { redirectWithToast } from "~/http/toast.server";

export const meta: MetaFunction = () => [{ title: "Site settings | Arkiv" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSiteSettingsPermission(request);
  return json({ settings: await getSiteSettings() });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireSiteSettingsPermission(request);
  const result = await siteSettingsValidator.validate(await readForm(request));
  if (result.error) return invalidForm(result.error, result.submittedData);
  await updateSiteSettings(settingsFromForm(result.data));
  return redirectWithToast(request, LINKS.management, { message: "Site settings saved." });
}

export default function SiteSettingsView() {
  const { settings } = useLoaderData<typeof loader>();
  return (
    <section className={panel} aria-labelledby="settings-title">
      <h1 id="settings-title">Site settings</h1>
      <SiteSettingsForm settings={settings} />
    </section>
  );
}
