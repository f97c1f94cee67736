import { z } from "zod";
import { keyed } from "~/models/locale/keyed";

export const USERNAME_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const INVALID_LOGIN_MESSAGE = keyed("auth.logOn.refused.wrongCredentials");

/** Log-on: guest (the default) needs nothing; a user needs both fields. */
export const loginSchema = z
  .object({
    mode: z
      .enum(["guest", "user"], { message: keyed("auth.validation.chooseMode") })
      .default("guest"),
    username: z
      .string()
      .trim()
      .max(USERNAME_MAX, keyed("validation.text.atMost", { max: USERNAME_MAX }))
      .default(""),
    password: z
      .string()
      .max(PASSWORD_MAX, keyed("validation.text.atMost", { max: PASSWORD_MAX }))
      .default(""),
    to: z.string().max(2048, keyed("validation.returnAddressTooLong")).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.mode !== "user") return;
    if (!value.username)
      ctx.addIssue({
        code: "custom",
        path: ["username"],
        message: keyed("auth.validation.enterUserName"),
      });
    if (!value.password)
      ctx.addIssue({
        code: "custom",
        path: ["password"],
        message: keyed("auth.validation.enterPassword"),
      });
  });

export type LoginInput = z.infer<typeof loginSchema>;

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, keyed("validation.text.useAtLeast", { min: PASSWORD_MIN }))
  .max(PASSWORD_MAX, keyed("validation.text.useAtMost", { max: PASSWORD_MAX }))
  .refine((v) => v.trim().length > 0, keyed("validation.password.onlySpaces"));

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, keyed("auth.validation.enterCurrentPassword"))
      .max(PASSWORD_MAX),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["confirmPassword"],
        message: keyed("validation.password.mismatch"),
      });
    }
    if (value.newPassword === value.currentPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["newPassword"],
        message: keyed("auth.validation.otherThanCurrent"),
      });
    }
  });

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A forgotten password: the user name or the e-mail address of the account. */
export const forgotPasswordSchema = z.object({
  identifier: z
    .string({ message: keyed("auth.validation.enterIdentifier") })
    .trim()
    .min(1, keyed("auth.validation.enterIdentifier"))
    .max(USERNAME_MAX, keyed("validation.text.atMost", { max: USERNAME_MAX })),
});

/** The new password chosen through a reset link: the change-password rules, no current one. */
export const resetPasswordSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["confirmPassword"],
        message: keyed("validation.password.mismatch"),
      });
    }
  });

/** The user menu's client settings: a ticked checkbox posts "on", an unticked one nothing. */
export const clientSettingsSchema = z.object({
  enableRetinaThumbnails: z
    .literal("on", { message: keyed("validation.choice.tickOrEmpty") })
    .optional(),
  to: z.string().max(2048).optional(),
});

/** The grid's remembered look: thumbnail size and the navigation pane (either or both). */
export const browseSettingsSchema = z.object({
  thumbnailSize: z
    .enum(["small", "medium", "large"], { message: keyed("validation.choice.thumbnailSize") })
    .optional(),
  navigationPane: z
    .enum(["open", "closed"], { message: keyed("validation.choice.navigationPane") })
    .optional(),
  to: z.string().max(2048).optional(),
  _fetch: z.literal("1").optional(),
});

/** Interface style values as the spec stores them: light 0, dark 1, auto -1. */
export const interfaceStyleSchema = z.object({
  style: z.enum(["light", "dark", "auto"], { message: keyed("validation.choice.style") }),
  to: z.string().max(2048).optional(),
});
