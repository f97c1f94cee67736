import type { SeedUser } from "./users";

/*
 * Issue 19 (alerts): the names and people the alerts specs use, shared with
 * scripts/seeds/alerts.ts.
 */

export const ALERTS_USERS: SeedUser[] = [];
