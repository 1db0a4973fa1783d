import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { describe, expect, it, vi } from "vitest";
import { twoFactor, user } from "#server/db/schema/auth.ts";
import { BACKUP_CODE_COUNT, TRUST_DEVICE_DAYS } from "#shared/two-factor.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { createTestApp, readJson, sessionCookieFrom } from "../../../tests/setup/test-app.ts";
import { setCookies, signUpWithTwoFactor, startSignIn, wrongCodeFor } from "../../../tests/setup/two-factor.ts";
import { waitForMail } from "../../../tests/support/outbox.ts";

// Two-factor sign-in with an authenticator app (ADR 0041): Better Auth's plugin through the real
// app, with our additions: the rate limit, the mails, the German answers. Turning it off and new
// backup codes are in two-factor-off.test.ts.

setUpTestApp();

describe("turning two-factor sign-in on", () => {
  it("shows a Postwerk TOTP secret and ten backup codes, and is active only after the first code", async () => {
    const cookie = await t.signUpAndConfirm("aktivieren@example.test");
    const enable = await t.postJson("/api/auth/two-factor/enable", { password: "Laterne-Zimt-42" }, cookie);
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = await enable.json();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Postwerk:aktivieren%40example\.test\?/);
    expect(totpURI).toContain("issuer=Postwerk");
    expect(backupCodes).toHaveLength(BACKUP_CODE_COUNT);
    expect(new Set(backupCodes).size).toBe(BACKUP_CODE_COUNT);

    // Not yet active: sign-in still needs the password only, and no mail went out.
    const [before] = await t.db.select().from(user).where(eq(user.email, "aktivieren@example.test"));
    expect(before?.twoFactorEnabled).toBe(false);
    await expect(t.signIn("aktivieren@example.test")).resolves.toContain("postwerk.session_token=");

    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    const wrong = await t.postJson("/api/auth/two-factor/verify-totp", { code: wrongCodeFor(totp) }, cookie);
    expect(wrong.status).toBe(401);
    const verify = await t.postJson("/api/auth/two-factor/verify-totp", { code: totp.generate() }, cookie);
    expect(verify.status).toBe(200);
    const [after] = await t.db.select().from(user).where(eq(user.email, "aktivieren@example.test"));
    expect(after?.twoFactorEnabled).toBe(true);

    const mail = await waitForMail(t.dataDir, "aktivieren@example.test", (m) => m.subject.includes("Zwei-Faktor"));
    expect(mail.subject).toBe("Zwei-Faktor-Anmeldung aktiviert");
    expect(mail.text).toContain("Authenticator-App");
  });

  it("needs the account's password", async () => {
    const cookie = await t.signUpAndConfirm("ohnepasswort@example.test");
    const response = await t.postJson("/api/auth/two-factor/enable", { password: "falsch123" }, cookie);
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("INVALID_PASSWORD");
  });
});

