import { describe, expect, it } from "vitest";
import { canonicalTimeZone, formatDateTime, timeZoneLabel, toWallTime, wallTimeToInstant } from "./wall-time.ts";

const iso = (date: string, time: string, zone: string) => wallTimeToInstant(date, time, zone)?.toISOString();

describe("wall time in any zone ↔ UTC (ADR 0053, ADR 0091)", () => {
  it("Europe/Berlin: winter, summer, the repeated hour meant the first time, the missing hour moved on", () => {
    expect(iso("2026-12-24", "18:30", "Europe/Berlin")).toBe("2026-12-24T17:30:00.000Z");
    expect(iso("2026-07-01", "10:05", "Europe/Berlin")).toBe("2026-07-01T08:05:00.000Z");
    // 25.10.2026: 02:00–02:59 twice; the first, still CEST.
    expect(iso("2026-10-25", "02:30", "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
    expect(iso("2026-10-25", "03:00", "Europe/Berlin")).toBe("2026-10-25T02:00:00.000Z");
    // 29.03.2026: 02:00–02:59 does not exist; 02:30 is 03:30 CEST.
    expect(iso("2026-03-29", "02:30", "Europe/Berlin")).toBe("2026-03-29T01:30:00.000Z");
    expect(iso("2026-03-29", "03:30", "Europe/Berlin")).toBe("2026-03-29T01:30:00.000Z");
  });

  it("America/New_York: the gap on 08.03.2026 and the repeated 01:00–01:59 on 01.11.2026", () => {
    expect(iso("2026-01-15", "09:00", "America/New_York")).toBe("2026-01-15T14:00:00.000Z");
    expect(iso("2026-03-08", "02:30", "America/New_York")).toBe("2026-03-08T07:30:00.000Z");
    expect(toWallTime(new Date("2026-03-08T07:30:00Z"), "America/New_York")).toEqual({
      date: "2026-03-08",
      time: "03:30",
    });
    // The first 01:30 is still EDT (UTC-4).
    expect(iso("2026-11-01", "01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    expect(iso("2026-11-01", "02:00", "America/New_York")).toBe("2026-11-01T07:00:00.000Z");
  });

  it("Asia/Kolkata: half an hour off UTC, no DST", () => {
    expect(iso("2026-06-01", "09:00", "Asia/Kolkata")).toBe("2026-06-01T03:30:00.000Z");
    expect(iso("2026-01-01", "00:00", "Asia/Kolkata")).toBe("2025-12-31T18:30:00.000Z");
    expect(toWallTime(new Date("2025-12-31T18:30:00Z"), "Asia/Kolkata")).toEqual({ date: "2026-01-01", time: "00:00" });
  });

  it("Australia/Lord_Howe: clocks move by 30 minutes, gap and repeat both honoured", () => {
    // 04.10.2026 02:00 → 02:30 (+10:30 → +11:00): 02:15 does not exist and moves on to 02:45.
    expect(iso("2026-10-04", "02:15", "Australia/Lord_Howe")).toBe("2026-10-03T15:45:00.000Z");
    expect(toWallTime(new Date("2026-10-03T15:45:00Z"), "Australia/Lord_Howe").time).toBe("02:45");
    // 05.04.2026 02:00 → 01:30 (+11:00 → +10:30): 01:45 happens twice; the first, still +11:00.
    expect(iso("2026-04-05", "01:45", "Australia/Lord_Howe")).toBe("2026-04-04T14:45:00.000Z");
    expect(iso("2026-04-05", "02:00", "Australia/Lord_Howe")).toBe("2026-04-04T15:30:00.000Z");
  });

  it("round-trips every quarter hour of a DST week in each zone, outside the gaps", () => {
    for (const zone of ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"]) {
      for (let t = Date.parse("2026-10-01T00:00:00Z"); t < Date.parse("2026-11-08T00:00:00Z"); t += 15 * 60_000) {
        const { date, time } = toWallTime(new Date(t), zone);
        const back = wallTimeToInstant(date, time, zone) as Date;
        // A repeated wall time maps to its first instant: never later than the original.
        expect(back.getTime()).toBeLessThanOrEqual(t);
        expect(toWallTime(back, zone)).toEqual({ date, time });
      }
    }
  });

  it("refuses days and times no calendar has", () => {
    expect(wallTimeToInstant("2026-02-30", "10:00", "Europe/Berlin")).toBeNull();
    expect(wallTimeToInstant("2026-02-01", "24:00", "Europe/Berlin")).toBeNull();
    expect(wallTimeToInstant("2026-2-1", "10:00", "Europe/Berlin")).toBeNull();
    expect(wallTimeToInstant("2026-02-01", "9:00", "Europe/Berlin")).toBeNull();
  });

  it("formats dd.MM.yyyy HH:mm in the zone", () => {
    expect(formatDateTime("2026-12-24T17:30:00Z", "Australia/Lord_Howe")).toBe("25.12.2026 04:30");
  });
});

describe("time zone names (ADR 0091)", () => {
  it("accepts what Intl knows, as Intl names it, and nothing else", () => {
    expect(canonicalTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(canonicalTimeZone("America/New_York")).toBe("America/New_York");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    // An alias resolves to one of this runtime's names (Asia/Calcutta on Node 20, Asia/Kolkata later).
    expect(["Asia/Kolkata", "Asia/Calcutta"]).toContain(canonicalTimeZone("Asia/Kolkata"));
    for (const bad of ["Mars/Olympus", "", "Europe/Berlin; drop", "../etc", 42, null, "+05:00", "x".repeat(80)])
      expect(canonicalTimeZone(bad)).toBeNull();
  });

  it("labels a zone in German with its short names", () => {
    expect(timeZoneLabel("Europe/Berlin", 2026)).toBe("Europa/Berlin (MEZ/MESZ)");
    expect(timeZoneLabel("America/New_York", 2026)).toBe("Amerika/New York (GMT-5/GMT-4)");
    expect(timeZoneLabel("Asia/Kolkata", 2026)).toBe("Asien/Kolkata (GMT+5:30)");
  });
});
