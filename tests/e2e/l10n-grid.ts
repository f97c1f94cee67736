import type { SeedUser } from "./users";

/*
 * Issue 32 (the grid in Norwegian): one member per project, shared with the seed through
 * users.ts, since the story pins assets and the pins are the member's own state.
 */

export const l10nGridUser = (project: string) => `l10n-grid-${project}`;

export const L10N_GRID_USERS: SeedUser[] = ["js", "nojs"].map((p) => ({
  username: l10nGridUser(p),
  fullName: `Grid Norsk ${p}`,
  style: "light",
}));
