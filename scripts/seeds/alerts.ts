import { createAlert } from "../../app/models/alert/alert.server";
import { createArchive } from "../../app/models/archive/archive.server";
import { findUserById } from "../../app/models/user/user.server";
import {
  ALERTS_ARCHIVE,
  ALERTS_LIGHT,
  ALERTS_NONE,
  alertsUser,
  SEEDED_ALERT_TEXT,
} from "../../tests/e2e/alerts";

/*
 * Seed data of the alerts end-to-end specs (tests/e2e/alerts.ts holds the names): an archive
 * granting Alert to the alert users and only View to ALERTS_NONE, and one alert for the user the
 * accessibility check looks at. Runs after the ingest seed.
 */
export async function seedAlerts(users: Map<string, number>): Promise<void> {
  const id = (username: string) => {
    const found = users.get(username);
    if (found === undefined) throw new Error(`alerts seed: no user ${username}`);
    return found;
  };
  const followers = [alertsUser("js"), alertsUser("nojs"), ALERTS_LIGHT];
  const archive = await createArchive({
    name: ALERTS_ARCHIVE,
    members: [
      ...followers.map((username) => ({
        type: "user" as const,
        id: id(username),
        permissions: ["View" as const, "Preview" as const, "Alert" as const],
        autoSearch: "",
      })),
      { type: "user", id: id(ALERTS_NONE), permissions: ["View", "Preview"], autoSearch: "" },
    ],
  });
  await createAlert(await findUserById(id(ALERTS_LIGHT)), {
    archiveId: archive.id,
    interval: "every_week",
    searchString: `"${SEEDED_ALERT_TEXT}"`,
  });
}
