import { addDays, toWallTime, type WallTime } from "#shared/wall-time.ts";

// Dates of publishing are shown and picked in the user's time zone (ADR 0091; Europe/Berlin until
// they choose another), whatever the browser's zone; the server stores UTC. Days are "YYYY-MM-DD"
// strings, so the week arithmetic below never meets a time zone or a DST change.

export { addDays, formatDateTime, formatDay } from "#shared/wall-time.ts";

/** Today in `zone`. */
export function todayIn(zone: string, now = new Date()): string {
  return toWallTime(now, zone).date;
}

/** Monday to Sunday of the week that holds `day`. */
export function weekOf(day: string): string[] {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(day, -weekday);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

export const WEEKDAY_LABELS = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"] as const;

/**
 * The planner's default: the next full hour in `zone`, at least 30 minutes from now. Rounded on the
 * zone's clock, so a zone half an hour off UTC (Asia/Kolkata) also gets a full hour.
 */
export function suggestedPlanTime(zone: string, now = new Date()): WallTime {
  const soon = toWallTime(new Date(now.getTime() + 90 * 60_000), zone);
  const [hour] = soon.time.split(":");
  return { date: soon.date, time: `${hour}:00` };
}
