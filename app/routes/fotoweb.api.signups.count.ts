import type { LoaderFunctionArgs } from "@remix-run/node";
import { signupCountAnswer } from "~/http/signup/signup-api.server";
import { apiHandler } from "~/http/http.server";

/* The pending sign-ups' count (signup-list-count type: signupCount), for the tools menu's badge. */

export const loader = apiHandler(({ request }: LoaderFunctionArgs) => signupCountAnswer(request));
