import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChangePasswordForm } from "~/components/account/ChangePasswordForm";
import { passwordViewData, submitPasswordChange } from "~/http/auth/account.server";
import { narrowPanel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

export const meta: MetaFunction = () => [{ title: "Change password | Arkiv" }];

export const loader = ({ request }: LoaderFunctionArgs) => passwordViewData(request);

export const action = ({ request }: ActionFunctionArgs) =>
  submitPasswordChange(request, LINKS.home);

export default function ChangePasswordView() {
  const { username } = useLoaderData<typeof loader>();
  return (
    <section className={narrowPanel} aria-labelledby="change-title">
      <h1 id="change-title">Change password</h1>
      <ChangePasswordForm username={username} />
    </section>
  );
}
