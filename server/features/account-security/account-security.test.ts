import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { RECOVERY_TEXTS, SIGN_IN_FREE_FAILURES } from "#shared/account-security.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { createTestApp, expectAnswer, readJson, sessionCookieFrom } from "../../../tests/setup/test-app.ts";
import { readOutbox, waitForMail } from "../../../tests/support/outbox.ts";
import { delayAfterFailures } from "./sign-in-throttle.ts";

// ADR 0044: recovering and protecting accounts, through the real app and database.

setUpTestApp();

const RESET_PAGE = "/auth/neues-passwort";

async function requestReset(email: string) {
  return t.postJson("/api/auth/request-password-reset", { email, redirectTo: RESET_PAGE });
}

async function mailsTo(email: string, subject: string) {
  return (await readOutbox(t.dataDir)).filter((m) => m.to.includes(email) && m.subject === subject);
}

/** Follows the reset link as the browser does and returns the token the page receives. */
async function tokenFromResetMail(email: string): Promise<string> {
  const mail = await waitForMail(t.dataDir, email, (m) => m.subject === "Passwort zurücksetzen");
  const link = new URL(mail.links[0] ?? "");
  const callback = await t.request(`${link.pathname}${link.search}`);
  expect(callback.status).toBe(302);
  const target = new URL(callback.headers.get("location") ?? "", "http://localhost:3000");
  expect(target.pathname).toBe(RESET_PAGE);
  return target.searchParams.get("token") ?? "";
}

describe("Passwort vergessen", () => {
  it("resets with a single-use link, signs in, ends every other session and sends a notice", async () => {
    const otherDevice = await t.signUpAndConfirm("vergessen@example.test");
    expect((await t.api(otherDevice).profile.$get()).status).toBe(200);

    expect((await requestReset("vergessen@example.test")).status).toBe(200);
    const token = await tokenFromResetMail("vergessen@example.test");

    const reset = await t.postJson("/api/auth/reset-password", { token, newPassword: "Lindenblüte-Kompass-77" });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ status: true, signedIn: true });
    const cookie = sessionCookieFrom(reset);
    expect((await t.api(cookie).profile.$get()).status).toBe(200);
    expect((await t.api(otherDevice).profile.$get()).status).toBe(401);

    const again = await t.postJson("/api/auth/reset-password", { token, newPassword: "Noch-ein-Versuch-42" });
    expect(again.status).toBe(400);

    const old = await t.postJson("/api/auth/sign-in/email", {
      email: "vergessen@example.test",
      password: "Laterne-Zimt-42",
    });
    expect(old.status).toBe(401);
    await t.signIn("vergessen@example.test", "Lindenblüte-Kompass-77");
    await waitForMail(t.dataDir, "vergessen@example.test", (m) => m.subject === "Ihr Passwort wurde zurückgesetzt");
  });

  it("answers an unknown address exactly like a known one and sends nothing", async () => {
    await t.signUpAndConfirm("bekannt@example.test");
    const known = await requestReset("bekannt@example.test");
    const unknown = await requestReset("niemand@example.test");
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    await waitForMail(t.dataDir, "bekannt@example.test", (m) => m.subject === "Passwort zurücksetzen");
    expect(await mailsTo("niemand@example.test", "Passwort zurücksetzen")).toHaveLength(0);
  });

  it("does not wait for the mail, so a known address answers as fast as an unknown one", async () => {
    // A mail server that never answers the reset link (other mails go through).
    const send = ({ subject }: { subject: string }) =>
      subject === "Passwort zurücksetzen" ? new Promise<void>(() => {}) : Promise.resolve();
    const hanging = await createTestApp({ overrides: { mailer: { send } } });
    try {
      await hanging.signUp({
        email: "haengt@example.test",
        password: "Laterne-Zimt-42",
        name: "h",
      });
      await hanging.db.update(user).set({ emailVerified: true }).where(eq(user.email, "haengt@example.test"));
      const response = await hanging.postJson("/api/auth/request-password-reset", {
        email: "haengt@example.test",
        redirectTo: RESET_PAGE,
      });
      expect(response.status).toBe(200);
    } finally {
      await hanging.close();
    }
  });

  it("limits links per recipient alike for addresses with and without an account", async () => {
    await t.signUpAndConfirm("viele-links@example.test");
    for (const email of ["viele-links@example.test", "kein-konto@example.test"]) {
      for (let i = 0; i < 3; i++) expect((await requestReset(email)).status).toBe(200);
      const refused = await requestReset(email.toUpperCase());
      expect(refused.status).toBe(429);
      expect((await refused.json()).error).toBe(RECOVERY_TEXTS.tooManyMails);
    }
  });

  it("refuses an invalid token and a weak new password in German", async () => {
    const invalid = await t.postJson("/api/auth/reset-password", {
      token: "x".repeat(24),
      newPassword: "Gutes-Passwort-81",
    });
    expect(invalid.status).toBe(400);
    await t.signUpAndConfirm("schwach@example.test");
    await requestReset("schwach@example.test");
    const token = await tokenFromResetMail("schwach@example.test");
    const weak = await t.postJson("/api/auth/reset-password", { token, newPassword: "123456" });
    expect(weak.status).toBe(400);
    expect((await weak.json()).error).toMatch(/Passwort/);
  });
});

