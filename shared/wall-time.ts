import { TZDate, tzOffset } from "@date-fns/tz";

// Wall time in the user's time zone ↔ UTC (ADR 0053, ADR 0091). The app asks for a day and a time
// in the user's zone (Europe/Berlin unless they chose another); the database stores the instant in
// UTC. The offsets come from Intl through @date-fns/tz, so no time-zone table is shipped.

/** The zone of every user who has not chosen one, and of the operator's monthly figures. */
export const DEFAULT_TIME_ZONE = "Europe/Berlin";

export type WallTime = { date: string; time: string };

const pad = (value: number) => String(value).padStart(2, "0");

/** The wall time of an instant in `zone` as "YYYY-MM-DD" and "HH:mm". */
export function toWallTime(instant: Date, zone: string): WallTime {
  const local = new TZDate(instant.getTime(), zone);
  return {
    date: `${String(local.getFullYear()).padStart(4, "0")}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    time: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  };
}

const HOUR_MS = 3_600_000;

/**
 * The instant of a wall time in `zone`, or null when the day or the time does not exist on any
 * calendar. When the clocks go back, the repeated hour is meant the first time (the earlier
 * instant, as the wall clock shows it first); when they go forward, a time in the gap moves on by
 * the gap's length (Berlin 02:30 → 03:30). Temporal's `disambiguation: "compatible"`, for every
 * zone, also those that move by 30 minutes (Australia/Lord_Howe). ADR 0053, ADR 0091.
 */
export function wallTimeToInstant(date: string, time: string, zone: string): Date | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dateMatch || !timeMatch) return null;
  if (Number(timeMatch[1]) > 23 || Number(timeMatch[2]) > 59) return null;
  const wallAsUtc = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(wallAsUtc) || new Date(wallAsUtc).toISOString().slice(0, 10) !== date) return null;
  // Offsets a day before and after hold every transition of the day (none is longer than that).
  const before = tzOffset(zone, new Date(wallAsUtc - 24 * HOUR_MS));
  const after = tzOffset(zone, new Date(wallAsUtc + 24 * HOUR_MS));
  if (Number.isNaN(before) || Number.isNaN(after)) return null;
  const fits = [...new Set([before, after, tzOffset(zone, new Date(wallAsUtc))])]
    .map((offset) => wallAsUtc - offset * 60_000)
    .filter((candidate) => tzOffset(zone, new Date(candidate)) * 60_000 === wallAsUtc - candidate)
    .sort((a, b) => a - b);
  // In the gap no offset fits: the offset before it carries the time past the gap.
  return new Date(fits[0] ?? wallAsUtc - before * 60_000);
}

/** "2026-12-24" → "24.12.2026". */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}.${month}.${year}`;
}

/** 24.12.2026 18:30 in `zone`. */
export function formatDateTime(instant: Date | string, zone: string): string {
  const { date, time } = toWallTime(typeof instant === "string" ? new Date(instant) : instant, zone);
  return `${formatDay(date)} ${time}`;
}

/** "2026-12-24" plus `days` calendar days; pure date arithmetic, no zone involved. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** ISO weekday of a "YYYY-MM-DD": 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

let supportedZones: Set<string> | null = null;

/**
 * The zone as Intl names it, or null when it is none Intl knows (ADR 0091): the name must resolve
 * to one of `Intl.supportedValuesOf('timeZone')` (or UTC). Aliases resolve to the runtime's
 * canonical name (Node 20's ICU says Asia/Calcutta for Asia/Kolkata), so what is stored always
 * works where it is read again.
 */
export function canonicalTimeZone(zone: unknown): string | null {
  if (typeof zone !== "string" || zone.length === 0 || zone.length > 64) return null;
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return null;
  supportedZones ??= new Set(Intl.supportedValuesOf("timeZone"));
  // The common case without a formatter: building one costs a quarter of a millisecond, and every
  // planned post reads the user's zone.
  if (supportedZones.has(zone)) return zone;
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
    return supportedZones.has(resolved) || resolved === "UTC" ? resolved : null;
  } catch {
    return null;
  }
}

const REGION_LABELS: Record<string, string> = {
  Africa: "Afrika",
  America: "Amerika",
  Antarctica: "Antarktis",
  Arctic: "Arktis",
  Asia: "Asien",
  Atlantic: "Atlantik",
  Australia: "Australien",
  Europe: "Europa",
  Indian: "Indischer Ozean",
  Pacific: "Pazifik",
};

const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

function shortZoneName(zone: string, instant: Date): string {
  let format = zoneNameFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("de-DE", { timeZone: zone, timeZoneName: "short" });
    zoneNameFormats.set(zone, format);
  }
  return format.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "";
}

/** "Europa/Berlin (MEZ/MESZ)", "Amerika/New York (GMT-5/GMT-4)": German region, the zone's short names in winter and summer. */
export function timeZoneLabel(zone: string, year = new Date().getUTCFullYear()): string {
  const [region = "", ...rest] = zone.split("/");
  const place = [REGION_LABELS[region] ?? region, ...rest].join("/").replaceAll("_", " ");
  try {
    const names = [
      shortZoneName(zone, new Date(Date.UTC(year, 0, 15))),
      shortZoneName(zone, new Date(Date.UTC(year, 6, 15))),
    ];
    const unique = [...new Set(names.filter(Boolean))];
    return unique.length > 0 ? `${place} (${unique.join("/")})` : place;
  } catch {
    return place;
  }
}
