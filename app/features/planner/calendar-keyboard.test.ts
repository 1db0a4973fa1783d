import { describe, expect, it } from "vitest";
import { nextKeyboardTarget } from "./calendar-keyboard.ts";

// The keyboard's steps in the calendar (ADR 0089): exactly one step per key, kept inside the
// days shown and inside the day, whatever the grid's scroll position.

const WEEK = ["2026-12-07", "2026-12-08", "2026-12-09", "2026-12-10", "2026-12-11", "2026-12-12", "2026-12-13"];

describe("a keyboard step", () => {
  it("moves a quarter hour per ↑/↓ and an hour per Bild auf/ab in the week", () => {
    const start = { day: "2026-12-09", minutes: 14 * 60 };
    const once = nextKeyboardTarget(start, "ArrowDown", WEEK, "week");
    expect(once).toEqual({ day: "2026-12-09", minutes: 14 * 60 + 15 });
    expect(once && nextKeyboardTarget(once, "ArrowDown", WEEK, "week")).toEqual({ day: "2026-12-09", minutes: 870 });
    expect(nextKeyboardTarget(start, "ArrowUp", WEEK, "week")?.minutes).toBe(14 * 60 - 15);
    expect(nextKeyboardTarget(start, "PageDown", WEEK, "week")?.minutes).toBe(15 * 60);
    expect(nextKeyboardTarget(start, "PageUp", WEEK, "week")?.minutes).toBe(13 * 60);
  });

  it("moves a day sideways and a week up and down in the month, inside the days shown", () => {
    const days = Array.from({ length: 14 }, (_, index) => `2026-12-${String(index + 1).padStart(2, "0")}`);
    const start = { day: "2026-12-03", minutes: 600 };
    expect(nextKeyboardTarget(start, "ArrowRight", days, "month")).toEqual({ day: "2026-12-04", minutes: 600 });
    expect(nextKeyboardTarget(start, "ArrowDown", days, "month")).toEqual({ day: "2026-12-10", minutes: 600 });
    expect(nextKeyboardTarget(start, "ArrowUp", days, "month")).toEqual({ day: "2026-12-01", minutes: 600 });
    expect(nextKeyboardTarget(start, "PageDown", days, "month")).toBeNull();
  });

  it("stays inside the day and the week", () => {
    expect(nextKeyboardTarget({ day: "2026-12-07", minutes: 0 }, "ArrowUp", WEEK, "week")).toEqual({
      day: "2026-12-07",
      minutes: 0,
    });
    expect(nextKeyboardTarget({ day: "2026-12-13", minutes: 23 * 60 + 45 }, "ArrowDown", WEEK, "week")).toEqual({
      day: "2026-12-13",
      minutes: 23 * 60 + 45,
    });
    expect(nextKeyboardTarget({ day: "2026-12-13", minutes: 600 }, "ArrowRight", WEEK, "week")?.day).toBe("2026-12-13");
    expect(nextKeyboardTarget({ day: "2026-12-07", minutes: 600 }, "ArrowLeft", WEEK, "week")?.day).toBe("2026-12-07");
    expect(nextKeyboardTarget({ day: "2026-12-07", minutes: 600 }, "KeyA", WEEK, "week")).toBeNull();
  });
});
