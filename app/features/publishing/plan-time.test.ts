import { describe, expect, it } from "vitest";
import { addDays, formatDateTime, suggestedPlanTime, todayIn, weekOf } from "./plan-time.ts";

describe("dates of the Redaktionsplan in the user's zone", () => {
  it("shows an instant in Berlin time, summer and winter, whatever the browser's zone", () => {
    expect(formatDateTime("2026-07-01T08:05:00Z", "Europe/Berlin")).toBe("01.07.2026 10:05");
    expect(formatDateTime("2026-12-24T17:30:00Z", "Europe/Berlin")).toBe("24.12.2026 18:30");
    // The night the clocks go back: 00:30 UTC is the first 02:30 (ADR 0053).
    expect(formatDateTime("2026-10-25T00:30:00Z", "Europe/Berlin")).toBe("25.10.2026 02:30");
  });

  it("shows the same instant in another zone the user chose (ADR 0091)", () => {
    expect(formatDateTime("2026-12-24T17:30:00Z", "America/New_York")).toBe("24.12.2026 12:30");
    expect(formatDateTime("2026-12-24T17:30:00Z", "Asia/Kolkata")).toBe("24.12.2026 23:00");
    expect(todayIn("Asia/Kolkata", new Date("2026-12-24T19:00:00Z"))).toBe("2026-12-25");
    expect(todayIn("America/New_York", new Date("2026-12-25T03:00:00Z"))).toBe("2026-12-24");
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

  it("suggests a full hour of the zone's clock at least half an hour ahead", () => {
    const berlin = "Europe/Berlin";
    expect(suggestedPlanTime(berlin, new Date("2026-11-26T09:40:00Z"))).toEqual({ date: "2026-11-26", time: "12:00" });
    expect(suggestedPlanTime(berlin, new Date("2026-11-26T22:10:00Z"))).toEqual({ date: "2026-11-27", time: "00:00" });
    // Kolkata is UTC+5:30: 09:40 UTC is 15:10 there, 90 minutes on 16:40, so 16:00 on its clock.
    expect(suggestedPlanTime("Asia/Kolkata", new Date("2026-11-26T09:40:00Z"))).toEqual({
      date: "2026-11-26",
      time: "16:00",
    });
  });
});
