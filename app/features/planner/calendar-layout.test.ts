import { describe, expect, it } from "vitest";
import {
  CARD_MINUTES,
  droppedMinutes,
  groupByDay,
  HOUR_PX,
  layoutDay,
  monthDay,
  PHONE_MAX_COLUMNS,
  slotAt,
  slotsOf,
} from "./calendar-layout.ts";

const BERLIN = "Europe/Berlin";
const at = (minutes: number, id: string) => ({ id, minutes });

describe("a day of the week's time grid", () => {
  it("puts posts at their time, each as wide as the day when nothing overlaps", () => {
    expect(layoutDay([at(9 * 60, "a"), at(14 * 60, "b")])).toEqual({
      placed: [
        { id: "a", top: 540, column: 0, columns: 1 },
        { id: "b", top: 840, column: 0, columns: 1 },
      ],
      more: [],
    });
  });

  it("sets overlapping posts side by side, and a post after them full width again", () => {
    const { placed } = layoutDay([at(600, "b"), at(600, "a"), at(630, "c"), at(600 + CARD_MINUTES, "d"), at(900, "e")]);
    expect(placed).toEqual([
      { id: "a", top: 600, column: 0, columns: 3 },
      { id: "b", top: 600, column: 1, columns: 3 },
      { id: "c", top: 630, column: 2, columns: 3 },
      // d starts when a and b end: it takes their first free column in the same group.
      { id: "d", top: 660, column: 0, columns: 3 },
      { id: "e", top: 900, column: 0, columns: 1 },
    ]);
  });

  it("keeps at most three columns: the last one counts the rest", () => {
    const posts = ["a", "b", "c", "d", "e"].map((id) => at(12 * 60, id));
    const layout = layoutDay(posts);
    expect(layout.placed.map((placement) => [placement.id, placement.column, placement.columns])).toEqual([
      ["a", 0, 3],
      ["b", 1, 3],
    ]);
    expect(layout.more).toEqual([{ top: 720, column: 2, columns: 3, ids: ["c", "d", "e"], corner: false }]);
  });

  it("on a phone keeps one column as wide as the day and counts the rest in its first card's corner", () => {
    const posts = [at(600, "a"), at(600, "b"), at(615, "c"), at(630 + CARD_MINUTES, "d")];
    const layout = layoutDay(posts, { maxColumns: PHONE_MAX_COLUMNS });
    expect(layout.placed.map((placement) => [placement.id, placement.column, placement.columns])).toEqual([
      ["a", 0, 1],
      ["d", 0, 1],
    ]);
    expect(layout.more).toEqual([{ top: 600, column: 1, columns: 1, ids: ["b", "c"], corner: true }]);
  });

  it("keeps a card near midnight inside the day", () => {
    expect(layoutDay([at(23 * 60 + 45, "late")]).placed[0]?.top).toBe(24 * 60 - CARD_MINUTES);
  });

  it("puts the two 02:30 of the night the clocks go back side by side", () => {
    const posts = [
      { id: "summer", scheduledAt: "2026-10-25T00:30:00.000Z" },
      { id: "winter", scheduledAt: "2026-10-25T01:30:00.000Z" },
    ];
    const day = groupByDay(posts, BERLIN).get("2026-10-25") ?? [];
    expect(day.map((post) => post.id)).toEqual(["summer", "winter"]);
    const layout = layoutDay(day.map((post) => ({ id: post.id, minutes: 150 })));
    expect(
      layout.placed.map((placement) => [placement.id, placement.top, placement.column, placement.columns]),
    ).toEqual([
      ["summer", 150, 0, 2],
      ["winter", 150, 1, 2],
    ]);
  });

  it("has no slots in the hour the clocks skip, and 48 slots every day", () => {
    const spring = slotsOf("2026-03-29", BERLIN);
    expect(spring).toHaveLength(48);
    expect(spring.filter((slot) => !slot.exists).map((slot) => slot.minutes)).toEqual([120, 150]);
    expect(slotsOf("2026-10-25", BERLIN).every((slot) => slot.exists)).toBe(true);
  });
});

describe("days in the zone", () => {
  it("sorts a post into the day it has in Berlin, not in UTC", () => {
    const byDay = groupByDay(
      [
        { id: "late", scheduledAt: "2026-12-07T23:30:00.000Z" },
        { id: "early", scheduledAt: "2026-12-07T06:00:00.000Z" },
      ],
      BERLIN,
    );
    expect(byDay.get("2026-12-07")?.map((post) => post.id)).toEqual(["early"]);
    expect(byDay.get("2026-12-08")?.map((post) => post.id)).toEqual(["late"]);
  });
});

describe("clicks and drags", () => {
  it("finds the half hour under a click", () => {
    expect(slotAt(0)).toBe(0);
    expect(slotAt(HOUR_PX * 14.5 + 3)).toBe(14 * 60 + 30);
    expect(slotAt(HOUR_PX * 14.5 - 1)).toBe(14 * 60);
    expect(slotAt(HOUR_PX * 30)).toBe(23 * 60 + 30);
  });

  it("lands a drag on the quarter hour inside the day", () => {
    expect(droppedMinutes(9 * 60, HOUR_PX * 2)).toBe(11 * 60);
    expect(droppedMinutes(9 * 60, HOUR_PX * 0.3)).toBe(9 * 60 + 15);
    expect(droppedMinutes(9 * 60, -HOUR_PX * 20)).toBe(0);
    expect(droppedMinutes(9 * 60, HOUR_PX * 20)).toBe(23 * 60 + 45);
  });
});

describe("a month's day", () => {
  it("shows three cards, or two and '+N weitere'", () => {
    expect(monthDay([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(monthDay([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2], more: 3 });
    expect(monthDay([])).toEqual({ shown: [], more: 0 });
  });
});
