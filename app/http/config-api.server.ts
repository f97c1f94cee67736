import { requireArchiveAdministration } from "~/models/access/access.server";
import type { Viewer } from "~/models/user/user.schema";
import { apiJson } from "./http.server";
import { requireViewer } from "./session.server";

/*
 * The configuration API's shared steps (/fotoweb/api/config/…: archives, metadata, processing;
 * decision 032): who may ask, and the media type of its answers.
 */

export const CONFIG_TYPE = "application/json";

/**
 * An own account holding manageArchives: nobody signed in (or the guest) is 401; to anyone else
 * the area does not exist (404 at every address, issue 16).
 */
export async function requireArchiveManager(request: Request): Promise<Viewer> {
  return requireArchiveAdministration(await requireViewer(request, { allowGuest: false }));
}

export const configJson = (data: unknown, init?: ResponseInit) => apiJson(data, CONFIG_TYPE, init);