describe("Bestätigungs-E-Mail erneut senden", () => {
  it("sends a new link to an unconfirmed account and nothing otherwise, with the same answer", async () => {
    await t.signUp({
      email: "spaet@example.test",
      password: "Laterne-Zimt-42",
      name: "s",
    });
    await waitForMail(t.dataDir, "spaet@example.test");
    await t.signUpAndConfirm("schon-bestaetigt@example.test");
    const before = (await readOutbox(t.dataDir)).length;

    const answers = [];
    for (const email of ["spaet@example.test", "schon-bestaetigt@example.test", "unbekannt@example.test"]) {
      const response = await t.postJson("/api/auth/send-verification-email", {
        email,
        callbackURL: "/auth/email-confirm-success",
      });
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const fresh = (await readOutbox(t.dataDir)).slice(before);
    expect(fresh.map((m) => m.to)).toEqual([expect.stringContaining("spaet@example.test")]);

    const link = new URL(fresh[0]?.links[0] ?? "");
    const confirm = await t.request(`${link.pathname}${link.search}`);
    expect((await t.api(sessionCookieFrom(confirm)).profile.$get()).status).toBe(200);
  });

  it("limits new links per recipient", async () => {
    for (let i = 0; i < 3; i++) {
      const ok = await t.postJson("/api/auth/send-verification-email", { email: "flut@example.test" });
      expect(ok.status).toBe(200);
    }
    const refused = await t.postJson("/api/auth/send-verification-email", { email: "flut@example.test" });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe(RECOVERY_TEXTS.tooManyMails);
  });
});

describe("per-account sign-in throttle", () => {
  it("grows the wait: nothing for the first failures, then 1, 2, 4 … at most 60 minutes", () => {
    expect(delayAfterFailures(SIGN_IN_FREE_FAILURES)).toBe(0);
    expect(delayAfterFailures(SIGN_IN_FREE_FAILURES + 1)).toBe(60_000);
    expect(delayAfterFailures(SIGN_IN_FREE_FAILURES + 2)).toBe(120_000);
    expect(delayAfterFailures(SIGN_IN_FREE_FAILURES + 30)).toBe(60 * 60_000);
  });

  async function failSignIns(email: string, count: number) {
    for (let i = 0; i < count; i++) {
      const response = await t.postJson("/api/auth/sign-in/email", { email, password: `falsch-${i}` });
      expect(response.status).toBe(401);
    }
  }

  it("blocks the account from every address after repeated failures, then lets the owner in", async () => {
    await t.signUpAndConfirm("ziel@example.test");
    await failSignIns("ziel@example.test", SIGN_IN_FREE_FAILURES + 1);
    const blocked = await t.postJson("/api/auth/sign-in/email", {
      email: "ziel@example.test",
      password: "Laterne-Zimt-42",
    });
    expect(blocked.status).toBe(429);
    const body = await blocked.json();
    expect(body.code).toBe("ACCOUNT_THROTTLED");
    expect(body.error).toContain("Passwort vergessen?");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);

    // Only Date moves: the wait of one minute is over.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
    await t.signIn("ziel@example.test");
    vi.useRealTimers();
    // A success starts the count afresh.
    await failSignIns("ziel@example.test", SIGN_IN_FREE_FAILURES);
    await t.signIn("ziel@example.test");
  });

  it("treats an address without an account the same way", async () => {
    await failSignIns("gibt-es-nicht@example.test", SIGN_IN_FREE_FAILURES + 1);
    const blocked = await t.postJson("/api/auth/sign-in/email", { email: "gibt-es-nicht@example.test", password: "x" });
    expect(blocked.status).toBe(429);
  });

  it("lets the owner out of a block through a password reset", async () => {
    await t.signUpAndConfirm("ausgesperrt@example.test");
    await failSignIns("ausgesperrt@example.test", SIGN_IN_FREE_FAILURES + 1);
    await requestReset("ausgesperrt@example.test");
    const token = await tokenFromResetMail("ausgesperrt@example.test");
    await t.postJson("/api/auth/reset-password", { token, newPassword: "Wiesenweg-Laterne-19" });
    await t.signIn("ausgesperrt@example.test", "Wiesenweg-Laterne-19");
  });

  it("counts wrong passwords of an account deletion and stops them with a 429", async () => {
    const cookie = await t.signUpAndConfirm("loeschen@example.test");
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_FREE_FAILURES + 2; i++) {
      const response = await t.postJson("/api/auth/delete-user", { password: `falsch-${i}` }, cookie);
      statuses.push(response.status);
    }
    expect(statuses.slice(0, SIGN_IN_FREE_FAILURES + 1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("new sign-in notice", () => {
  function deviceCookieFrom(response: Response): string {
    return (
      response.headers
        .getSetCookie()
        .map((header) => header.split(";")[0] ?? "")
        .find((pair) => pair.startsWith("postwerk.device=")) ?? ""
    );
  }

  it("mails a sign-in from an unknown browser, not from a known one, and can be turned off", async () => {
    const first = await t.signUpAndConfirm("geraete@example.test");
    const subject = "Neue Anmeldung bei Postwerk";
    // The browser that confirmed the address is the account's first: no mail for it.
    const fromKnown = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      body: JSON.stringify({ email: "geraete@example.test", password: "Laterne-Zimt-42" }),
      headers: { "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36" },
    });
    const knownDevice = deviceCookieFrom(fromKnown);
    expect(knownDevice).not.toBe("");
    await t.request("/api/auth/sign-in/email", {
      method: "POST",
      body: JSON.stringify({ email: "geraete@example.test", password: "Laterne-Zimt-42" }),
      cookie: knownDevice,
    });
    expect(await mailsTo("geraete@example.test", subject)).toHaveLength(1);
    const mail = await waitForMail(t.dataDir, "geraete@example.test", (m) => m.subject === subject);
    expect(mail.text).toContain("Chrome auf Windows");

    const settings = t.api(first)["account-security"].settings;
    expect((await settings.$put({ json: { notifyNewSignIn: false } })).status).toBe(200);
    await t.signIn("geraete@example.test");
    expect(await mailsTo("geraete@example.test", subject)).toHaveLength(1);
    expectAnswer(await readJson(await settings.$get(), 200)).toEqual({ notifyNewSignIn: false });
  });
});
