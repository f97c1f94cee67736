import "~/components/shell/shell-bundle";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { translateNow } from "~/components/locale/active";
import { cookiePolicyText } from "~/http/cookie-consent.server";
import { pageHandler } from "~/http/http.server";
import { panel } from "~/styles/global.css";
import { renderMarkdown } from "~/utils/markdown.server";

export const meta: MetaFunction = () => [
  { title: `${translateNow("common.cookies.policyTitle")} | Arkiv` },
];

/* The site's cookie policy, or the built-in one in the reader's language (decision 116). */
async function policyPage({ request }: LoaderFunctionArgs) {
  return json({ html: renderMarkdown(await cookiePolicyText(request)) });
}

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(policyPage)(args);
}

export default function CookiePolicy() {
  const { html } = useLoaderData<typeof loader>();
  return <article className={panel} dangerouslySetInnerHTML={{ __html: html }} />;
}
