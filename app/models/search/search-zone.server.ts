import { getSiteSettings } from "~/models/site/site.server";
import type { Viewer } from "~/models/user/user.schema";

/*
 * The time zone a search's written dates are read in (decision 105): "mt:2024-05-01" is that day
 * where the person is. A person's own searches use the zone they chose, else the site's; shared
 * searches (smart folders, taxonomy terms, albums' visitors) use the site's, so they find the same
 * assets for everyone.
 */

export async function siteSearchTimeZone(): Promise<string> {
  return (await getSiteSettings()).timeZone;
}

export async function searchTimeZoneOf(
  person: Pick<Viewer, "isGuest" | "preferences"> | null,
): Promise<string> {
  const chosen = person && !person.isGuest ? person.preferences.intranet.timeZone : "auto";
  return chosen && chosen !== "auto" ? chosen : siteSearchTimeZone();
}
