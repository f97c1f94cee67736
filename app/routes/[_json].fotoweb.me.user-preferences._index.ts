import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { accountDecision } from "~/models/access/access.server";
import { preferencesPatchSchema, type Preferences } from "~/models/user/user.schema";
import { patchPreferences } from "~/models/user/user.server";
import { apiError, apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { acceptsType } from "~/http/negotiate";
import { requireViewer } from "~/http/session.server";
import { readJsonBody } from "~/http/submission.server";

/*
 * The descriptor's user_preferences (spec 000): GET the viewer's preferences as
 * {data: {intranet, shared, pro, public}}, PATCH {data: {<group>: {...}}} to merge changed groups.
 * Own accounts only: the guest is shared by every visitor.
 */

const PREFERENCES_TYPE = "application/vnd.fotoware.user-preferences+json";

async function requireAccount(request: Request) {
  const decision = accountDecision(await requireViewer(request), "Preferences");
  if (!decision.allowed) throw decision.problem;
  return decision.value;
}

function answer(request: Request, preferences: Preferences) {
  const type = acceptsType(request, PREFERENCES_TYPE) ? PREFERENCES_TYPE : "application/json";
  return apiJson({ data: preferences }, type, { headers: { "Cache-Control": "no-store" } });
}

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) =>
  answer(request, (await requireAccount(request)).preferences),
);

export const allowedMethods = ["GET", "HEAD", "PATCH"];

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request } = args;
  if (request.method !== "PATCH") return methodNotAllowed(args);
  const viewer = await requireAccount(request);
  const parsed = preferencesPatchSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? ` (at ${issue.path.join(".")})` : "";
    return apiError(
      request,
      400,
      `Send {"data": {"intranet" | "shared" | "pro" | "public": {...}}}: ${issue.message}${where}.`,
    );
  }
  return answer(request, await patchPreferences(viewer.id, parsed.data.data));
});
