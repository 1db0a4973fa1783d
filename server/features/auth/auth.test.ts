import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles } from "#server/db/schema/profiles.ts";
import { ACCOUNT_MESSAGES, USER_NAME_MAX_LENGTH } from "#shared/account.ts";
import { STARTING_CREDITS } from "#shared/credits.ts";
import { INVALID_CHARACTERS_MESSAGE } from "#shared/text.schemas.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { createTestApp, readJson, sessionCookieFrom } from "../../../tests/setup/test-app.ts";
import { readOutbox, waitForMail } from "../../../tests/support/outbox.ts";

setUpTestApp();

describe("sign-up with e-mail confirmation", () => {
  it("creates a profile with the starting credits and sends a German confirmation mail", async () => {
    const response = await t.signUp({
      email: "neu@example.test",
      password: "Laterne-Zimt-42",
      name: "neu",
    });
    expect(response.status).toBe(200);
    const mail = await waitForMail(t.dataDir, "neu@example.test");
    expect(mail.subject).toBe("Bitte bestätigen Sie Ihre E-Mail-Adresse");
    expect(mail.links[0]).toContain("/api/auth/verify-email?token=");
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, "neu@example.test"));
    expect(profile?.credits).toBe(STARTING_CREDITS);
    expect(profile?.subscriptionStatus).toBe("free");
    expect(profile?.isAdmin).toBe(false);
  });

  it("refuses sign-in before the address is confirmed", async () => {
    await t.signUp({
      email: "unbestaetigt@example.test",
      password: "Laterne-Zimt-42",
      name: "u",
    });
    const response = await t.postJson("/api/auth/sign-in/email", {
      email: "unbestaetigt@example.test",
      password: "Laterne-Zimt-42",
    });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe("EMAIL_NOT_VERIFIED");
  });

  it("signs the user in through the confirmation link and lands on the success page", async () => {
    await t.signUp({
      email: "link@example.test",
      password: "Laterne-Zimt-42",
      name: "link",
      callbackURL: "/auth/email-confirm-success",
    });
    const mail = await waitForMail(t.dataDir, "link@example.test");
    const link = new URL(mail.links[0] ?? "");
    const response = await t.request(`${link.pathname}${link.search}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/auth/email-confirm-success");
    const cookie = sessionCookieFrom(response);
    expect((await readJson(await t.api(cookie).profile.$get(), 200)).email).toBe("link@example.test");
  });

  it("does not reveal through sign-up whether an address already has an account", async () => {
    await t.signUpAndConfirm("vorhanden@example.test");
    const before = (await readOutbox(t.dataDir)).length;
    const again = await t.signUp({
      email: "vorhanden@example.test",
      password: "Mondlicht-Kiwi-5",
      name: "x",
    });
    const fresh = await t.signUp({
      email: "ganzneu@example.test",
      password: "Mondlicht-Kiwi-5",
      name: "x",
    });
    expect(again.status).toBe(fresh.status);
    expect(Object.keys(await again.json()).sort()).toEqual(Object.keys(await fresh.json()).sort());
    await waitForMail(t.dataDir, "ganzneu@example.test");
    expect((await readOutbox(t.dataDir)).length).toBe(before + 1);
  });

  it("answers a wrong password and an unknown address alike", async () => {
    await t.signUpAndConfirm("bekannt@example.test");
    const wrongPassword = await t.postJson("/api/auth/sign-in/email", {
      email: "bekannt@example.test",
      password: "falsch123",
    });
    const unknown = await t.postJson("/api/auth/sign-in/email", {
      email: "niemand@example.test",
      password: "falsch123",
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrongPassword.json()).toEqual(await unknown.json());
  });
});

describe("account changes", () => {
  it("changes the password, mails a notice, and accepts only the new password", async () => {
    const cookie = await t.signUpAndConfirm("passwort@example.test", "altesPasswort1");
    const response = await t.changePassword(cookie, "neuesPasswort1", "altesPasswort1");
    expect(response.status).toBe(200);
    const notice = await waitForMail(
      t.dataDir,
      "passwort@example.test",
      (m) => m.subject === "Ihr Passwort wurde geändert",
    );
    expect(notice.text).toContain("Passwort Ihres Postwerk-Kontos wurde soeben geändert");
    await expect(t.signIn("passwort@example.test", "altesPasswort1")).rejects.toThrow();
    await expect(t.signIn("passwort@example.test", "neuesPasswort1")).resolves.toContain("postwerk.session_token=");
  });

  it("sends the e-mail change link to the new address and switches the address once it is followed", async () => {
    const cookie = await t.signUpAndConfirm("alt@example.test");
    const response = await t.changeEmail(cookie, "neu-adresse@example.test");
    expect(response.status).toBe(200);
    const mail = await waitForMail(t.dataDir, "neu-adresse@example.test");
    expect(mail.subject).toBe("Bestätigen Sie Ihre neue E-Mail-Adresse");
    const link = new URL(mail.links[0] ?? "");
    await t.request(`${link.pathname}${link.search}`, { cookie });
    const profile = await readJson(await t.api(cookie).profile.$get(), 200);
    expect(profile.email).toBe("neu-adresse@example.test");
    await expect(t.signIn("neu-adresse@example.test")).resolves.toContain("postwerk.session_token=");
  });
});

describe("protection of the auth routes", () => {
  it("refuses a state-changing request from another origin", async () => {
    const response = await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ email: "a@example.test", password: "Laterne-Zimt-42" }),
    });
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatch(/aus Sicherheitsgründen abgelehnt/);
  });

  it("limits sign-in attempts and answers in German with 429", async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT: "on" } });
    try {
      const attempt = () =>
        limited.postJson("/api/auth/sign-in/email", { email: "x@example.test", password: "falsch123" });
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await attempt()).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses[5]).toBe(429);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect((await blocked.json()).error).toBe(
        "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.",
      );
      expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});

describe("what Better Auth stores is bounded and clean (ADR 0020)", () => {
  it.each([
    ["a name of 5 MB", { name: "x".repeat(5 * 1024 * 1024) }, 413],
    ["a name over 100 characters", { name: "x".repeat(USER_NAME_MAX_LENGTH + 1) }, 400],
    ["a null name", { name: null }, 400],
    ["a name with a NUL byte", { name: "Erika\u0000" }, 400],
    ["a name with a lone surrogate", { name: "Erika\ud800" }, 400],
    ["an image that is no web address", { image: "javascript:alert(1)" }, 400],
    ["an image address over 2048 characters", { image: `https://example.test/${"a".repeat(2048)}` }, 400],
  ])("update-user refuses %s and keeps the stored name", async (_case, body, status) => {
    const email = `name-${status}-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const cookie = await t.signUpAndConfirm(email);
    const response = await t.postJson("/api/auth/update-user", body, cookie);
    expect(response.status).toBe(status);
    const session = await (await t.request("/api/auth/get-session", { cookie })).json();
    expect(session.user.name).toBe(email.split("@")[0]);
  });

  it("update-user answers the German reason in Better Auth's error shape", async () => {
    const cookie = await t.signUpAndConfirm("name-lang@example.test");
    const response = await t.postJson("/api/auth/update-user", { name: "x".repeat(101) }, cookie);
    expect((await response.json()).error).toBe(ACCOUNT_MESSAGES.nameTooLong);
  });

  it("update-user still takes a normal name", async () => {
    const cookie = await t.signUpAndConfirm("name-ok@example.test");
    const response = await t.postJson("/api/auth/update-user", { name: "  Erika Mustermann " }, cookie);
    expect(response.status).toBe(200);
    const session = await (await t.request("/api/auth/get-session", { cookie })).json();
    expect(session.user.name).toBe("  Erika Mustermann ");
  });

  it.each([
    ["a name over 100 characters", { name: "x".repeat(101) }, ACCOUNT_MESSAGES.nameTooLong],
    ["a name with a NUL byte", { name: "a\u0000b" }, INVALID_CHARACTERS_MESSAGE],
    ["an e-mail over 254 characters", { email: `${"a".repeat(250)}@example.test` }, ACCOUNT_MESSAGES.emailInvalid],
  ])("sign-up refuses %s with 400 and creates no account", async (_case, change, message) => {
    const email = `signup-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const response = await t.signUp({
      email,
      password: "Laterne-Zimt-42",
      name: "neu",
      ...change,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(message);
    expect(await t.db.select().from(profiles).where(eq(profiles.email, email))).toHaveLength(0);
  });
});

describe("the password's minimum length (spec section 5)", () => {
  it("keeps the spec's minimum of 6 characters and says so in German (ADR 0080)", async () => {
    const signUp = await t.signUp({
      email: "kurz@example.test",
      password: "a1b2c",
      name: "kurz",
    });
    expect(signUp.status).toBe(400);
    expect((await signUp.json()).error).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    const cookie = await t.signUpAndConfirm("kurz-wechsel@example.test");
    const change = await t.changePassword(cookie, "a1b2c");
    expect(change.status).toBe(400);
    expect((await change.json()).error).toBe(ACCOUNT_MESSAGES.newPasswordTooShortAnswer);
  });
});
