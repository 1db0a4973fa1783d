import { describe, expect, it } from "vitest";
import { ChangeEmailSchema, ChangePasswordSchema, SignUpSchema } from "./account.schemas.ts";

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

describe("ChangeEmailSchema", () => {
  it.each([
    [
      { newEmail: "kein-at", confirmEmail: "kein-at", currentPassword: "" },
      { newEmail: "Ungültige E-Mail-Adresse", confirmEmail: "Ungültige E-Mail-Adresse" },
    ],
    [
      { newEmail: "a@example.de", confirmEmail: "b@example.de", currentPassword: "" },
      { confirmEmail: "Die E-Mail-Adressen stimmen nicht überein." },
    ],
    [{ newEmail: "a@example.de", confirmEmail: "A@Example.de", currentPassword: "" }, {}],
  ])("%j gives %j", (input, expected) => {
    expect(messages(ChangeEmailSchema.safeParse(input))).toEqual(expected);
  });
});

describe("ChangePasswordSchema", () => {
  const base = { currentPassword: "alt" };
  it.each([
    [
      { ...base, newPassword: "12345", confirmPassword: "12345" },
      {
        newPassword: "Das Passwort muss mindestens 6 Zeichen lang sein.",
        confirmPassword: "Das Passwort muss mindestens 6 Zeichen lang sein.",
      },
    ],
    [
      { ...base, newPassword: "123456", confirmPassword: "1234567" },
      { confirmPassword: "Die Passwörter stimmen nicht überein." },
    ],
    [{ ...base, newPassword: "123456", confirmPassword: "123456" }, {}],
    [
      { currentPassword: "", newPassword: "123456", confirmPassword: "123456" },
      { currentPassword: "Bitte geben Sie Ihr aktuelles Passwort ein." },
    ],
  ])("%j gives %j", (input, expected) => {
    expect(messages(ChangePasswordSchema.safeParse(input))).toEqual(expected);
  });
});

describe("SignUpSchema", () => {
  it("requires the privacy checkbox with the spec's message", () => {
    const result = SignUpSchema.safeParse({ email: "a@example.de", password: "123456", acceptTerms: false });
    expect(messages(result)).toEqual({ acceptTerms: "Bitte akzeptieren Sie die Datenschutzbedingungen" });
  });

  it("requires at least 6 password characters", () => {
    const result = SignUpSchema.safeParse({ email: "a@example.de", password: "12345", acceptTerms: true });
    expect(messages(result)).toEqual({ password: "Das Passwort muss mindestens 6 Zeichen lang sein." });
  });
});
