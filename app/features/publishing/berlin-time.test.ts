import { describe, expect, it } from "vitest";
import { addDays, formatBerlinDateTime, suggestedPlanTime, weekOf } from "./berlin-time.ts";

describe("Berlin dates of the Redaktionsplan", () => {
  it("shows an instant in Berlin time, summer and winter, whatever the browser's zone", () => {
    expect(formatBerlinDateTime("2026-07-01T08:05:00Z")).toBe("01.07.2026 10:05");
    expect(formatBerlinDateTime("2026-12-24T17:30:00Z")).toBe("24.12.2026 18:30");
    // The night the clocks go back: 00:30 UTC is the first 02:30 (ADR 0053).
    expect(formatBerlinDateTime("2026-10-25T00:30:00Z")).toBe("25.10.2026 02:30");
  });

  it("gives Monday to Sunday of a week, across a month and the DST change", () => {
    expect(weekOf("2026-10-25")).toEqual([
      "2026-10-19",
      "2026-10-20",
      "2026-10-21",
      "2026-10-22",
      "2026-10-23",
      "2026-10-24",
      "2026-10-25",
    ]);
    expect(weekOf("2026-11-30")[0]).toBe("2026-11-30");
    expect(weekOf("2027-01-01")[0]).toBe("2026-12-28");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
  });

  it("suggests a full hour at least half an hour ahead", () => {
    expect(suggestedPlanTime(new Date("2026-11-26T09:40:00Z"))).toEqual({ date: "2026-11-26", time: "12:00" });
    expect(suggestedPlanTime(new Date("2026-11-26T22:10:00Z"))).toEqual({ date: "2026-11-27", time: "00:00" });
  });
});
