import { PLANNING_HORIZON_DAYS } from "./publishing.ts";
import { addDays, isoWeekday, toWallTime, type WallTime, wallTimeToInstant } from "./wall-time.ts";

// The "Warteschlange" (ADR 0092): weekly posting times per connected account, the next free one
// for the composer's "In nächsten freien Slot", and a suggestion from the account's own history.
// Pure and isomorphic: the server answers with it, the tests pin its rules.

/** One weekly posting time: 1 Monday … 7 Sunday, "HH:mm" in the user's zone (ADR 0091). */
export type QueueSlot = { weekday: number; time: string };

export const MAX_QUEUE_SLOTS = 50;
/** A slot counts as taken when a planned or sending post of the account lies this close to it, either side. */
export const SLOT_WINDOW_MINUTES = 30;
/** A slot this close to now is not offered: the post still has to be written and sent off. */
export const SLOT_MIN_LEAD_MINUTES = 5;
/** Fewer sent posts than this are no history to suggest from. */
export const SUGGESTION_MIN_POSTS = 3;
/** The newest sent posts a suggestion looks at. */
export const SUGGESTION_MAX_POSTS = 100;

export const WEEKDAYS = [
  { weekday: 1, short: "Mo", long: "Montag" },
  { weekday: 2, short: "Di", long: "Dienstag" },
  { weekday: 3, short: "Mi", long: "Mittwoch" },
  { weekday: 4, short: "Do", long: "Donnerstag" },
  { weekday: 5, short: "Fr", long: "Freitag" },
  { weekday: 6, short: "Sa", long: "Samstag" },
  { weekday: 7, short: "So", long: "Sonntag" },
] as const;

export const QUEUE_SLOT_MESSAGES = {
  invalid: "Bitte geben Sie für jede Sendezeit einen Wochentag und eine Uhrzeit (HH:MM) an.",
  tooMany: `Pro Konto lassen sich höchstens ${MAX_QUEUE_SLOTS} Sendezeiten hinterlegen.`,
  accounts: "Bitte wählen Sie ein bis zehn verbundene Konten.",
  noSlots: "Für dieses Konto sind keine Sendezeiten hinterlegt.",
  noSlotsSeveral: (handles: string[]) => `Für ${handles.join(", ")} sind keine Sendezeiten hinterlegt.`,
  noCommonSlot: `Die gewählten Konten haben in den nächsten ${PLANNING_HORIZON_DAYS} Tagen keine gemeinsame freie Sendezeit.`,
  noFreeSlot: `In den nächsten ${PLANNING_HORIZON_DAYS} Tagen ist keine Sendezeit mehr frei.`,
} as const;

/** Slots in a fixed order (weekday, then time), each once. */
export function normaliseSlots(slots: QueueSlot[]): QueueSlot[] {
  const unique = new Map(slots.map((slot) => [`${slot.weekday}|${slot.time}`, slot]));
  return [...unique.values()].sort((a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time));
}

export type NextSlotInput = {
  /** Each account's slots; every account must have one at the chosen weekday and time. */
  slotsByAccount: QueueSlot[][];
  /** Per account, the instants of its planned and sending posts. */
  takenByAccount: Date[][];
  zone: string;
  now: Date;
};

export type NextSlot = WallTime & { at: string };

/**
 * The next free slot (ADR 0092): the earliest wall time that is a slot of every account and at
 * which no account has a planned or sending post within SLOT_WINDOW_MINUTES; at least
 * SLOT_MIN_LEAD_MINUTES ahead and inside the planning horizon (ADR 0077). A slot in a DST gap
 * moves on as every entered time does (ADR 0053), and is answered as the wall time it becomes.
 * Null when there is none.
 */
export function nextFreeSlot({ slotsByAccount, takenByAccount, zone, now }: NextSlotInput): NextSlot | null {
  if (slotsByAccount.length === 0 || slotsByAccount.some((slots) => slots.length === 0)) return null;
  const earliest = now.getTime() + SLOT_MIN_LEAD_MINUTES * 60_000;
  const latest = now.getTime() + PLANNING_HORIZON_DAYS * 86_400_000;
  const window = SLOT_WINDOW_MINUTES * 60_000;
  const taken = takenByAccount.flat().map((instant) => instant.getTime());
  const today = toWallTime(now, zone).date;
  for (let offset = 0; offset <= PLANNING_HORIZON_DAYS + 1; offset += 1) {
    const date = addDays(today, offset);
    const weekday = isoWeekday(date);
    const [first = [], ...others] = slotsByAccount.map((slots) =>
      slots.filter((slot) => slot.weekday === weekday).map((slot) => slot.time),
    );
    const common = [...new Set(first)].filter((time) => others.every((times) => times.includes(time))).sort();
    for (const time of common) {
      const instant = wallTimeToInstant(date, time, zone)?.getTime();
      if (instant === undefined || instant < earliest) continue;
      if (instant > latest) return null;
      if (taken.some((at) => Math.abs(at - instant) < window)) continue;
      return { ...toWallTime(new Date(instant), zone), at: new Date(instant).toISOString() };
    }
  }
  return null;
}

export type SlotSuggestion = {
  /** Whose history: this account's sent posts, or (without enough of them) all of the user's. */
  basis: "account" | "user";
  /** How many sent posts it is drawn from. */
  postCount: number;
  /** The most frequent weekday and half hour, most frequent first, with how many posts fell on each. */
  slots: (QueueSlot & { count: number })[];
};

/**
 * When the user usually published (ADR 0092): the weekdays and half hours, in their zone, of the
 * given sent posts, most frequent first (at most `limit`; ties: earlier in the week first). Postwerk
 * stores no reach or engagement of sent posts, so this says when they post, not when it works best.
 */
export function usualPostingTimes(sentAt: Date[], zone: string, limit = 3): (QueueSlot & { count: number })[] {
  const counts = new Map<string, QueueSlot & { count: number }>();
  for (const instant of sentAt) {
    const { date, time } = toWallTime(instant, zone);
    const [hour, minute] = time.split(":");
    const slot = { weekday: isoWeekday(date), time: `${hour}:${Number(minute) < 30 ? "00" : "30"}` };
    const key = `${slot.weekday}|${slot.time}`;
    counts.set(key, { ...slot, count: (counts.get(key)?.count ?? 0) + 1 });
  }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.weekday - b.weekday || a.time.localeCompare(b.time))
    .slice(0, limit);
}

/** What the suggestion says about its basis, on screen next to it. */
export function suggestionBasisLabel(suggestion: Pick<SlotSuggestion, "basis" | "postCount">): string {
  const posts = `Ihren letzten ${suggestion.postCount} gesendeten Beiträgen`;
  return suggestion.basis === "account"
    ? `Vorschlag aus ${posts} mit diesem Konto`
    : `Vorschlag aus ${posts} (alle Konten; mit diesem Konto noch zu wenige)`;
}

/** "Di 09:00 (5×)". */
export function suggestedSlotLabel(slot: QueueSlot & { count: number }): string {
  return `${WEEKDAYS[slot.weekday - 1]?.short ?? ""} ${slot.time} (${slot.count}×)`;
}
