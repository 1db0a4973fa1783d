import { addDays, toWallTime, type WallTime, wallTimeToInstant } from "./wall-time.ts";

// The calendar's days in a time zone (ADR 0089), for the Redaktionsplan and the list's range on the
// server. A day is a "YYYY-MM-DD" string: counting days and months on such strings never meets a
// zone; an instant crosses into a zone only through shared/wall-time.ts (ADR 0091).

export { addDays, type WallTime };
export type Day = string;

const MINUTE = 60_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number) => String(value).padStart(2, "0");

/** The wall time an instant shows in `zone`, with its minutes since the day's 00:00 on the clock. */
export function zonedWallTime(instant: Date | number, zone: string): WallTime & { minutes: number } {
  const wall = toWallTime(new Date(instant), zone);
  const [hours = 0, minutes = 0] = wall.time.split(":").map(Number);
  return { ...wall, minutes: hours * 60 + minutes };
}

export function zonedToday(zone: string, now: Date = new Date()): Day {
  return toWallTime(now, zone).date;
}

/** The instant a day begins in `zone`. */
export function zonedDayStart(day: Day, zone: string): Date {
  const instant = wallTimeToInstant(day, "00:00", zone);
  if (!instant) throw new Error(`not a day: ${day}`);
  return instant;
}

/** How long a day lasts in `zone`: 24 hours, 23 when the clocks go forward, 25 when they go back. */
export function dayLengthMinutes(day: Day, zone: string): number {
  return (zonedDayStart(addDays(day, 1), zone).getTime() - zonedDayStart(day, zone).getTime()) / MINUTE;
}

/** Whether the wall clock shows `minutes` after 00:00 on `day` (not so in the hour the clocks skip). */
export function wallTimeExists(day: Day, minutes: number, zone: string): boolean {
  const time = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  const instant = wallTimeToInstant(day, time, zone);
  if (!instant) return false;
  const shown = zonedWallTime(instant, zone);
  return shown.date === day && shown.minutes === minutes;
}

export function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // "2026-02-30" parses as 2 March: only a day that reads back the same is one.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The same day of the month `months` later, or that month's last day ("2027-01-31" + 1 → "2027-02-28"). */
export function addMonths(day: Day, months: number): Day {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, last));
  return first.toISOString().slice(0, 10);
}

/** 0 for Monday … 6 for Sunday. */
export function weekdayIndex(day: Day): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** Monday to Sunday of the week that holds `day`. */
export function weekOf(day: Day): Day[] {
  const monday = addDays(day, -weekdayIndex(day));
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

export function firstOfMonth(day: Day): Day {
  return `${day.slice(0, 8)}01`;
}

export function lastOfMonth(day: Day): Day {
  return addDays(addMonths(firstOfMonth(day), 1), -1);
}

/** The month's calendar: whole weeks from Monday, from the week of its 1st to the week of its last day (4–6). */
export function monthGrid(day: Day): Day[][] {
  const weeks: Day[][] = [];
  const last = lastOfMonth(day);
  for (let monday = weekOf(firstOfMonth(day))[0] ?? day; monday <= last; monday = addDays(monday, 7))
    weeks.push(weekOf(monday));
  return weeks;
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: Day, to: Day): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}
