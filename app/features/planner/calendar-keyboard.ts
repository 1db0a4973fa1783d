import { KeyboardCode, type KeyboardCoordinateGetter } from "@dnd-kit/core";
import type { Day } from "#shared/zoned-time.ts";
import { DROP_STEP_MINUTES, HOUR_PX, MINUTES_PER_DAY } from "./calendar-layout.ts";

// Moving a post by keyboard (ADR 0089). The target is kept as a day and a minute, moved exactly one
// step per key, and that target is what is announced and what the drop takes; the card is only
// drawn there. Measuring the card against its column instead landed a quarter or half hour off
// whenever the grid scrolled under it (dnd-kit scrolls a container instead of moving the card
// when the card would leave its middle, smoothly and after the measurement).

export type KeyboardTarget = { day: Day; minutes: number };
export type KeyboardKind = "week" | "month";

const LAST_START = MINUTES_PER_DAY - DROP_STEP_MINUTES;

/** Where one key moves the target: a day sideways; a quarter hour (week) or a week (month) up and down; an hour with Bild auf/ab. */
export function nextKeyboardTarget(
  target: KeyboardTarget,
  code: string,
  days: readonly Day[],
  kind: KeyboardKind,
): KeyboardTarget | null {
  const index = days.indexOf(target.day);
  const dayAt = (offset: number) => days[Math.min(Math.max(index + offset, 0), days.length - 1)] ?? target.day;
  const minutesBy = (delta: number) => Math.min(Math.max(target.minutes + delta, 0), LAST_START);
  switch (code) {
    case KeyboardCode.Right:
      return { ...target, day: dayAt(1) };
    case KeyboardCode.Left:
      return { ...target, day: dayAt(-1) };
    case KeyboardCode.Down:
      return kind === "week" ? { ...target, minutes: minutesBy(DROP_STEP_MINUTES) } : { ...target, day: dayAt(7) };
    case KeyboardCode.Up:
      return kind === "week" ? { ...target, minutes: minutesBy(-DROP_STEP_MINUTES) } : { ...target, day: dayAt(-7) };
    case "PageDown":
      return kind === "week" ? { ...target, minutes: minutesBy(60) } : null;
    case "PageUp":
      return kind === "week" ? { ...target, minutes: minutesBy(-60) } : null;
    default:
      return null;
  }
}

/** The calendar's drop targets in order: the week's columns or the month's days. */
function dayElements(kind: KeyboardKind): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`[data-testid="${kind === "week" ? "week-day" : "month-day"}"]`)];
}

/** The top-left corner, in the viewport, where the card stands on `target`. */
function cornerOf(element: HTMLElement, target: KeyboardTarget, kind: KeyboardKind) {
  const rect = element.getBoundingClientRect();
  return kind === "week"
    ? { x: rect.left + 2, y: rect.top + (target.minutes / 60) * HOUR_PX + 1 }
    : { x: rect.left + 6, y: rect.top + 32 };
}

function scrollingAncestors(element: HTMLElement): Element[] {
  const found: Element[] = [];
  for (let node = element.parentElement; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (/(auto|scroll|overlay)/.test(style.overflow + style.overflowX + style.overflowY)) found.push(node);
  }
  if (document.scrollingElement) found.push(document.scrollingElement);
  return found;
}

/**
 * Scrolls each container instantly so that the corner stands where dnd-kit's keyboard sensor does
 * not scroll by itself: moving down, between a container's top and middle; up, between its middle
 * and bottom (left and right alike). The sensor then moves the card by exactly the step.
 */
function keepClear(element: HTMLElement, target: KeyboardTarget, kind: KeyboardKind, code: string) {
  const vertical = code === KeyboardCode.Down || code === KeyboardCode.Up;
  const forward = code === KeyboardCode.Down || code === KeyboardCode.Right;
  if (!vertical && code !== KeyboardCode.Left && code !== KeyboardCode.Right) return;
  for (const container of scrollingAncestors(element)) {
    const isPage = container === document.scrollingElement;
    const box = isPage
      ? { top: 0, left: 0, bottom: innerHeight, right: innerWidth }
      : container.getBoundingClientRect();
    const start = vertical ? box.top : box.left;
    const end = vertical ? box.bottom : box.right;
    const middle = (start + end) / 2;
    const corner = cornerOf(element, target, kind);
    const at = vertical ? corner.y : corner.x;
    // Two pixels of margin: the sensor compares with its own arithmetic.
    const low = forward ? start + 2 : middle + 2;
    const high = forward ? middle - 2 : end - 2;
    const by = at > high ? at - high : at < low ? at - low : 0;
    if (by === 0) continue;
    if (vertical) container.scrollBy({ top: by, behavior: "instant" });
    else container.scrollBy({ left: by, behavior: "instant" });
  }
}

/**
 * The keyboard sensor's coordinate getter: moves `target` one step, keeps the target in view,
 * and answers the target's corner in the viewport.
 */
export function keyboardCoordinates(
  kind: KeyboardKind,
  target: { current: KeyboardTarget | null },
): KeyboardCoordinateGetter {
  return (event) => {
    const current = target.current;
    if (!current) return undefined;
    const elements = dayElements(kind);
    const days = elements.map((element) => element.dataset.day ?? "");
    const next = nextKeyboardTarget(current, event.code, days, kind);
    const element = next ? elements[days.indexOf(next.day)] : undefined;
    if (!next || !element) return undefined;
    target.current = next;
    keepClear(element, next, kind, event.code);
    return cornerOf(element, next, kind);
  };
}
