import { readForm } from "~/utils/http.server";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { interfaceStyleValidator } from "~/models/auth.validators";
import { updatePreferences } from "~/models/user.server";
import { LINKS } from "~/utils/links";
import { safeRedirect } from "~/utils/redirect";
import { requireViewer } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

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
