import { describe, expect, it } from "vitest";
import { nextFreeSlot, normaliseSlots, suggestionBasisLabel, usualPostingTimes } from "./queue-slots.ts";
import { addDays, wallTimeToInstant } from "./wall-time.ts";

// The next free slot (ADR 0092): taken slots, several accounts, the wrap into next week, DST.

const BERLIN = "Europe/Berlin";
const at = (date: string, time: string, zone = BERLIN) => wallTimeToInstant(date, time, zone) as Date;
const weekdays = (time: string, days = [1, 2, 3, 4, 5]) => days.map((weekday) => ({ weekday, time }));

describe("nextFreeSlot", () => {
  // Wednesday 25.11.2026, 10:00 in Berlin.
  const now = at("2026-11-25", "10:00");

  it("takes today's next slot that is still ahead", () => {
    const slots = [...weekdays("09:00"), ...weekdays("12:30")];
    expect(nextFreeSlot({ slotsByAccount: [slots], takenByAccount: [[]], zone: BERLIN, now })).toEqual({
      date: "2026-11-25",
      time: "12:30",
      at: "2026-11-25T11:30:00.000Z",
    });
  });

  it("skips a slot with a planned post within 30 minutes of it, not one further away", () => {
    const slots = [...weekdays("09:00"), ...weekdays("12:30")];
    const taken = [at("2026-11-25", "12:45")];
    expect(nextFreeSlot({ slotsByAccount: [slots], takenByAccount: [taken], zone: BERLIN, now })?.date).toBe(
      "2026-11-26",
    );
    const farther = [at("2026-11-25", "13:00")];
    expect(nextFreeSlot({ slotsByAccount: [slots], takenByAccount: [farther], zone: BERLIN, now })?.time).toBe("12:30");
  });

  it("never offers a slot in the past or a few minutes from now", () => {
    const slots = weekdays("10:03", [3]);
    expect(nextFreeSlot({ slotsByAccount: [slots], takenByAccount: [[]], zone: BERLIN, now })?.date).toBe("2026-12-02");
  });

  it("wraps into next week: Friday evening's next Monday slot", () => {
    const friday = at("2026-11-27", "18:00");
    expect(
      nextFreeSlot({ slotsByAccount: [weekdays("09:00")], takenByAccount: [[]], zone: BERLIN, now: friday }),
    ).toMatchObject({ date: "2026-11-30", time: "09:00" });
  });

  it("several accounts: the first slot both have and both have free", () => {
    const a = [...weekdays("09:00"), ...weekdays("12:30")];
    const b = weekdays("12:30", [4, 5]);
    // Thursday 12:30 is taken for b, so Friday 12:30.
    const takenB = [at("2026-11-26", "12:30")];
    expect(nextFreeSlot({ slotsByAccount: [a, b], takenByAccount: [[], takenB], zone: BERLIN, now })).toMatchObject({
      date: "2026-11-27",
      time: "12:30",
    });
    // No time in common: none.
    expect(
      nextFreeSlot({
        slotsByAccount: [weekdays("09:00"), weekdays("10:00")],
        takenByAccount: [[], []],
        zone: BERLIN,
        now,
      }),
    ).toBeNull();
    // An account without slots: none.
    expect(nextFreeSlot({ slotsByAccount: [a, []], takenByAccount: [[], []], zone: BERLIN, now })).toBeNull();
  });

  it("keeps the wall time across the change to summer time, and moves a slot in the gap on", () => {
    const saturday = at("2026-03-28", "12:00");
    // Sunday 29.03.2026 09:00 is CEST (07:00 UTC), as on the wall clock.
    expect(
      nextFreeSlot({ slotsByAccount: [weekdays("09:00", [7])], takenByAccount: [[]], zone: BERLIN, now: saturday }),
    ).toEqual({ date: "2026-03-29", time: "09:00", at: "2026-03-29T07:00:00.000Z" });
    // 02:30 does not exist that night: it becomes 03:30 CEST.
    expect(
      nextFreeSlot({ slotsByAccount: [weekdays("02:30", [7])], takenByAccount: [[]], zone: BERLIN, now: saturday }),
    ).toEqual({ date: "2026-03-29", time: "03:30", at: "2026-03-29T01:30:00.000Z" });
  });

  it("reads slots in the user's zone (America/New_York) and the repeated hour as its first time", () => {
    const saturday = at("2026-10-31", "12:00", "America/New_York");
    expect(
      nextFreeSlot({
        slotsByAccount: [weekdays("01:30", [7])],
        takenByAccount: [[]],
        zone: "America/New_York",
        now: saturday,
      }),
    ).toEqual({ date: "2026-11-01", time: "01:30", at: "2026-11-01T05:30:00.000Z" });
  });

  it("gives up at the planning horizon", () => {
    const slots = weekdays("09:00", [1]);
    // Every Monday 09:00 on the wall clock for 60 weeks is planned already.
    const everyMonday = Array.from({ length: 60 }, (_, week) => at(addDays("2026-11-30", week * 7), "09:00"));
    expect(nextFreeSlot({ slotsByAccount: [slots], takenByAccount: [everyMonday], zone: BERLIN, now })).toBeNull();
  });
});

describe("the suggestion's basis (ADR 0092)", () => {
  it("counts the weekdays and half hours the posts went out at, in the zone", () => {
    const sent = [
      at("2026-11-03", "09:10"),
      at("2026-11-10", "09:20"),
      at("2026-11-17", "09:05"),
      at("2026-11-05", "18:40"),
    ];
    expect(usualPostingTimes(sent, BERLIN)).toEqual([
      { weekday: 2, time: "09:00", count: 3 },
      { weekday: 4, time: "18:30", count: 1 },
    ]);
    // The same instants in New York fall on other hours.
    expect(usualPostingTimes(sent, "America/New_York")[0]).toEqual({ weekday: 2, time: "03:00", count: 3 });
  });

  it("says on screen what it is drawn from", () => {
    expect(suggestionBasisLabel({ basis: "account", postCount: 23 })).toBe(
      "Vorschlag aus Ihren letzten 23 gesendeten Beiträgen mit diesem Konto",
    );
    expect(suggestionBasisLabel({ basis: "user", postCount: 4 })).toContain("alle Konten");
  });

  it("keeps each slot once, in week order", () => {
    expect(
      normaliseSlots([
        { weekday: 3, time: "09:00" },
        { weekday: 1, time: "12:30" },
        { weekday: 1, time: "09:00" },
        { weekday: 3, time: "09:00" },
      ]),
    ).toEqual([
      { weekday: 1, time: "09:00" },
      { weekday: 1, time: "12:30" },
      { weekday: 3, time: "09:00" },
    ]);
  });
});
