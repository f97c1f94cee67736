import { withZod } from "@remix-validated-form/with-zod";
import { siteSettingsFormSchema } from "./site.schema";

export const siteSettingsValidator = withZod(siteSettingsFormSchema);
