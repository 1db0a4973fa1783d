import { type Day, wallTimeExists, zonedWallTime } from "#shared/zoned-time.ts";

// The calendar's geometry (ADR 0089), pure so it is tested without a browser: where a post sits in
// the week's time grid, which posts share a row side by side, what a month's day shows, and the
// time a drag ends on. Positions are wall-clock minutes of the user's zone: a day of 23 or 25 hours
// still has 24 rows, like every calendar on the wall; the hour the clocks skip cannot be picked, and
// the hour shown twice puts its posts side by side.

export const MINUTES_PER_DAY = 24 * 60;
/** An empty slot of the week: a click there composes at its start. */
export const SLOT_MINUTES = 30;
/** A drag lands on the quarter hour. */
export const DROP_STEP_MINUTES = 15;
/** One hour of the time grid, in CSS pixels. */
export const HOUR_PX = 64;
/** How much of the grid a card covers: time, handle and two lines of text need an hour's height. */
export const CARD_MINUTES = 60;
/** Posts side by side at most; beyond, the last column says "+N" and opens the day. */
export const MAX_COLUMNS = 3;
/**
 * On a phone a day's column is about 108 px: two cards beside each other would each be narrower
 * than a word. There a group keeps one column of cards, as wide as the day, and "+N" in the
 * corner of its first card opens the day.
 */
export const PHONE_MAX_COLUMNS = 1;
/** Cards a month's day shows; beyond, "+N weitere" opens the day. */
export const MONTH_CARDS_PER_DAY = 3;
/** Where the week opens: working hours, not midnight. */
export const WEEK_SCROLL_TO_MINUTES = 8 * 60;

export type Timed = { id: string; scheduledAt: string };

export type Placement = {
  id: string;
  /** Minutes after 00:00 where the card's top is (kept inside the day). */
  top: number;
  column: number;
  columns: number;
};
/** `corner`: with one column (a phone), the count sits in the corner of the group's first card. */
export type Overflow = { top: number; column: number; columns: number; ids: string[]; corner: boolean };
export type DayLayout = { placed: Placement[]; more: Overflow[] };

/** Each day's posts, by their day in `zone`, in time order. */
export function groupByDay<Post extends Timed>(posts: readonly Post[], zone: string): Map<Day, Post[]> {
  const byDay = new Map<Day, Post[]>();
  for (const post of posts) {
    const { date } = zonedWallTime(Date.parse(post.scheduledAt), zone);
    const list = byDay.get(date);
    if (list) list.push(post);
    else byDay.set(date, [post]);
  }
  for (const list of byDay.values()) list.sort(byTime);
  return byDay;
}

function byTime(a: Timed, b: Timed): number {
  return a.scheduledAt.localeCompare(b.scheduledAt) || a.id.localeCompare(b.id);
}

/**
 * One day column of the week: posts whose cards would overlap share the width in columns, as
 * few as the busiest moment needs; a group wider than `maxColumns` keeps `maxColumns - 1` columns
 * of cards and a last one that counts the rest. With `maxColumns` 1 the group keeps its first
 * column full width and the count goes in its first card's corner.
 */
export function layoutDay(
  posts: readonly { id: string; minutes: number }[],
  { cardMinutes = CARD_MINUTES, maxColumns = MAX_COLUMNS } = {},
): DayLayout {
  const sorted = [...posts].sort((a, b) => a.minutes - b.minutes || a.id.localeCompare(b.id));
  const layout: DayLayout = { placed: [], more: [] };
  let group: { id: string; minutes: number; column: number }[] = [];
  let columnEnds: number[] = [];
  let groupEnd = -1;

  const closeGroup = () => {
    const columns = columnEnds.length;
    const corner = maxColumns === 1;
    const shown = columns > maxColumns ? Math.max(maxColumns - 1, 1) : columns;
    const hidden = group.filter((item) => item.column >= shown);
    for (const item of group) {
      if (item.column >= shown) continue;
      layout.placed.push({
        id: item.id,
        top: topOf(item.minutes, cardMinutes),
        column: item.column,
        columns: Math.min(columns, maxColumns),
      });
    }
    const first = corner ? group[0] : hidden[0];
    if (first && hidden.length > 0)
      layout.more.push({
        top: topOf(first.minutes, cardMinutes),
        column: shown,
        columns: maxColumns,
        ids: hidden.map((item) => item.id),
        corner,
      });
    group = [];
    columnEnds = [];
  };

  for (const post of sorted) {
    if (post.minutes >= groupEnd && group.length > 0) closeGroup();
    let column = columnEnds.findIndex((end) => end <= post.minutes);
    if (column === -1) column = columnEnds.push(0) - 1;
    columnEnds[column] = post.minutes + cardMinutes;
    group.push({ id: post.id, minutes: post.minutes, column });
    groupEnd = Math.max(groupEnd, post.minutes + cardMinutes);
  }
  if (group.length > 0) closeGroup();
  return layout;
}

function topOf(minutes: number, cardMinutes: number): number {
  return Math.min(minutes, MINUTES_PER_DAY - cardMinutes);
}

/** The half-hour slots of a day; on the day the clocks go forward, the skipped hour's slots do not exist. */
export function slotsOf(day: Day, zone: string): { minutes: number; exists: boolean }[] {
  return Array.from({ length: MINUTES_PER_DAY / SLOT_MINUTES }, (_, index) => {
    const minutes = index * SLOT_MINUTES;
    return { minutes, exists: wallTimeExists(day, minutes, zone) };
  });
}

/** The slot under a point `offsetPx` below the top of a day's column. */
export function slotAt(offsetPx: number, hourPx = HOUR_PX): number {
  const minutes = Math.floor(((offsetPx / hourPx) * 60) / SLOT_MINUTES) * SLOT_MINUTES;
  return Math.min(Math.max(minutes, 0), MINUTES_PER_DAY - SLOT_MINUTES);
}

/** Where a card dragged `deltaPx` down (negative: up) lands: on the quarter hour, inside the day. */
export function droppedMinutes(fromMinutes: number, deltaPx: number, hourPx = HOUR_PX): number {
  const moved = fromMinutes + (deltaPx / hourPx) * 60;
  const snapped = Math.round(moved / DROP_STEP_MINUTES) * DROP_STEP_MINUTES;
  return Math.min(Math.max(snapped, 0), MINUTES_PER_DAY - DROP_STEP_MINUTES);
}

export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** What a month's day shows: its first cards and how many more there are. */
export function monthDay<Post>(posts: readonly Post[], perDay = MONTH_CARDS_PER_DAY): { shown: Post[]; more: number } {
  // Three cards or "+1 weitere" take the same room: show the third card instead of a link to it.
  if (posts.length <= perDay) return { shown: [...posts], more: 0 };
  return { shown: posts.slice(0, perDay - 1), more: posts.length - (perDay - 1) };
}
