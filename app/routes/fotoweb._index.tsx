import "~/components/shell/shell-bundle";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getSiteSettings } from "~/models/site/site.server";
import { page, panel } from "~/styles/global.css";
import { getViewer } from "~/http/session.server";
import { LINKS } from "~/utils/links";
import { isOwnAccount } from "~/models/access/access.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.siteName ?? "Arkiv" },
];

/* The start page: the root content page that empty collection lists link back to. */
export async function loader({ request }: LoaderFunctionArgs) {
  const [viewer, settings] = await Promise.all([getViewer(request), getSiteSettings()]);
  return json({
    siteName: settings.siteName,
    name: isOwnAccount(viewer) ? viewer.fullName : null,
    isGuest: viewer?.isGuest ?? false,
  });
}

export default function StartPage() {
  const { siteName, name, isGuest } = useLoaderData<typeof loader>();
  return (
    <div className={page}>
      <h1>{name ? `Welcome, ${name}` : `Welcome to ${siteName}`}</h1>
      <section className={panel} aria-labelledby="start-browse">
        <h2 id="start-browse">Browse</h2>
        <p>
          Find photos, video and documents in the <Link to={LINKS.archives}>archives</Link> and{" "}
          <Link to={LINKS.albums}>albums</Link>, or search for them with the box at the top of every
          page.
        </p>
        {!name ? (
          <p>
            {isGuest ? "You are browsing as a guest. " : null}
            <Link to={LINKS.login}>Log on</Link> to see everything your account gives you access to.
          </p>
        ) : null}
      </section>
    </div>
  );
}
