import { toBerlinWallTime } from "#shared/publishing.ts";

// Dates of publishing are shown and picked in Europe/Berlin, whatever the browser's zone
// (ADR 0053); the server stores UTC. Days are "YYYY-MM-DD" strings, so the week arithmetic below
// never meets a time zone or a DST change.

/** 24.12.2026 18:30, Berlin time. */
export function formatBerlinDateTime(iso: string): string {
  const { date, time } = toBerlinWallTime(new Date(iso));
  return `${formatDay(date)} ${time}`;
}

/** "2026-12-24" → "24.12.2026". */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}.${month}.${year}`;
}

export function berlinToday(now = new Date()): string {
  return toBerlinWallTime(now).date;
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Monday to Sunday of the week that holds `day`. */
export function weekOf(day: string): string[] {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(day, -weekday);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

export const WEEKDAY_LABELS = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"] as const;

/** The planner's default: the next full hour in Berlin, at least 30 minutes from now. */
export function suggestedPlanTime(now = new Date()): { date: string; time: string } {
  const soon = new Date(now.getTime() + 90 * 60_000);
  soon.setUTCMinutes(0, 0, 0);
  return toBerlinWallTime(soon);
}
