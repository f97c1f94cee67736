import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { LocaleForm } from "~/components/locale/LocaleForm";
import { localePageData, submitLocaleChoice } from "~/http/locale/locale-choice.server";
import { safeRedirect } from "~/http/redirect";
import { narrowPanel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/* A person's language and time zone (decision 101), for anyone: signed in, guest or visitor. */
export const meta: MetaFunction = () => [
  { title: `${translateNow("common.locale.pageTitle")} | Arkiv` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // Back where the person came from (the user menu's link says), else here again.
  const asked = new URL(request.url).searchParams.get("to");
  const to = asked ? safeRedirect(asked) : LINKS.locale;
  return { ...(await localePageData(request)), to };
}

export const action = ({ request }: ActionFunctionArgs) => submitLocaleChoice(request);

export default function LocaleView() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className={narrowPanel} aria-labelledby="locale-title">
      <h1 id="locale-title">{t("common.locale.pageTitle")}</h1>
      <LocaleForm {...data} />
    </section>
  );
}
