import type { SeedUser } from "./users";

/*
 * Issue 19 (alerts): the names and people the alerts specs use, shared with
 * scripts/seeds/alerts.ts. Per-project users for anything a test changes.
 */

/** The archive whose searches the specs follow: Alert for the alert users, View for the rest. */
export const ALERTS_ARCHIVE = "E2E Alerts";

/** Creates, edits and deletes alerts in a project's run. */
export const alertsUser = (project: string) => `alerts-${project}`;
/** Sees the archive without Alert: no menu, no button. */
export const ALERTS_NONE = "alerts-none";
/** Only looked at (axe), with a seeded alert. */
export const ALERTS_LIGHT = "alerts-light";
export const SEEDED_ALERT_TEXT = "seeded <b>harbour</b>";

// users.ts imports this module: its PROJECTS is not there yet when this one is evaluated.
const PROJECTS = ["js", "nojs"] as const;

export const ALERTS_USERS: SeedUser[] = [
  ...PROJECTS.map((project): SeedUser => ({
    username: alertsUser(project),
    fullName: `Alert follower ${project}`,
    style: "light",
  })),
  { username: ALERTS_NONE, fullName: "No alerts", style: "light" },
  { username: ALERTS_LIGHT, fullName: "Alerts Light", style: "light" },
];
