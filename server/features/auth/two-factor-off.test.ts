import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { BACKUP_CODE_COUNT, TWO_FACTOR_MESSAGES } from "#shared/two-factor.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { sessionCookieFrom } from "../../../tests/setup/test-app.ts";
import { setCookies, signUpWithTwoFactor, startSignIn, wrongCodeFor } from "../../../tests/setup/two-factor.ts";
import { readOutbox, waitForMail } from "../../../tests/support/outbox.ts";

// Turning two-factor sign-in off (with a code, ADR 0041) and replacing the backup codes.

setUpTestApp();

describe("turning two-factor sign-in off", () => {
  it("needs the password and a current code, then mails a notice", async () => {
    const { cookie, totp } = await signUpWithTwoFactor(t, "abschalten@example.test");
    const withoutCode = await t.postJson("/api/auth/two-factor/disable", { password: "Laterne-Zimt-42" }, cookie);
    expect(withoutCode.status).toBe(400);
    expect((await withoutCode.json()).error).toBe(TWO_FACTOR_MESSAGES.codeRequired);

    const wrongPassword = await t.postJson(
      "/api/auth/two-factor/disable",
      { password: "falsch123", code: totp.generate() },
      cookie,
    );
    expect(wrongPassword.status).toBe(400);
    expect((await wrongPassword.json()).code).toBe("INVALID_PASSWORD");

    const wrongCode = await t.postJson(
      "/api/auth/two-factor/disable",
      { password: "Laterne-Zimt-42", code: wrongCodeFor(totp) },
      cookie,
    );
    expect(wrongCode.status).toBe(400);
    expect((await wrongCode.json()).error).toBe(TWO_FACTOR_MESSAGES.codeInvalid);
    const mailsBefore = (await readOutbox(t.dataDir)).filter((m) => m.subject.includes("deaktiviert")).length;
    expect(mailsBefore).toBe(0);

    const disable = await t.postJson(
      "/api/auth/two-factor/disable",
      { password: "Laterne-Zimt-42", code: totp.generate() },
      cookie,
    );
    expect(disable.status).toBe(200);
    const [after] = await t.db.select().from(user).where(eq(user.email, "abschalten@example.test"));
    expect(after?.twoFactorEnabled).toBe(false);
    const mail = await waitForMail(t.dataDir, "abschalten@example.test", (m) => m.subject.includes("deaktiviert"));
    expect(mail.subject).toBe("Zwei-Faktor-Anmeldung deaktiviert");
    // The password alone signs in again.
    await expect(t.signIn("abschalten@example.test")).resolves.toContain("postwerk.session_token=");
  });

  it("forgets every trusted device, so switching it on again asks each of them for the code", async () => {
    const email = "vergessen@example.test";
    const { totp } = await signUpWithTwoFactor(t, email);
    const pending = (await startSignIn(t, email)).cookies.get("postwerk.two_factor");
    const trustedVerify = await t.postJson(
      "/api/auth/two-factor/verify-totp",
      { code: totp.generate(), trustDevice: true },
      pending,
    );
    const trusted = setCookies(trustedVerify).get("postwerk.trust_device") ?? expect.unreachable();
    // Turned off from another browser (without this one's trust cookie), then on again.
    const other = (await startSignIn(t, email)).cookies.get("postwerk.two_factor");
    const otherSession = sessionCookieFrom(
      await t.postJson("/api/auth/two-factor/verify-totp", { code: totp.generate() }, other),
    );
    const disable = await t.postJson(
      "/api/auth/two-factor/disable",
      { password: "Laterne-Zimt-42", code: totp.generate() },
      otherSession,
    );
    expect(disable.status).toBe(200);
    const again = await t.postJson(
      "/api/auth/two-factor/enable",
      { password: "Laterne-Zimt-42" },
      sessionCookieFrom(disable),
    );
    const newTotp = OTPAuth.URI.parse((await again.json()).totpURI) as OTPAuth.TOTP;
    const on = await t.postJson(
      "/api/auth/two-factor/verify-totp",
      { code: newTotp.generate() },
      sessionCookieFrom(disable),
    );
    expect(on.status).toBe(200);

    const signIn = await startSignIn(t, email, trusted);
    expect(signIn.body.twoFactorRedirect).toBe(true);
    expect(signIn.cookies.has("postwerk.session_token")).toBe(false);
  });

  it("takes an unused backup code instead of the app's code", async () => {
    const { cookie, backupCodes } = await signUpWithTwoFactor(t, "abschalten-backup@example.test");
    const disable = await t.postJson(
      "/api/auth/two-factor/disable",
      { password: "Laterne-Zimt-42", code: backupCodes[3] },
      cookie,
    );
    expect(disable.status).toBe(200);
  });
});

describe("new backup codes", () => {
  it("replace the old ones after the password", async () => {
    const { cookie, backupCodes } = await signUpWithTwoFactor(t, "neuecodes@example.test");
    const wrong = await t.postJson("/api/auth/two-factor/generate-backup-codes", { password: "falsch123" }, cookie);
    expect(wrong.status).toBe(400);
    const response = await t.postJson(
      "/api/auth/two-factor/generate-backup-codes",
      { password: "Laterne-Zimt-42" },
      cookie,
    );
    expect(response.status).toBe(200);
    const fresh: string[] = (await response.json()).backupCodes;
    expect(fresh).toHaveLength(BACKUP_CODE_COUNT);
    const { cookies } = await startSignIn(t, "neuecodes@example.test");
    const pending = cookies.get("postwerk.two_factor");
    const old = await t.postJson("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] }, pending);
    expect(old.status).toBe(401);
    const current = await t.postJson("/api/auth/two-factor/verify-backup-code", { code: fresh[0] }, pending);
    expect(current.status).toBe(200);
  });
});
