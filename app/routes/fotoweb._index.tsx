import "~/components/shell/shell-bundle";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  AlbumsSection,
  ArchivesSection,
  RecentSection,
} from "~/components/collection/StartSections";
import { getSiteSettings } from "~/models/site/site.server";
import { startPageData } from "~/models/collection/start-page.server";
import { page } from "~/styles/global.css";
import { getViewer } from "~/http/session.server";
import { LINKS } from "~/utils/links";
import { canPin, isOwnAccount } from "~/models/access/access.server";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.siteName ?? "Arkiv" },
];

/*
 * The start page (issue 31): the archives' covers, the albums marked for the home page, and a
 * signed-in person's recent arrivals. Empty collection lists link back here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [viewer, settings] = await Promise.all([getViewer(request), getSiteSettings()]);
  return json({
    siteName: settings.siteName,
    name: isOwnAccount(viewer) ? viewer.fullName : null,
    isGuest: viewer?.isGuest ?? false,
    tileViewer: { canPin: canPin(viewer), isGuest: viewer?.isGuest ?? true },
    ...(await startPageData(viewer)),
  });
}

export const handle = { i18n: ["grid", "album"] };

export default function StartPage() {
  const t = useT();
  const { siteName, name, isGuest, tileViewer, archives, albums, moreAlbums, recent } =
    useLoaderData<typeof loader>();
  return (
    <div className={page}>
      <h1>
        {name ? t("grid.start.welcomeName", { name }) : t("grid.start.welcomeSite", { siteName })}
      </h1>
      {!name ? (
        <p>
          <Msg
            id={isGuest ? "grid.start.guest" : "grid.start.logOn"}
            components={{ 0: <Link to={LINKS.login} /> }}
          />
        </p>
      ) : null}
      {recent ? <RecentSection assets={recent} /> : null}
      <ArchivesSection archives={archives} viewer={tileViewer} />
      <AlbumsSection albums={albums} more={moreAlbums} />
    </div>
  );
}
