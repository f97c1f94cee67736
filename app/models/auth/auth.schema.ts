import { z } from "zod";

export const USERNAME_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const INVALID_LOGIN_MESSAGE = "Invalid user name or password.";

/** Log-on: guest (the default) needs nothing; a user needs both fields. */
export const loginSchema = z
  .object({
    mode: z.enum(["guest", "user"], { message: "Choose guest or user" }).default("guest"),
    username: z.string().trim().max(USERNAME_MAX, `At most ${USERNAME_MAX} characters`).default(""),
    password: z.string().max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`).default(""),
    to: z.string().max(2048, "The return address is too long").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.mode !== "user") return;
    if (!value.username)
      ctx.addIssue({ code: "custom", path: ["username"], message: "Enter your user name" });
    if (!value.password)
      ctx.addIssue({ code: "custom", path: ["password"], message: "Enter your password" });
  });

export type LoginInput = z.infer<typeof loginSchema>;

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters`)
  .refine((v) => v.trim().length > 0, "The password cannot be only spaces");

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password").max(PASSWORD_MAX),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["confirmPassword"],
        message: "The passwords do not match",
      });
    }
    if (value.newPassword === value.currentPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["newPassword"],
        message: "Choose a password other than the current one",
      });
    }
  });

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A forgotten password: the user name or the e-mail address of the account. */
export const forgotPasswordSchema = z.object({
  identifier: z
    .string({ message: "Enter your user name or e-mail address" })
    .trim()
    .min(1, "Enter your user name or e-mail address")
    .max(USERNAME_MAX, `At most ${USERNAME_MAX} characters`),
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
        message: "The passwords do not match",
      });
    }
  });

/** The user menu's client settings: a ticked checkbox posts "on", an unticked one nothing. */
export const clientSettingsSchema = z.object({
  enableRetinaThumbnails: z.literal("on", { message: "Tick the box or leave it empty" }).optional(),
  to: z.string().max(2048).optional(),
});

/** The grid's remembered look: thumbnail size and the navigation pane (either or both). */
export const browseSettingsSchema = z.object({
  thumbnailSize: z
    .enum(["small", "medium", "large"], { message: "Choose small, medium or large." })
    .optional(),
  navigationPane: z.enum(["open", "closed"], { message: "Choose open or closed." }).optional(),
  to: z.string().max(2048).optional(),
  _fetch: z.literal("1").optional(),
});

/** Interface style values as the spec stores them: light 0, dark 1, auto -1. */
export const interfaceStyleSchema = z.object({
  style: z.enum(["light", "dark", "auto"], { message: "Choose light, dark or auto" }),
  to: z.string().max(2048).optional(),
});
