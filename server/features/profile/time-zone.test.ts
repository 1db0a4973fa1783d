import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plannedInstant } from "#server/features/publishing/publishing.service.ts";
import { composePublicationFailedMail } from "#server/integrations/mail/mail-templates.ts";
import type { PublicationView } from "#shared/publishing.schemas.ts";
import { TIME_ZONE_INVALID } from "#shared/time-zone.schemas.ts";
import { DEFAULT_TIME_ZONE, toWallTime, wallTimeToInstant } from "#shared/wall-time.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { mondayAhead } from "../../../tests/support/publishing.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";

// The user's time zone (ADR 0091) through the real app: stored per user, returned with the
// profile, and the zone every entered plannedFor is read in (its past and horizon checks too).

let t: TestApp;
let cookie: string;
let accountId: string;
const MONDAY = mondayAhead();

beforeAll(async () => {
  t = await createTestApp({ overrides: { networks: createScriptedNetworks() } });
  cookie = await t.signUpAndConfirm("zeitzone@example.test");
  const connected = await send("/api/connections/bluesky/app-password", "POST", {
    identifier: "zeit.bsky.social",
    appPassword: "app-pass-word",
  });
  accountId = ((await connected.json()) as { accountId: string }).accountId;
});
afterAll(async () => {
  await t.close();
});

function send(path: string, method: string, body?: unknown) {
  return t.request(path, { method, cookie, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function setZone(timeZone: unknown) {
  return send("/api/profile/time-zone", "PUT", { timeZone });
}

async function plan(date: string, time: string) {
  return send("/api/posts", "POST", { targets: [{ accountId, text: "Zeitzonen-Test" }], plannedFor: { date, time } });
}

describe("time zone setting", () => {
  it("is Europe/Berlin for a new user and comes with the profile", async () => {
    const profile = (await (await send("/api/profile", "GET")).json()) as { timeZone: string };
    expect(profile.timeZone).toBe(DEFAULT_TIME_ZONE);
  });

  it("refuses what is no IANA zone with a German 400, never a 500", async () => {
    for (const bad of ["Mars/Olympus", "", 42, null, "Europe/Berlin'; --", "x".repeat(500), { a: 1 }]) {
      const response = await setZone(bad);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: TIME_ZONE_INVALID, code: "INVALID_INPUT" });
    }
    const noBody = await t.request("/api/profile/time-zone", { method: "PUT", cookie, body: "nicht json" });
    expect(noBody.status).toBe(400);
    const signedOut = await t.request("/api/profile/time-zone", {
      method: "PUT",
      body: JSON.stringify({ timeZone: "UTC" }),
    });
    expect(signedOut.status).toBe(401);
  });

  it("stores a zone per user; the profile returns it", async () => {
    const saved = await setZone("America/New_York");
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ timeZone: "America/New_York" });
    const profile = (await (await send("/api/profile", "GET")).json()) as { timeZone: string };
    expect(profile.timeZone).toBe("America/New_York");
    const other = await t.signUpAndConfirm("berlin-bleibt@example.test");
    const theirs = (await (await t.request("/api/profile", { cookie: other })).json()) as { timeZone: string };
    expect(theirs.timeZone).toBe(DEFAULT_TIME_ZONE);
  });
});

describe("plannedFor in the user's zone", () => {
  it("reads the same wall time as another instant after the zone changes", async () => {
    await setZone("Europe/Berlin");
    const inBerlin = ((await (await plan(MONDAY, "09:00")).json()) as { posts: PublicationView[] }).posts[0];
    expect(inBerlin?.scheduledAt).toBe(wallTimeToInstant(MONDAY, "09:00", "Europe/Berlin")?.toISOString());

    await setZone("America/New_York");
    const inNewYork = ((await (await plan(MONDAY, "09:00")).json()) as { posts: PublicationView[] }).posts[0];
    expect(inNewYork?.scheduledAt).toBe(wallTimeToInstant(MONDAY, "09:00", "America/New_York")?.toISOString());
    expect(Date.parse(inNewYork?.scheduledAt ?? "") - Date.parse(inBerlin?.scheduledAt ?? "")).toBe(6 * 3_600_000);

    // Rescheduling reads the new time in the zone as well.
    const moved = await send(`/api/posts/${inBerlin?.id}`, "PATCH", { plannedFor: { date: MONDAY, time: "10:30" } });
    expect(((await moved.json()) as PublicationView).scheduledAt).toBe(
      wallTimeToInstant(MONDAY, "10:30", "America/New_York")?.toISOString(),
    );
  });

  it("shows the week Monday to Sunday in the user's zone", async () => {
    await setZone("Asia/Kolkata");
    const late = await plan(MONDAY, "00:15");
    const lateId = ((await late.json()) as { posts: PublicationView[] }).posts[0]?.id;
    // 00:15 on Monday in Kolkata is still Sunday in Berlin: in Kolkata's week, not in Berlin's before.
    const week = (await (await send(`/api/posts?week=${MONDAY}`, "GET")).json()) as { posts: PublicationView[] };
    expect(week.posts.map((post) => post.id)).toContain(lateId);
  });

  it("checks the past in the user's zone: three hours ahead in Berlin is five in the past in Tokyo", async () => {
    const { date, time } = toWallTime(new Date(Date.now() + 3 * 3_600_000), "Europe/Berlin");
    await setZone("Asia/Tokyo");
    const refused = await plan(date, time);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe("TIME_IN_PAST");
    await setZone("Europe/Berlin");
    expect((await plan(date, time)).status).toBe(201);
  });

  it("checks the horizon in the zone (ADR 0077)", () => {
    const now = new Date("2026-01-10T12:00:00Z");
    // 365 days on is 10.01.2027 12:00 UTC. 11.01.2027 01:30 is inside it at UTC+14 (Kiritimati), but
    // 11.01.2027 00:30 at UTC-11 (Pago Pago) is a day beyond; 10.01.2027 00:30 there is inside.
    expect(plannedInstant({ date: "2027-01-10", time: "00:30" }, "Pacific/Pago_Pago", now).toISOString()).toBe(
      "2027-01-10T11:30:00.000Z",
    );
    expect(() => plannedInstant({ date: "2027-01-11", time: "00:30" }, "Pacific/Pago_Pago", now)).toThrow(
      "höchstens 365 Tage",
    );
    expect(plannedInstant({ date: "2027-01-11", time: "01:30" }, "Pacific/Kiritimati", now).toISOString()).toBe(
      "2027-01-10T11:30:00.000Z",
    );
  });

  it("writes a post's time in the owner's zone in the mails about it", () => {
    const mail = composePublicationFailedMail({
      network: "Bluesky",
      account: "@zeit",
      scheduledAt: new Date("2026-12-24T17:30:00Z"),
      url: "https://postwerk.example/redaktionsplan",
      timeZone: "America/New_York",
      reason: "Abgelehnt.",
    });
    expect(mail.text).toContain("geplant für 24.12.2026, 12:30 Uhr");
  });
});
