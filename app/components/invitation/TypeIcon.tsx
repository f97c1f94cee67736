import type { InvitationKind } from "~/models/invitation/invitation.schema";
import * as css from "./invitations.css";

/* The manager's type icon: an envelope, a building or a chain link; the type's word is beside it. */
const PATHS: Record<InvitationKind, string> = {
  user: "M2 5h20v14H2V5zm2 2v.5l8 5 8-5V7H4zm16 2.8-8 5-8-5V17h16V9.8z",
  organization:
    "M3 21V3h10v4h8v14H3zm2-2h6v-2H5v2zm0-4h6v-2H5v2zm0-4h6V9H5v2zm0-4h6V5H5v2zm8 12h6v-2h-6v2zm0-4h6v-2h-6v2zm0-4h6V9h-6v2z",
  link: "M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a3 3 0 1 1 4.2 4.2l-2 2-1.4-1.4 2-2a1 1 0 0 0-1.4-1.4l-3.5 3.5a1 1 0 0 1-1.4 0zm2.8-2.8a1 1 0 0 1 0 1.4l-3.5 3.5a3 3 0 1 1-4.2-4.2l2-2 1.4 1.4-2 2a1 1 0 0 0 1.4 1.4l3.5-3.5a1 1 0 0 1 1.4 0z",
};

export function TypeIcon({ type }: { type: InvitationKind }) {
  return (
    <svg className={css.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[type]} />
    </svg>
  );
}
