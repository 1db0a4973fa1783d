import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { session as sessionTable } from "#server/db/schema/auth.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { SESSION_ABSOLUTE_LIFETIME_SECONDS, SESSION_IDLE_LIFETIME_SECONDS } from "./session-lifetime.ts";

// ADR 0042: a session slides for 7 days and ends 30 days after the sign-in, however often it is
// used. Time is a fake clock (Date only; the database and the mail outbox run as they are).

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const START = new Date("2026-03-02T08:00:00Z").getTime();

setUpTestApp();

/** A confirmed account, then a sign-in at START: the session under test. */
async function signedInAtStart(email: string): Promise<string> {
  await t.signUpAndConfirm(email);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
  return t.signIn(email);
}

const at = (offset: number) => vi.setSystemTime(START + offset);
const getSession = async (cookie: string) => (await t.request("/api/auth/get-session", { cookie })).json();
const profileStatus = async (cookie: string) => (await t.api(cookie).profile.$get()).status;

async function storedSession(cookie: string) {
  const token = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".")[0] ?? "";
  const [row] = await t.db.select().from(sessionTable).where(eq(sessionTable.token, token));
  return row;
}

describe("the absolute session lifetime (ADR 0042)", () => {
  it("is 30 days; the sliding expiry stays 7", () => {
    expect(SESSION_ABSOLUTE_LIFETIME_SECONDS).toBe(30 * 24 * 60 * 60);
    expect(SESSION_IDLE_LIFETIME_SECONDS).toBe(7 * 24 * 60 * 60);
  });

  it("ends a session used every day 30 days after the sign-in", async () => {
    const cookie = await signedInAtStart("taeglich@example.test");
    for (let day = 1; day <= 29; day++) {
      at(day * DAY);
      expect((await getSession(cookie))?.session, `Tag ${day}`).toBeTruthy();
      expect(await profileStatus(cookie), `Tag ${day}`).toBe(200);
    }
    // It slid well past the first 7 days, but never past day 30.
    expect((await storedSession(cookie))?.expiresAt.getTime()).toBe(START + 30 * DAY);

    at(30 * DAY + MINUTE);
    expect(await profileStatus(cookie)).toBe(401);
    expect(await getSession(cookie)).toBeNull();
    // Signing in again gives a new session with its own 30 days.
    const fresh = await t.signIn("taeglich@example.test");
    expect(await profileStatus(fresh)).toBe(200);
  });

  it("ends it as well when only /api is used, without a write on every request of the last days", async () => {
    const cookie = await signedInAtStart("nur-api@example.test");
    // At noon: the refresh on day 23 would carry it to day 30 at noon, so it is capped.
    for (let day = 1; day <= 23; day++) {
      at(day * DAY + 4 * 60 * MINUTE);
      expect(await profileStatus(cookie), `Tag ${day}`).toBe(200);
    }
    const capped = await storedSession(cookie);
    expect(capped?.expiresAt.getTime()).toBe(START + 30 * DAY);
    for (let day = 24; day <= 29; day++) {
      at(day * DAY + 12 * 60 * MINUTE);
      expect(await profileStatus(cookie), `Tag ${day}`).toBe(200);
    }
    expect((await storedSession(cookie))?.updatedAt).toEqual(capped?.updatedAt);

    at(30 * DAY + MINUTE);
    expect(await profileStatus(cookie)).toBe(401);
    expect(await getSession(cookie)).toBeNull();
  });

  it("still ends a session unused for 7 days, as before", async () => {
    const cookie = await signedInAtStart("ungenutzt@example.test");
    at(7 * DAY - MINUTE);
    expect(await profileStatus(cookie)).toBe(200);
    at(14 * DAY);
    expect(await profileStatus(cookie)).toBe(401);
    expect(await getSession(cookie)).toBeNull();
  });

  it("ends a session unused for 7 days after its last refresh", async () => {
    const cookie = await signedInAtStart("pause@example.test");
    at(3 * DAY);
    expect(await profileStatus(cookie)).toBe(200);
    at(3 * DAY + 7 * DAY + MINUTE);
    expect(await profileStatus(cookie)).toBe(401);
    expect(await getSession(cookie)).toBeNull();
  });
});