describe("signing in with two-factor sign-in on", () => {
  it("sets no session after the password, only after the code", async () => {
    const { totp } = await signUpWithTwoFactor(t, "anmelden@example.test");
    const { response, body, cookies } = await startSignIn(t, "anmelden@example.test");
    expect(response.status).toBe(200);
    expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(cookies.has("postwerk.session_token")).toBe(false);
    // The readable signed-in hint (ADR 0031) goes with the session cookie.
    expect(response.headers.getSetCookie()).toContain("postwerk.signed_in=; Path=/; Max-Age=0; SameSite=Lax");
    const pending = cookies.get("postwerk.two_factor") ?? expect.unreachable();
    // The pending sign-in is no session for our API either.
    expect((await t.api(pending).profile.$get()).status).toBe(401);

    const verify = await t.postJson("/api/auth/two-factor/verify-totp", { code: totp.generate() }, pending);
    expect(verify.status).toBe(200);
    const session = sessionCookieFrom(verify);
    expect((await readJson(await t.api(session).profile.$get(), 200)).email).toBe("anmelden@example.test");
  });

  it("refuses a wrong code and still takes the right one afterwards", async () => {
    const { totp } = await signUpWithTwoFactor(t, "falschercode@example.test");
    const { cookies } = await startSignIn(t, "falschercode@example.test");
    const pending = cookies.get("postwerk.two_factor") ?? expect.unreachable();
    const wrong = await t.postJson("/api/auth/two-factor/verify-totp", { code: wrongCodeFor(totp) }, pending);
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).code).toBe("INVALID_CODE");
    expect(setCookies(wrong).has("postwerk.session_token")).toBe(false);
    const right = await t.postJson("/api/auth/two-factor/verify-totp", { code: totp.generate() }, pending);
    expect(right.status).toBe(200);
  });

  it("takes a backup code once and refuses it the second time", async () => {
    const { backupCodes } = await signUpWithTwoFactor(t, "backup@example.test");
    const code = backupCodes[0] ?? expect.unreachable();
    // The code step of a sign-in started with the password.
    const enterBackupCode = (signIn: { cookies: Map<string, string> }, backupCode: string | undefined) =>
      t.postJson(
        "/api/auth/two-factor/verify-backup-code",
        { code: backupCode },
        signIn.cookies.get("postwerk.two_factor"),
      );
    const first = await startSignIn(t, "backup@example.test");
    const used = await enterBackupCode(first, code);
    expect(used.status).toBe(200);
    expect((await t.api(sessionCookieFrom(used)).profile.$get()).status).toBe(200);

    const second = await startSignIn(t, "backup@example.test");
    const again = await enterBackupCode(second, code);
    expect(again.status).toBe(401);
    expect((await again.json()).code).toBe("INVALID_BACKUP_CODE");
    // Another one of the ten still works.
    const other = await enterBackupCode(second, backupCodes[1]);
    expect(other.status).toBe(200);
  });

  it("skips the code on a device trusted for 30 days, and asks again after that", async () => {
    const { totp } = await signUpWithTwoFactor(t, "geraet@example.test");
    const first = await startSignIn(t, "geraet@example.test");
    const verify = await t.postJson(
      "/api/auth/two-factor/verify-totp",
      { code: totp.generate(), trustDevice: true },
      first.cookies.get("postwerk.two_factor"),
    );
    const trusted = setCookies(verify).get("postwerk.trust_device") ?? expect.unreachable();
    const trustHeader = verify.headers.getSetCookie().find((header) => header.startsWith("postwerk.trust_device="));
    expect(trustHeader).toMatch(new RegExp(`Max-Age=${TRUST_DEVICE_DAYS * 24 * 60 * 60}`, "i"));

    const again = await startSignIn(t, "geraet@example.test", trusted);
    expect(again.body.twoFactorRedirect).toBeUndefined();
    expect(again.cookies.has("postwerk.session_token")).toBe(true);
    // Each use renews the trust; an untrusted browser still needs the code.
    const renewed = again.cookies.get("postwerk.trust_device") ?? expect.unreachable();
    expect((await startSignIn(t, "geraet@example.test")).body.twoFactorRedirect).toBe(true);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (TRUST_DEVICE_DAYS + 1) * 24 * 60 * 60 * 1000 });
    const later = await startSignIn(t, "geraet@example.test", renewed);
    vi.useRealTimers();
    expect(later.body.twoFactorRedirect).toBe(true);
    expect(later.cookies.has("postwerk.session_token")).toBe(false);
  });

  it("counts wrong codes: five per sign-in, then a fresh sign-in; ten in a row lock the account", async () => {
    const { totp } = await signUpWithTwoFactor(t, "zaehler@example.test");
    const tryCodes = async (count: number) => {
      const { cookies } = await startSignIn(t, "zaehler@example.test");
      const pending = cookies.get("postwerk.two_factor");
      const statuses: number[] = [];
      for (let i = 0; i < count; i++) {
        const response = await t.postJson("/api/auth/two-factor/verify-totp", { code: wrongCodeFor(totp) }, pending);
        statuses.push(response.status);
      }
      const right = await t.postJson("/api/auth/two-factor/verify-totp", { code: totp.generate() }, pending);
      return { statuses, right };
    };
    const first = await tryCodes(5);
    expect(first.statuses).toEqual([401, 401, 401, 401, 401]);
    // The sixth try of this sign-in is refused even with the right code.
    expect(first.right.status).toBe(400);
    expect((await first.right.json()).code).toBe("TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE");

    const second = await tryCodes(5);
    // Ten wrong codes in a row: the account is locked, and the lock is answered in German.
    expect(second.right.status).toBe(429);
    expect((await second.right.json()).error).toMatch(/Zu viele Versuche/);
    const [row] = await t.db
      .select({ lockedUntil: twoFactor.lockedUntil })
      .from(twoFactor)
      .innerJoin(user, eq(user.id, twoFactor.userId))
      .where(eq(user.email, "zaehler@example.test"));
    expect(row?.lockedUntil).toBeInstanceOf(Date);
  });

  it("limits code entries per address with 429 in German", async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT: "on" } });
    try {
      const { totp } = await signUpWithTwoFactor(limited, "bruteforce@example.test");
      const { cookies } = await startSignIn(limited, "bruteforce@example.test");
      const pending = cookies.get("postwerk.two_factor");
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await limited.postJson(
          "/api/auth/two-factor/verify-backup-code",
          { code: `aaaa${i}-bbbbb` },
          pending,
        );
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses[5]).toBe(429);
      const blocked = await limited.postJson("/api/auth/two-factor/verify-totp", { code: totp.generate() }, pending);
      // Each path counts on its own; the TOTP path still answers, the backup path stays limited.
      expect(blocked.status).not.toBe(429);
      const stillBlocked = await limited.postJson(
        "/api/auth/two-factor/verify-backup-code",
        { code: "aaaaa-bbbbb" },
        pending,
      );
      expect(stillBlocked.status).toBe(429);
      expect((await stillBlocked.json()).error).toMatch(/Zu viele Versuche/);
    } finally {
      await limited.close();
    }
  });
});
