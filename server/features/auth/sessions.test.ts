import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session } from "#server/db/schema/auth.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { sessionCookieFrom } from "../../../tests/setup/test-app.ts";

// The "Angemeldete Geräte" card on /konto uses Better Auth's own session endpoints;
// these tests pin what the card relies on.

const DESKTOP_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1";

type ListedSession = { id: string; token: string; userAgent: string | null; updatedAt: string };

const logLines: string[] = [];
setUpTestApp({
  env: { LOG_LEVEL: "debug" },
  logDestination: { write: (line: string) => void logLines.push(line) },
});

async function signInFrom(email: string, userAgent: string, password = "Laterne-Zimt-42") {
  const response = await t.request("/api/auth/sign-in/email", {
    method: "POST",
    body: JSON.stringify({ email, password }),
    headers: { "user-agent": userAgent },
  });
  expect(response.status).toBe(200);
  return sessionCookieFrom(response);
}

async function listSessions(cookie: string): Promise<ListedSession[]> {
  const response = await t.request("/api/auth/list-sessions", { cookie });
  expect(response.status).toBe(200);
  return response.json();
}

async function currentSessionId(cookie: string): Promise<string> {
  const response = await t.request("/api/auth/get-session", { cookie });
  return (await response.json()).session.id;
}

const profileStatus = async (cookie: string) => (await t.api(cookie).profile.$get()).status;

describe("the account's signed-in devices", () => {
  it("lists every session of the account with its user agent, and only that account's", async () => {
    await t.signUpAndConfirm("liste@example.test");
    const desktop = await signInFrom("liste@example.test", DESKTOP_CHROME);
    const phone = await signInFrom("liste@example.test", IPHONE_SAFARI);
    await t.signUpAndConfirm("fremd@example.test");

    const sessions = await listSessions(desktop);
    const agents = sessions.map((listed) => listed.userAgent);
    expect(agents).toEqual(expect.arrayContaining([DESKTOP_CHROME, IPHONE_SAFARI]));
    expect(sessions).toHaveLength(3); // plus the one the confirmation link opened
    const ids = sessions.map((listed) => listed.id);
    expect(ids).toContain(await currentSessionId(desktop));
    expect(ids).toContain(await currentSessionId(phone));
    for (const listed of sessions) expect(Number.isNaN(Date.parse(listed.updatedAt))).toBe(false);
  });

  it("signs out exactly the revoked session", async () => {
    const current = await t.signUpAndConfirm("einzeln@example.test");
    const other = await signInFrom("einzeln@example.test", IPHONE_SAFARI);
    const otherId = await currentSessionId(other);
    const target = (await listSessions(current)).find((listed) => listed.id === otherId);

    const response = await t.postJson("/api/auth/revoke-session", { token: target?.token }, current);
    expect(response.status).toBe(200);
    expect(await profileStatus(other)).toBe(401);
    expect(await profileStatus(current)).toBe(200);
    expect((await listSessions(current)).map((listed) => listed.id)).toEqual([await currentSessionId(current)]);
  });

  it("signs out all other sessions and keeps the current one", async () => {
    const current = await t.signUpAndConfirm("alle@example.test");
    const desktop = await signInFrom("alle@example.test", DESKTOP_CHROME);
    const phone = await signInFrom("alle@example.test", IPHONE_SAFARI);

    const response = await t.postJson("/api/auth/revoke-other-sessions", {}, current);
    expect(response.status).toBe(200);
    expect(await profileStatus(desktop)).toBe(401);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(current)).toBe(200);
    expect((await listSessions(current)).map((listed) => listed.id)).toEqual([await currentSessionId(current)]);
  });

  it("signs out every other session when the password is changed as the account form does it", async () => {
    const current = await t.signUpAndConfirm("passwort-geraete@example.test", "altesPasswort1");
    const other = await signInFrom("passwort-geraete@example.test", IPHONE_SAFARI, "altesPasswort1");

    // The body of change-password-form.tsx.
    const response = await t.changePassword(current, "neuesPasswort1", "altesPasswort1");
    expect(response.status).toBe(200);
    expect(await profileStatus(other)).toBe(401);
    // Better Auth replaces the current session too and hands the browser the new cookie.
    const renewed = sessionCookieFrom(response);
    expect(await profileStatus(renewed)).toBe(200);
    expect(await listSessions(renewed)).toHaveLength(1);
  });

  it("cannot sign out another account's session, even with its token", async () => {
    const victim = await t.signUpAndConfirm("opfer@example.test");
    const attacker = await t.signUpAndConfirm("angreifer@example.test");
    const [victimSession] = await listSessions(victim);

    const response = await t.postJson("/api/auth/revoke-session", { token: victimSession?.token }, attacker);
    expect(response.status).toBeLessThan(500);
    expect(await profileStatus(victim)).toBe(200);
    expect((await listSessions(victim)).map((listed) => listed.id)).toEqual([victimSession?.id]);
    await t.postJson("/api/auth/revoke-other-sessions", {}, attacker);
    expect(await profileStatus(victim)).toBe(200);
  });

  it("answers 401 without a session", async () => {
    expect((await t.request("/api/auth/list-sessions")).status).toBe(401);
    expect((await t.postJson("/api/auth/revoke-session", { token: "irgendwas" })).status).toBe(401);
    expect((await t.postJson("/api/auth/revoke-other-sessions", {})).status).toBe(401);
  });

  // Better Auth would refuse the list a day after signing in (its freshAge); ADR 0026 turned
  // that off, and the card has no other way to show the devices.
  it("lists the devices and signs out the others for a sign-in older than a day too", async () => {
    const current = await t.signUpAndConfirm("alt-angemeldet@example.test");
    const other = await signInFrom("alt-angemeldet@example.test", IPHONE_SAFARI);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await t.db
      .update(session)
      .set({ createdAt: twoDaysAgo })
      .where(eq(session.id, await currentSessionId(current)));

    expect(await listSessions(current)).toHaveLength(2);
    expect((await t.postJson("/api/auth/revoke-other-sessions", {}, current)).status).toBe(200);
    expect(await profileStatus(other)).toBe(401);
    expect(await profileStatus(current)).toBe(200);
  });

  it("never writes a session token into the log", async () => {
    const tokens = (await t.db.select({ token: session.token }).from(session)).map((row) => row.token);
    expect(tokens.length).toBeGreaterThan(0);
    expect(logLines.length).toBeGreaterThan(0);
    const log = logLines.join("\n");
    for (const token of tokens) expect(log).not.toContain(token);
  });
});
