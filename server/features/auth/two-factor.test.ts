import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BACKUP_CODE_COUNT, TRUST_DEVICE_DAYS, TWO_FACTOR_MESSAGES } from "#shared/two-factor.ts";
import { createTestApp, type RunningApp, sessionCookieFrom, type TestApp } from "../../../tests/setup/test-app.ts";
import { readOutbox, waitForMail } from "../../../tests/support/outbox.ts";
import { twoFactor, user } from "../../db/schema/auth.ts";

// Two-factor sign-in with an authenticator app (ADR 0041): Better Auth's plugin through the real
// app, with our additions: a code to turn it off, the rate limit, the mails, the German answers.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** `name=value` of every cookie an answer sets to a value (not the ones it clears). */
function setCookies(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0] ?? "";
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    if (value && !/max-age=0/i.test(header)) cookies.set(name, pair);
  }
  return cookies;
}

function wrongCodeFor(totp: OTPAuth.TOTP): string {
  return String((Number(totp.generate()) + 500_000) % 1_000_000).padStart(6, "0");
}

type Enabled = { cookie: string; totp: OTPAuth.TOTP; backupCodes: string[] };

/** Signs up, turns 2FA on through the plugin's endpoints and returns the new session and codes. */
async function signUpWithTwoFactor(app: RunningApp, email: string, password = "Laterne-Zimt-42"): Promise<Enabled> {
  const first = await app.signUpAndConfirm(email, password);
  const enable = await app.postJson("/api/auth/two-factor/enable", { password }, first);
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = await enable.json();
  const totp = OTPAuth.URI.parse(totpURI);
  if (!(totp instanceof OTPAuth.TOTP)) throw new Error("Kein TOTP-URI");
  const verify = await app.postJson("/api/auth/two-factor/verify-totp", { code: totp.generate() }, first);
  expect(verify.status).toBe(200);
  // Better Auth replaces the session when the user's twoFactorEnabled changes.
  return { cookie: sessionCookieFrom(verify), totp, backupCodes };
}

async function startSignIn(app: RunningApp, email: string, cookie?: string, password = "Laterne-Zimt-42") {
  const response = await app.postJson("/api/auth/sign-in/email", { email, password }, cookie);
  return { response, body: await response.json(), cookies: setCookies(response) };
}

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
    expect((await t.request("/api/profile", { cookie: pending })).status).toBe(401);

    const verify = await t.postJson("/api/auth/two-factor/verify-totp", { code: totp.generate() }, pending);
    expect(verify.status).toBe(200);
    const session = sessionCookieFrom(verify);
    const profile = await t.request("/api/profile", { cookie: session });
    expect(profile.status).toBe(200);
    expect((await profile.json()).email).toBe("anmelden@example.test");
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
    const first = await startSignIn(t, "backup@example.test");
    const used = await t.postJson(
      "/api/auth/two-factor/verify-backup-code",
      { code },
      first.cookies.get("postwerk.two_factor"),
    );
    expect(used.status).toBe(200);
    expect((await t.request("/api/profile", { cookie: sessionCookieFrom(used) })).status).toBe(200);

    const second = await startSignIn(t, "backup@example.test");
    const again = await t.postJson(
      "/api/auth/two-factor/verify-backup-code",
      { code },
      second.cookies.get("postwerk.two_factor"),
    );
    expect(again.status).toBe(401);
    expect((await again.json()).code).toBe("INVALID_BACKUP_CODE");
    // Another one of the ten still works.
    const other = await t.postJson(
      "/api/auth/two-factor/verify-backup-code",
      { code: backupCodes[1] },
      second.cookies.get("postwerk.two_factor"),
    );
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
    expect((await second.right.json()).message).toMatch(/Zu viele Versuche/);
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
      expect((await stillBlocked.json()).message).toMatch(/Zu viele Versuche/);
    } finally {
      await limited.close();
    }
  });
});

describe("turning two-factor sign-in off", () => {
  it("needs the password and a current code, then mails a notice", async () => {
    const { cookie, totp } = await signUpWithTwoFactor(t, "abschalten@example.test");
    const withoutCode = await t.postJson("/api/auth/two-factor/disable", { password: "Laterne-Zimt-42" }, cookie);
    expect(withoutCode.status).toBe(400);
    expect((await withoutCode.json()).message).toBe(TWO_FACTOR_MESSAGES.codeRequired);

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
    expect((await wrongCode.json()).message).toBe(TWO_FACTOR_MESSAGES.codeInvalid);
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
