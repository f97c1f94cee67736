import { withZod } from "@remix-validated-form/with-zod";
import {
  changePasswordSchema,
  clientSettingsSchema,
  forgotPasswordSchema,
  interfaceStyleSchema,
  loginSchema,
  resetPasswordSchema,
} from "./auth.schema";

/* remix-validated-form validators, shared by forms in the browser and actions on the server. */
export const loginValidator = withZod(loginSchema);
export const changePasswordValidator = withZod(changePasswordSchema);
export const interfaceStyleValidator = withZod(interfaceStyleSchema);
export const clientSettingsValidator = withZod(clientSettingsSchema);
export const forgotPasswordValidator = withZod(forgotPasswordSchema);
export const resetPasswordValidator = withZod(resetPasswordSchema);
