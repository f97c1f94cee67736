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

export const meta: MetaFunction = () => [{ title: "Log out | Arkiv" }];

/* GET never changes state: it only offers the button that posts the logout. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getViewer(request))) throw redirect(LINKS.home);
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  const cookie = await endSession(request);
  return redirectWithToast(request, LINKS.home, { message: "You have logged out." }, [cookie]);
}

export default function LogoutView() {
  return (
    <section className={narrowPanel} aria-labelledby="logout-title">
      <h1 id="logout-title">Log out</h1>
      <p>End your session on this browser?</p>
      <Form method="post">
        <Button type="submit">Log out</Button>
      </Form>
    </section>
  );
}
