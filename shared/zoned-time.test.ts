import { describe, expect, it } from "vitest";
import { wallTimeToInstant } from "./wall-time.ts";
import {
  addMonths,
  dayLengthMinutes,
  monthGrid,
  wallTimeExists,
  weekOf,
  zonedDayStart,
  zonedToday,
  zonedWallTime,
} from "./zoned-time.ts";

const BERLIN = "Europe/Berlin";

describe("zoned wall times (ADR 0089, DST rule of ADR 0053)", () => {
  it("reads an instant's wall time in the zone, not the machine's", () => {
    expect(zonedWallTime(new Date("2026-12-24T17:30:00Z"), BERLIN)).toEqual({
      date: "2026-12-24",
      time: "18:30",
      minutes: 18 * 60 + 30,
    });
    expect(zonedWallTime(new Date("2026-07-01T22:30:00Z"), BERLIN).date).toBe("2026-07-02");
    expect(zonedWallTime(new Date("2026-07-01T22:30:00Z"), "America/New_York").date).toBe("2026-07-01");
    expect(zonedToday(BERLIN, new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
  });

  it("takes the first of a twice-shown time and moves a skipped time on by the gap", () => {
    expect(wallTimeToInstant("2026-10-25", "02:30", BERLIN)?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(wallTimeToInstant("2026-03-29", "02:30", BERLIN)?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(wallTimeToInstant("2026-12-07", "09:00", BERLIN)?.toISOString()).toBe("2026-12-07T08:00:00.000Z");
    expect(wallTimeToInstant("2026-02-30", "09:00", BERLIN)).toBeNull();
    expect(wallTimeToInstant("2026-12-07", "24:00", BERLIN)).toBeNull();
  });

  it("knows days of 23 and 25 hours and the hour that does not exist", () => {
    expect(dayLengthMinutes("2026-03-29", BERLIN)).toBe(23 * 60);
    expect(dayLengthMinutes("2026-10-25", BERLIN)).toBe(25 * 60);
    expect(dayLengthMinutes("2026-12-07", BERLIN)).toBe(24 * 60);
    expect(wallTimeExists("2026-03-29", 2 * 60 + 30, BERLIN)).toBe(false);
    expect(wallTimeExists("2026-03-29", 3 * 60, BERLIN)).toBe(true);
    expect(wallTimeExists("2026-10-25", 2 * 60 + 30, BERLIN)).toBe(true);
    expect(zonedDayStart("2026-10-26", BERLIN).toISOString()).toBe("2026-10-25T23:00:00.000Z");
  });
});

describe("calendar days", () => {
  it("gives Monday to Sunday across a month's end", () => {
    expect(weekOf("2027-01-01")).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
  });

  it("lays a month out in whole weeks from Monday: four, five or six of them", () => {
    // February 2027 starts on a Monday and has 28 days: exactly four weeks.
    expect(monthGrid("2027-02-14").map((week) => week[0])).toEqual([
      "2027-02-01",
      "2027-02-08",
      "2027-02-15",
      "2027-02-22",
    ]);
    const december = monthGrid("2026-12-07");
    expect(december).toHaveLength(5);
    expect(december[0]?.[0]).toBe("2026-11-30");
    expect(december.at(-1)?.at(-1)).toBe("2027-01-03");
    // August 2027 starts on a Sunday and has 31 days: six weeks.
    expect(monthGrid("2027-08-01")).toHaveLength(6);
    for (const week of december) expect(week).toHaveLength(7);
  });

  it("moves by months and keeps the day where the month has it", () => {
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonths("2027-01-15", -1)).toBe("2026-12-15");
  });
});
