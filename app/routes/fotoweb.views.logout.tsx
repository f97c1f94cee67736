import "~/components/shell/shell-bundle";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { narrowPanel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { endSession, getViewer } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { translatorFor } from "~/http/locale/locale.server";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

export const meta: MetaFunction = () => [{ title: `${translateNow("auth.logOut.title")} | Arkiv` }];

export const handle = { i18n: ["auth"] };

/* GET never changes state: it only offers the button that posts the logout. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getViewer(request))) throw redirect(LINKS.home);
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  // In the language of the person logging out, known while the session lasts.
  const t = await translatorFor(request);
  const cookie = await endSession(request);
  return redirectWithToast(request, LINKS.home, { message: t("auth.toast.loggedOut") }, [cookie]);
}

export default function LogoutView() {
  const t = useT();
  return (
    <section className={narrowPanel} aria-labelledby="logout-title">
      <h1 id="logout-title">{t("auth.logOut.title")}</h1>
      <p>{t("auth.logOut.question")}</p>
      <Form method="post">
        <Button type="submit">{t("auth.logOut.submit")}</Button>
      </Form>
    </section>
  );
}
