import { z } from "zod";

// Spec sections 5 and 9. The English messages on the account page are the spec's own words.
export const PASSWORD_MIN_LENGTH = 6;

export const TERMS_REQUIRED_MESSAGE = "Bitte akzeptieren Sie die Datenschutzbedingungen";

const emailField = z.email({ error: "Invalid email address" });

export const ChangeEmailSchema = z
  .object({ newEmail: emailField, confirmEmail: emailField })
  .refine((values) => values.newEmail.toLowerCase() === values.confirmEmail.toLowerCase(), {
    error: "Emails don't match",
    path: ["confirmEmail"],
  });
export type ChangeEmailInput = z.infer<typeof ChangeEmailSchema>;

const newPasswordField = z.string().min(PASSWORD_MIN_LENGTH, { error: "Password must be at least 6 characters" });

export const ChangePasswordSchema = z
  .object({
    // ADR 0004: the current password is asked for, so a borrowed session cannot lock the owner out.
    currentPassword: z.string().min(1, { error: "Bitte geben Sie Ihr aktuelles Passwort ein." }),
    newPassword: newPasswordField,
    confirmPassword: newPasswordField,
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    error: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

export const SignInSchema = z.object({
  email: z.email({ error: "Bitte geben Sie eine gültige E-Mail-Adresse ein." }),
  password: z
    .string()
    .min(1, { error: "Bitte geben Sie Ihr Passwort ein." })
    .min(PASSWORD_MIN_LENGTH, { error: "Das Passwort muss mindestens 6 Zeichen lang sein." }),
});
export type SignInInput = z.infer<typeof SignInSchema>;

export const SignUpSchema = SignInSchema.extend({
  acceptTerms: z.boolean().refine((accepted) => accepted, { error: TERMS_REQUIRED_MESSAGE }),
});
export type SignUpInput = z.infer<typeof SignUpSchema>;
