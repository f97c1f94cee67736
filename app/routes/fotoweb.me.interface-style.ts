import { readForm } from "~/http/http.server";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { interfaceStyleValidator } from "~/models/auth/auth.validators";
import { updatePreferences } from "~/models/user/user.server";
import { LINKS } from "~/utils/links";
import { safeRedirect } from "~/http/redirect";
import { requireViewer } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";

/* The user menu's light / dark / auto choice, stored in the user's preferences. */
export const loader = () => redirect(LINKS.home);

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const result = await interfaceStyleValidator.validate(await readForm(request));
  const to = safeRedirect(result.submittedData.to);
  if (result.error) {
    return redirectWithToast(request, to, {
      kind: "error",
      message: "Choose light, dark or auto.",
    });
  }
  await updatePreferences(viewer.id, (p) => ({
    ...p,
    intranet: { ...p.intranet, interfaceStyle: result.data.style },
  }));
  return redirectWithToast(request, to, { message: "Interface style saved." });
}
