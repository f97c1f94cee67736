import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChangePasswordForm } from "~/components/account/ChangePasswordForm";
import { passwordViewData, submitPasswordChange } from "~/http/auth/account.server";
import { narrowPanel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

export const meta: MetaFunction = () => [{ title: `${translateNow("auth.change.title")} | Arkiv` }];

export const handle = { i18n: ["auth"] };

export const loader = ({ request }: LoaderFunctionArgs) => passwordViewData(request);

export const action = ({ request }: ActionFunctionArgs) =>
  submitPasswordChange(request, LINKS.home);

export default function ChangePasswordView() {
  const { username } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className={narrowPanel} aria-labelledby="change-title">
      <h1 id="change-title">{t("auth.change.title")}</h1>
      <ChangePasswordForm username={username} />
    </section>
  );
}
