import { z } from "zod";
import {
  ACCOUNT_MESSAGES,
  EMAIL_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_IMAGE_URL_MAX_LENGTH,
  USER_NAME_MAX_LENGTH,
} from "./account.ts";
import { RECOVERY_TEXTS } from "./account-security.ts";
import { textField } from "./text.schemas.ts";

// The account forms' and Better Auth's inputs (spec section 5); constants and texts in account.ts.

/** The user fields Better Auth stores as they come (name, image, e-mail); each is optional here. */
export const UserFieldsSchema = z.object({
  name: textField(ACCOUNT_MESSAGES.nameInvalid)
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.nameInvalid })
    .max(USER_NAME_MAX_LENGTH, { error: ACCOUNT_MESSAGES.nameTooLong })
    .optional(),
  image: textField(ACCOUNT_MESSAGES.imageInvalid)
    .max(USER_IMAGE_URL_MAX_LENGTH, { error: ACCOUNT_MESSAGES.imageInvalid })
    .pipe(z.url({ protocol: /^https?$/, error: ACCOUNT_MESSAGES.imageInvalid }))
    .nullish(),
  email: textField(ACCOUNT_MESSAGES.emailInvalid)
    .max(EMAIL_MAX_LENGTH, { error: ACCOUNT_MESSAGES.emailInvalid })
    .optional(),
  newEmail: textField(ACCOUNT_MESSAGES.emailInvalid)
    .max(EMAIL_MAX_LENGTH, { error: ACCOUNT_MESSAGES.emailInvalid })
    .optional(),
});

const changeEmailField = z.email({ error: ACCOUNT_MESSAGES.changeEmailInvalid });

export const ChangeEmailSchema = z
  // The current password is checked on the server (ADR 0044); a Google account has none.
  .object({
    newEmail: changeEmailField,
    confirmEmail: changeEmailField,
    currentPassword: z.string().max(1024),
  })
  .refine((values) => values.newEmail.toLowerCase() === values.confirmEmail.toLowerCase(), {
    error: ACCOUNT_MESSAGES.changeEmailMismatch,
    path: ["confirmEmail"],
  });
export type ChangeEmailInput = z.infer<typeof ChangeEmailSchema>;

const newPasswordField = z.string().min(PASSWORD_MIN_LENGTH, { error: ACCOUNT_MESSAGES.newPasswordTooShort });

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: ACCOUNT_MESSAGES.currentPasswordRequired }),
    newPassword: newPasswordField,
    confirmPassword: newPasswordField,
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    error: ACCOUNT_MESSAGES.newPasswordMismatch,
    path: ["confirmPassword"],
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

export const SignInSchema = z.object({
  email: z.email({ error: ACCOUNT_MESSAGES.emailInvalid }),
  password: z
    .string()
    .min(1, { error: ACCOUNT_MESSAGES.passwordRequired })
    .min(PASSWORD_MIN_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooShort }),
});

export const SignUpSchema = SignInSchema.extend({
  acceptTerms: z.boolean().refine((accepted) => accepted, { error: ACCOUNT_MESSAGES.termsRequired }),
});
export type SignUpInput = z.infer<typeof SignUpSchema>;

// ADR 0044: "Passwort vergessen?" and the page its link opens.
export const ForgotPasswordSchema = SignInSchema.pick({ email: true });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

const resetPasswordField = z.string().min(PASSWORD_MIN_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooShort });

export const ResetPasswordSchema = z
  .object({ newPassword: resetPasswordField, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    error: RECOVERY_TEXTS.passwordMismatch,
    path: ["confirmPassword"],
  });
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;
