import type { LoaderFunctionArgs } from "@remix-run/node";
import { signupListAnswer } from "~/http/signup/signup-api.server";
import { apiHandler } from "~/http/http.server";

/* The pending sign-ups (signup-list type), for those who may approve them (decision 036). */

export const loader = apiHandler(({ request }: LoaderFunctionArgs) => signupListAnswer(request));
