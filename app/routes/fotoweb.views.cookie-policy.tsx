import "~/components/shell/shell-bundle";
import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getSiteSettings } from "~/models/site/site.server";
import { panel } from "~/styles/global.css";
import { renderMarkdown } from "~/utils/markdown.server";

export const meta: MetaFunction = () => [{ title: "Cookie policy | Arkiv" }];

export async function loader() {
  const { cookieConsent } = await getSiteSettings();
  return json({
    html: renderMarkdown(
      cookieConsent.policy || `# ${cookieConsent.title}\n\n${cookieConsent.body}`,
    ),
  });
}

export default function CookiePolicy() {
  const { html } = useLoaderData<typeof loader>();
  return <article className={panel} dangerouslySetInnerHTML={{ __html: html }} />;
}
