import "~/components/shell/shell-bundle";
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { ChangePasswordForm } from "~/components/account/ChangePasswordForm";
import { passwordViewData, submitPasswordChange } from "~/http/auth/account.server";
import { alertInfo, narrowPanel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { requireViewer } from "~/http/session.server";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

export const meta: MetaFunction = () => [
  { title: `${translateNow("auth.change.forced.title")} | Arkiv` },
];

export const handle = { i18n: ["auth"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, { allowGuest: false });
  if (!viewer.forcePasswordChange) throw redirect(LINKS.home);
  return passwordViewData(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return submitPasswordChange(request, LINKS.home);
}

export default function ForceChangePasswordView() {
  const { username } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className={narrowPanel} aria-labelledby="force-title">
      <h1 id="force-title">{t("auth.change.forced.title")}</h1>
      <p className={alertInfo}>{t("auth.change.forced.hint")}</p>
      <ChangePasswordForm username={username} />
      <Form method="post" action={LINKS.logout}>
        <Button type="submit" variant="quiet">
          {t("auth.change.forced.logOutInstead")}
        </Button>
      </Form>
    </section>
  );
}
