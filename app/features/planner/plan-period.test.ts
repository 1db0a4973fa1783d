import { describe, expect, it } from "vitest";
import { LIST_WEEKS, planPeriod } from "./plan-period.ts";

describe("planPeriod", () => {
  it("shows a month in whole weeks from Monday and steps by a month", () => {
    const month = planPeriod("monat", "2026-11-29");
    expect(month).toMatchObject({ from: "2026-10-26", to: "2026-12-06", label: "November 2026" });
    expect([month.back, month.forward]).toEqual(["Vorheriger Monat", "Nächster Monat"]);
    expect([month.step(-1), month.step(1)]).toEqual(["2026-10-29", "2026-12-29"]);
  });

  it("shows a week from Monday to Sunday and steps by a week", () => {
    const week = planPeriod("woche", "2026-11-29");
    expect(week).toMatchObject({ from: "2026-11-23", to: "2026-11-29", label: "23.11. – 29.11.2026" });
    expect([week.back, week.forward]).toEqual(["Vorherige Woche", "Nächste Woche"]);
    expect([week.step(-1), week.step(1)]).toEqual(["2026-11-22", "2026-12-06"]);
  });

  it("lists four weeks from the week's Monday, across the month's end, and steps by four weeks", () => {
    const list = planPeriod("liste", "2026-11-29");
    expect(LIST_WEEKS).toBe(4);
    expect(list).toMatchObject({ from: "2026-11-23", to: "2026-12-20", label: "23.11. – 20.12.2026" });
    expect([list.back, list.forward]).toEqual(["Vorherige vier Wochen", "Nächste vier Wochen"]);
    expect([list.step(-1), list.step(1)]).toEqual(["2026-11-01", "2026-12-27"]);
  });

  it("names both years when the span runs into the next one", () => {
    expect(planPeriod("woche", "2026-12-31").label).toBe("28.12.2026 – 03.01.2027");
    expect(planPeriod("liste", "2026-12-14").label).toBe("14.12.2026 – 10.01.2027");
  });
});
