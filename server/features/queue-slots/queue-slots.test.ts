import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { publications } from "#server/db/schema/publishing.ts";
import { queueSlots } from "#server/db/schema/queue-slots.ts";
import { MAX_QUEUE_SLOTS, QUEUE_SLOT_MESSAGES, type SlotSuggestion } from "#shared/queue-slots.ts";
import { addDays, isoWeekday, toWallTime, wallTimeToInstant } from "#shared/wall-time.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";

// The "Warteschlange" through the real app (ADR 0092): read and replace an account's slots, limits
// and German 400s, the next free slot in the user's zone, and a suggestion only from real history.

let t: TestApp;
let cookie: string;
let userId: string;
let anna: string;
let bert: string;

beforeAll(async () => {
  t = await createTestApp({ overrides: { networks: createScriptedNetworks() } });
  cookie = await t.signUpAndConfirm("warteschlange@example.test");
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, "warteschlange@example.test"));
  userId = row?.id ?? "";
  anna = await connect("anna");
  bert = await connect("bert");
});
afterAll(async () => {
  await t.close();
});

function send(path: string, method: string, body?: unknown, as = cookie) {
  return t.request(path, { method, cookie: as, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function connect(handle: string): Promise<string> {
  const connected = await send("/api/connections/bluesky/app-password", "POST", {
    identifier: `${handle}.bsky.social`,
    appPassword: "app-pass-word",
  });
  expect(connected.status).toBe(201);
  return ((await connected.json()) as { accountId: string }).accountId;
}

async function insertPost(accountId: string, scheduledAt: Date, status: "planned" | "sent" | "sending" | "cancelled") {
  await t.db.insert(publications).values({
    batchId: crypto.randomUUID(),
    userId,
    accountId,
    network: "bluesky",
    accountHandle: "@test",
    text: "Verlauf",
    scheduledAt,
    nextAttemptAt: scheduledAt,
    status,
    sentAt: status === "sent" ? scheduledAt : null,
  });
}

const everyDay = (time: string) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, time }));

describe("GET/PUT /api/accounts/:id/queue-slots", () => {
  it("starts empty, replaces the set as a whole and keeps each slot once", async () => {
    const empty = await send(`/api/accounts/${anna}/queue-slots`, "GET");
    expect(empty.status).toBe(200);
    expect(await empty.json()).toMatchObject({ slots: [], timeZone: "Europe/Berlin", suggestion: null });

    const first = await send(`/api/accounts/${anna}/queue-slots`, "PUT", {
      slots: [
        { weekday: 1, time: "12:30" },
        { weekday: 1, time: "09:00" },
        { weekday: 1, time: "09:00" },
      ],
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      slots: [
        { weekday: 1, time: "09:00" },
        { weekday: 1, time: "12:30" },
      ],
    });
    await send(`/api/accounts/${anna}/queue-slots`, "PUT", { slots: [{ weekday: 5, time: "17:00" }] });
    const read = (await (await send(`/api/accounts/${anna}/queue-slots`, "GET")).json()) as { slots: unknown[] };
    expect(read.slots).toEqual([{ weekday: 5, time: "17:00" }]);
  });

  it(`refuses more than ${MAX_QUEUE_SLOTS} slots and malformed ones with German 400s, never a 500`, async () => {
    const tooMany = Array.from({ length: MAX_QUEUE_SLOTS + 1 }, (_, index) => ({
      weekday: (index % 7) + 1,
      time: `${String(Math.floor(index / 7)).padStart(2, "0")}:00`,
    }));
    const refused = await send(`/api/accounts/${anna}/queue-slots`, "PUT", { slots: tooMany });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: QUEUE_SLOT_MESSAGES.tooMany, code: "INVALID_INPUT" });
    const exactlyMax = await send(`/api/accounts/${anna}/queue-slots`, "PUT", {
      slots: tooMany.slice(0, MAX_QUEUE_SLOTS),
    });
    expect(exactlyMax.status).toBe(200);

    for (const slots of [
      [{ weekday: 0, time: "09:00" }],
      [{ weekday: 8, time: "09:00" }],
      [{ weekday: 1.5, time: "09:00" }],
      [{ weekday: "1", time: "09:00" }],
      [{ weekday: 1, time: "24:00" }],
      [{ weekday: 1, time: "9:00" }],
      [{ weekday: 1, time: "09:60" }],
      [{ weekday: 1 }],
      ["Mo 09:00"],
      "alle",
      null,
    ]) {
      const response = await send(`/api/accounts/${anna}/queue-slots`, "PUT", { slots });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: QUEUE_SLOT_MESSAGES.invalid, code: "INVALID_INPUT" });
    }
    const notJson = await t.request(`/api/accounts/${anna}/queue-slots`, { method: "PUT", cookie, body: "{" });
    expect(notJson.status).toBe(400);
  });

  it("answers 404 for an account that is not the user's or no id at all, 401 signed out", async () => {
    const stranger = await t.signUpAndConfirm("fremd@example.test");
    for (const path of [`/api/accounts/${anna}/queue-slots`, "/api/accounts/kein-konto/queue-slots"]) {
      const response = await send(path, "GET", undefined, stranger);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { code: string }).code).toBe("ACCOUNT_NOT_FOUND");
    }
    const put = await send(`/api/accounts/${anna}/queue-slots`, "PUT", { slots: [] }, stranger);
    expect(put.status).toBe(404);
    expect((await t.request(`/api/accounts/${anna}/queue-slots`)).status).toBe(401);
  });

  it("goes with the account when it is disconnected", async () => {
    const carl = await connect("carl");
    await send(`/api/accounts/${carl}/queue-slots`, "PUT", { slots: everyDay("08:00") });
    expect((await send(`/api/connections/accounts/${carl}`, "DELETE")).status).toBeLessThan(300);
    expect(await t.db.select().from(queueSlots).where(eq(queueSlots.accountId, carl))).toEqual([]);
  });
});

