import { userHref, type ClientType, type Grant } from "./application.schema";
import type { Application } from "./application.server";

/* What the API and the management page show of an application: never its secret or tokens. */

export const APPLICATIONS_HREF = "/fotoweb/api/config/applications";
export const applicationHref = (clientId: string) => `${APPLICATIONS_HREF}/${clientId}/`;

export interface ApplicationView {
  href: string;
  clientId: string;
  name: string;
  clientType: ClientType;
  grants: Grant[];
  redirectUris: string[];
  user: { href: string; userName: string; fullName: string } | null;
  /** Where API tokens for it are issued (POST). */
  tokens: string;
  created: string;
}

export function applicationView(application: Application): ApplicationView {
  const href = applicationHref(application.clientId);
  return {
    href,
    clientId: application.clientId,
    name: application.name,
    clientType: application.clientType,
    grants: application.grants,
    redirectUris: application.redirectUris,
    user: application.user
      ? {
          href: userHref(application.user.id),
          userName: application.user.username,
          fullName: application.user.fullName,
        }
      : null,
    tokens: `${href}tokens`,
    created: application.createdAt,
  };
}
