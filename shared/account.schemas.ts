import { z } from "zod";
import { textField } from "./text-field.ts";

// Spec sections 5 and 9. The English messages on the account page are the spec's own words.
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_TOO_SHORT_MESSAGE = "Das Passwort muss mindestens 6 Zeichen lang sein.";
/** The account page's wording (spec section 5 "Password change"). */
export const NEW_PASSWORD_TOO_SHORT_MESSAGE = "Password must be at least 6 characters";

// Beyond the spec (issue 11): what an account may store about itself is bounded on the server,
// whatever a client sends to Better Auth's sign-up and update-user endpoints.
export const USER_NAME_MAX_LENGTH = 100;
export const USER_IMAGE_URL_MAX_LENGTH = 2048;
export const EMAIL_MAX_LENGTH = 254;

export const ACCOUNT_INPUT_MESSAGES = {
  nameInvalid: "Bitte geben Sie einen gültigen Namen an.",
  nameTooLong: `Der Name darf höchstens ${USER_NAME_MAX_LENGTH} Zeichen lang sein.`,
  imageInvalid: "Bitte geben Sie eine gültige Bild-Adresse an (beginnend mit http:// oder https://).",
  emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  commonPassword:
    "Dieses Passwort gehört zu den häufigsten und ist leicht zu erraten. Bitte wählen Sie ein anderes Passwort.",
} as const;

/** The user fields Better Auth stores as they come (name, image, e-mail); each is optional here. */
export const UserFieldsSchema = z.object({
  name: textField(ACCOUNT_INPUT_MESSAGES.nameInvalid)
    .trim()
    .min(1, { error: ACCOUNT_INPUT_MESSAGES.nameInvalid })
    .max(USER_NAME_MAX_LENGTH, { error: ACCOUNT_INPUT_MESSAGES.nameTooLong })
    .optional(),
  image: textField(ACCOUNT_INPUT_MESSAGES.imageInvalid)
    .max(USER_IMAGE_URL_MAX_LENGTH, { error: ACCOUNT_INPUT_MESSAGES.imageInvalid })
    .pipe(z.url({ protocol: /^https?$/, error: ACCOUNT_INPUT_MESSAGES.imageInvalid }))
    .nullish(),
  email: textField(ACCOUNT_INPUT_MESSAGES.emailInvalid)
    .max(EMAIL_MAX_LENGTH, { error: ACCOUNT_INPUT_MESSAGES.emailInvalid })
    .optional(),
  newEmail: textField(ACCOUNT_INPUT_MESSAGES.emailInvalid)
    .max(EMAIL_MAX_LENGTH, { error: ACCOUNT_INPUT_MESSAGES.emailInvalid })
    .optional(),
});

export const TERMS_REQUIRED_MESSAGE = "Bitte akzeptieren Sie die Datenschutzbedingungen";

const emailField = z.email({ error: "Invalid email address" });

export const ChangeEmailSchema = z
  .object({ newEmail: emailField, confirmEmail: emailField })
  .refine((values) => values.newEmail.toLowerCase() === values.confirmEmail.toLowerCase(), {
    error: "Emails don't match",
    path: ["confirmEmail"],
  });
export type ChangeEmailInput = z.infer<typeof ChangeEmailSchema>;

const newPasswordField = z.string().min(PASSWORD_MIN_LENGTH, { error: NEW_PASSWORD_TOO_SHORT_MESSAGE });

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
    .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT_MESSAGE }),
});
export type SignInInput = z.infer<typeof SignInSchema>;

export const SignUpSchema = SignInSchema.extend({
  acceptTerms: z.boolean().refine((accepted) => accepted, { error: TERMS_REQUIRED_MESSAGE }),
});
export type SignUpInput = z.infer<typeof SignUpSchema>;