describe("GET /api/queue-slots/next", () => {
  it("says in German when an account has no slots", async () => {
    await send(`/api/accounts/${bert}/queue-slots`, "PUT", { slots: [] });
    const response = await send(`/api/queue-slots/next?accountIds=${bert}`, "GET");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      next: null,
      message: QUEUE_SLOT_MESSAGES.noSlots,
      accountsWithoutSlots: [bert],
    });
  });

  it("answers the next free slot as a wall time in the user's zone, skipping a taken one", async () => {
    await send("/api/profile/time-zone", "PUT", { timeZone: "America/New_York" });
    await send(`/api/accounts/${anna}/queue-slots`, "PUT", { slots: everyDay("09:00") });
    const zone = "America/New_York";
    const today = toWallTime(new Date(), zone).date;
    // Tomorrow's and the day after's slots; a post planned at tomorrow 09:10 takes tomorrow's.
    const tomorrow = addDays(today, 1);
    await insertPost(anna, wallTimeToInstant(tomorrow, "09:10", zone) as Date, "planned");
    // A cancelled post takes nothing.
    await insertPost(anna, wallTimeToInstant(addDays(today, 2), "09:00", zone) as Date, "cancelled");
    const body = (await (await send(`/api/queue-slots/next?accountIds=${anna}`, "GET")).json()) as {
      next: { date: string; time: string; at: string };
    };
    const todayStillAhead = (wallTimeToInstant(today, "09:00", zone) as Date).getTime() > Date.now() + 5 * 60_000;
    expect(body.next).toEqual({
      date: todayStillAhead ? today : addDays(today, 2),
      time: "09:00",
      at: wallTimeToInstant(todayStillAhead ? today : addDays(today, 2), "09:00", zone)?.toISOString(),
    });
    await send("/api/profile/time-zone", "PUT", { timeZone: "Europe/Berlin" });
  });

  it("for several accounts: a slot they share, free for both; a German line when they share none", async () => {
    await send(`/api/accounts/${anna}/queue-slots`, "PUT", { slots: everyDay("07:15") });
    await send(`/api/accounts/${bert}/queue-slots`, "PUT", { slots: everyDay("19:45") });
    const none = (await (await send(`/api/queue-slots/next?accountIds=${anna},${bert}`, "GET")).json()) as {
      message: string;
    };
    expect(none.message).toBe(QUEUE_SLOT_MESSAGES.noCommonSlot);

    await send(`/api/accounts/${bert}/queue-slots`, "PUT", { slots: [...everyDay("07:15"), ...everyDay("19:45")] });
    const both = (await (await send(`/api/queue-slots/next?accountIds=${bert},${anna}`, "GET")).json()) as {
      next: { time: string; date: string };
    };
    expect(both.next.time).toBe("07:15");
    expect(isoWeekday(both.next.date)).toBeGreaterThanOrEqual(1);
  });

  it("refuses bad account lists with a German 400 and strangers' accounts with 404", async () => {
    for (const query of [
      "",
      "?accountIds=",
      "?accountIds=kein-konto",
      `?accountIds=${Array(11)
        .fill(crypto.randomUUID())
        .map(() => crypto.randomUUID())
        .join(",")}`,
    ]) {
      const response = await send(`/api/queue-slots/next${query}`, "GET");
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: QUEUE_SLOT_MESSAGES.accounts, code: "INVALID_INPUT" });
    }
    const unknown = await send(`/api/queue-slots/next?accountIds=${crypto.randomUUID()}`, "GET");
    expect(unknown.status).toBe(404);
  });
});

describe("suggestion from the user's own history", () => {
  it("offers nothing without history, then the user's usual times, then the account's own", async () => {
    const dave = await connect("dave");
    const suggestion = async () =>
      ((await (await send(`/api/accounts/${dave}/queue-slots`, "GET")).json()) as { suggestion: SlotSuggestion | null })
        .suggestion;
    // Posts that did not go out are no history.
    await insertPost(dave, new Date(Date.now() + 86_400_000), "planned");
    // Anna's sent posts so far: none. Nothing is offered.
    expect(await suggestion()).toBeNull();

    // Three sent posts of another account: the user's usual time, said to be from all accounts.
    for (const day of ["2026-11-03", "2026-11-10", "2026-11-17"])
      await insertPost(anna, wallTimeToInstant(day, "08:05", "Europe/Berlin") as Date, "sent");
    expect(await suggestion()).toEqual({
      basis: "user",
      postCount: 3,
      slots: [{ weekday: 2, time: "08:00", count: 3 }],
    });

    // Three of its own: the account's.
    for (const day of ["2026-11-05", "2026-11-12", "2026-11-19"])
      await insertPost(dave, wallTimeToInstant(day, "18:40", "Europe/Berlin") as Date, "sent");
    expect(await suggestion()).toEqual({
      basis: "account",
      postCount: 3,
      slots: [{ weekday: 4, time: "18:30", count: 3 }],
    });
  });
});
