import { keyed } from "~/models/locale/keyed";
import type { InvitationKind } from "./invitation.schema";
import type { Invitation } from "./invitation.server";

/* What the manager page and the API show of an invitation (spec 002 section 3, Invitation listed). */

export const INVITATIONS_HREF = "/fotoweb/api/invitations/";
export const invitationAdminHref = (id: number) => `${INVITATIONS_HREF}${id}`;

/** The spec's type column: user when an e-mail is set, organization when a domain is, else link. */
export function invitationType(invitation: {
  email: string | null;
  organizationDomain: string | null;
}): InvitationKind {
  if (invitation.email) return "user";
  if (invitation.organizationDomain) return "organization";
  return "link";
}

export interface InvitationView {
  /** The sign-up link's path; null when it can no longer be shown (decision 037). */
  invitationViewHref: string | null;
  invitationAdminHref: string;
  email: string | null;
  organization: string | null;
  description: string;
  created: string;
  expires: string | null;
  groupNames: string[];
  redeemedBy: { id: number; name: string; username: string }[];
}

export function invitationView(invitation: Invitation): InvitationView {
  return {
    invitationViewHref: invitation.linkPath,
    invitationAdminHref: invitationAdminHref(invitation.id),
    email: invitation.email,
    organization: invitation.organizationDomain,
    description: invitation.description,
    created: invitation.createdAt,
    expires: invitation.expiresAt,
    groupNames: invitation.groups.map((g) => g.name),
    redeemedBy: invitation.redeemedBy,
  };
}

/** What the manager's grid shows: the listed fields, the type, the state, the absolute link. */
export interface InvitationRowView extends InvitationView {
  id: number;
  type: InvitationKind;
  state: Invitation["state"];
  link: string | null;
}

export function invitationRowView(invitation: Invitation, origin: string): InvitationRowView {
  const type = invitationType(invitation);
  return {
    ...invitationView(invitation),
    id: invitation.id,
    type,
    state: invitation.state,
    link: invitation.linkPath === null ? null : new URL(invitation.linkPath, origin).href,
  };
}

/** The toast after inviting people by e-mail (spec 002: "N invitations sent"). */
export const invitationsSentMessage = (count: number) => keyed("people.invite.sent", { count });
