import { formatDay } from "#app/features/publishing/plan-time.ts";
import { addDays, addMonths, type Day, monthGrid, weekOf } from "#shared/zoned-time.ts";
import { MONTH_NAMES } from "./planner-parts.tsx";

export type View = "monat" | "woche" | "liste";

/**
 * The list's span (ADR 0089): four weeks from the Monday of the chosen day's week. A calendar
 * month left the coming days out near its end: on the 29th the list hid a post for the 1st.
 */
export const LIST_WEEKS = 4;

export type PlanPeriod = {
  /** The first and last day whose posts the view shows (the month: its whole weeks). */
  from: Day;
  to: Day;
  /** "November 2026", "23.11. – 29.11.2026", "28.12.2026 – 24.01.2027". */
  label: string;
  /** The buttons' names for a step back and forward. */
  back: string;
  forward: string;
  /** The day a step back (-1) or forward (1) leads to. */
  step: (direction: 1 | -1) => Day;
};

/** What the Redaktionsplan shows around `day` in `view`. */
export function planPeriod(view: View, day: Day): PlanPeriod {
  if (view === "monat") {
    const weeks = monthGrid(day);
    return {
      from: weeks[0]?.[0] ?? day,
      to: weeks.at(-1)?.at(-1) ?? day,
      label: `${MONTH_NAMES[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`,
      back: "Vorheriger Monat",
      forward: "Nächster Monat",
      step: (direction) => addMonths(day, direction),
    };
  }
  const days = view === "woche" ? 7 : 7 * LIST_WEEKS;
  const from = weekOf(day)[0] ?? day;
  const to = addDays(from, days - 1);
  return {
    from,
    to,
    label: spanLabel(from, to),
    ...(view === "woche"
      ? { back: "Vorherige Woche", forward: "Nächste Woche" }
      : { back: "Vorherige vier Wochen", forward: "Nächste vier Wochen" }),
    step: (direction) => addDays(day, days * direction),
  };
}

// The year once, at the end, unless the span runs into the next one.
function spanLabel(from: Day, to: Day): string {
  const start = from.slice(0, 4) === to.slice(0, 4) ? formatDay(from).slice(0, 6) : formatDay(from);
  return `${start} – ${formatDay(to)}`;
}
