import { LINKS } from "~/utils/links";
import type { UserDataEntry } from "./signup.schema";
import type { Signup } from "./signup.server";

/* A pending sign-up as the API and the approver's page show it (spec 002 section 3). */

export const SIGNUP_LIST_TYPE = "application/vnd.fotoware.signup-list+json";
export const SIGNUP_COUNT_TYPE = "application/vnd.fotoware.signup-list-count+json";
export const SIGNUP_TYPE = "application/vnd.fotoware.signup+json";

/** The sign-up's href: its last segment is the guid. */
export const signupHref = (id: string) => `${LINKS.apiSignups}${id}`;

export interface SignupView {
  id: string;
  href: string;
  email: string;
  firstName: string;
  lastName: string;
  userName: string;
  createdDate: string;
  userData: UserDataEntry[];
  groups: string[];
}

export function signupView(signup: Signup): SignupView {
  return {
    id: signup.id,
    href: signupHref(signup.id),
    email: signup.email,
    firstName: signup.firstName,
    lastName: signup.lastName,
    userName: signup.username,
    createdDate: signup.createdAt,
    userData: signup.userData,
    groups: signup.groups.map((id) => `${LINKS.apiGroups}/${id}`),
  };
}
