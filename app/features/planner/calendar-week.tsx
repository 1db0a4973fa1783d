import { useDroppable } from "@dnd-kit/core";
import {
  type MouseEvent,
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import type { Post } from "#app/features/publishing/use-publishing.ts";
import { cn } from "#app/lib/cn.ts";
import { type Day, zonedToday, zonedWallTime } from "#shared/zoned-time.ts";
import type { DayDropData } from "./calendar-dnd.tsx";
import { DraggableCard } from "./calendar-dnd.tsx";
import {
  CARD_MINUTES,
  groupByDay,
  HOUR_PX,
  layoutDay,
  MAX_COLUMNS,
  MINUTES_PER_DAY,
  minutesToTime,
  PHONE_MAX_COLUMNS,
  SLOT_MINUTES,
  slotAt,
  slotsOf,
  WEEK_SCROLL_TO_MINUTES,
} from "./calendar-layout.ts";
import { dayName, WEEKDAY_SHORT } from "./planner-parts.tsx";

// The week (ADR 0089): a time grid from 00 to 24 with a column per day, the posts at their time,
// overlapping ones side by side, a red line at "now", opened at working hours. On a phone three
// days fit and the others are a swipe away.

const GRID_HEIGHT = (MINUTES_PER_DAY / 60) * HOUR_PX;
/** Tailwind's `sm`: below it three days fill the screen and a column is about 108 px wide. */
const PHONE_QUERY = "(max-width: 639.98px)";

function subscribePhone(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** How many posts stand side by side in a day's column at this screen width. */
function useMaxColumns(): number {
  const phone = useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
  return phone ? PHONE_MAX_COLUMNS : MAX_COLUMNS;
}
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

// memo: a click on a card or a query that arrives renders the plan, not the whole grid again.
export const WeekView = memo(function WeekView({
  days,
  posts,
  zone,
  onOpen,
  onOpenDay,
  onCompose,
}: {
  days: Day[];
  posts: Post[];
  zone: string;
  onOpen: (post: Post) => void;
  onOpenDay: (day: Day) => void;
  onCompose: (day: Day, minutes: number) => void;
}) {
  const byDay = useMemo(() => groupByDay(posts, zone), [posts, zone]);
  const today = zonedToday(zone);
  const maxColumns = useMaxColumns();
  const scroller = useRef<HTMLDivElement>(null);
  const firstDay = days[0];

  // Opened at working hours, and on a phone at today's column.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !firstDay) return;
    element.scrollTop = (WEEK_SCROLL_TO_MINUTES / 60) * HOUR_PX;
    const column = element.querySelector<HTMLElement>(`[data-day="${today}"]`);
    const timeColumn = element.querySelector<HTMLElement>("[data-time-column]");
    element.scrollLeft = column ? column.offsetLeft - (timeColumn?.offsetWidth ?? 0) : 0;
  }, [firstDay, today]);

  return (
    <section
      ref={scroller}
      aria-label={`Woche vom ${dayName(days[0] ?? today)} bis ${dayName(days[6] ?? today)}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached and scrolled by keyboard
      tabIndex={0}
      data-testid="week-grid"
      className="relative max-h-[70vh] min-h-96 snap-x snap-mandatory overflow-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 [scroll-padding-left:3.5rem]"
    >
      <div className="grid w-full grid-cols-[3.5rem_repeat(7,minmax(6.75rem,1fr))]">
        <div className="sticky left-0 top-0 z-30 border-b border-slate-200 bg-white" />
        {days.map((day, index) => (
          <div
            key={day}
            aria-hidden
            className={cn(
              "sticky top-0 z-20 snap-start border-b border-l border-slate-200 px-2 py-2 text-center text-sm",
              day === today ? "bg-indigo-50" : "bg-white",
            )}
          >
            <span className="font-medium text-slate-700">{WEEKDAY_SHORT[index]}</span>{" "}
            <span className={cn("tabular-nums", day === today ? "font-bold text-indigo-800" : "text-slate-900")}>
              {day.slice(8, 10)}.{day.slice(5, 7)}.
            </span>
          </div>
        ))}
        <div data-time-column aria-hidden className="sticky left-0 z-10 bg-white" style={{ height: GRID_HEIGHT }}>
          {HOURS.map((hour) => (
            <span
              key={hour}
              className="absolute right-1.5 -translate-y-1/2 text-[0.7rem] tabular-nums text-slate-600 first:translate-y-0"
              style={{ top: hour * HOUR_PX }}
            >
              {minutesToTime(hour * 60)}
            </span>
          ))}
        </div>
        {days.map((day) => (
          <DayColumn
            key={day}
            day={day}
            posts={byDay.get(day) ?? EMPTY}
            zone={zone}
            isToday={day === today}
            maxColumns={maxColumns}
            onOpen={onOpen}
            onOpenDay={onOpenDay}
            onCompose={onCompose}
          />
        ))}
      </div>
    </section>
  );
});

const EMPTY: Post[] = [];

const DayColumn = memo(function DayColumn({
  day,
  posts,
  zone,
  isToday,
  maxColumns,
  onOpen,
  onOpenDay,
  onCompose,
}: {
  day: Day;
  posts: Post[];
  zone: string;
  isToday: boolean;
  maxColumns: number;
  onOpen: (post: Post) => void;
  onOpenDay: (day: Day) => void;
  onCompose: (day: Day, minutes: number) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `week:${day}`, data: { day, kind: "week" } satisfies DayDropData });
  const layout = useMemo(
    () =>
      layoutDay(
        posts.map((post) => ({ id: post.id, minutes: zonedWallTime(Date.parse(post.scheduledAt), zone).minutes })),
        { maxColumns },
      ),
    [posts, zone, maxColumns],
  );
  const byId = useMemo(() => new Map(posts.map((post) => [post.id, post])), [posts]);
  // Only the day the clocks go forward has slots that do not exist.
  const missing = useMemo(() => slotsOf(day, zone).filter((slot) => !slot.exists), [day, zone]);

  function compose(event: MouseEvent<HTMLElement>) {
    const minutes = slotAt(event.clientY - event.currentTarget.getBoundingClientRect().top);
    if (missing.some((slot) => slot.minutes === minutes)) return;
    onCompose(day, minutes);
  }

  return (
    // Clicking an empty half hour composes there; "Neuer Beitrag" and "n" do the same by keyboard.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard route is "Neuer Beitrag" (and "n")
    // biome-ignore lint/a11y/useSemanticElements: a drop target and a time grid, not a form's fieldset
    <div
      ref={setNodeRef}
      role="group"
      aria-label={dayName(day)}
      data-day={day}
      data-testid="week-day"
      onClick={compose}
      className={cn(
        "relative cursor-cell snap-start border-l border-slate-200",
        isOver ? "bg-indigo-100/60" : isToday ? "bg-indigo-50/40" : null,
      )}
      style={{
        height: GRID_HEIGHT,
        backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${HOUR_PX / 2 - 1}px, rgb(241 245 249) ${HOUR_PX / 2 - 1}px, rgb(241 245 249) ${HOUR_PX / 2}px, transparent ${HOUR_PX / 2}px, transparent ${HOUR_PX - 1}px, rgb(226 232 240) ${HOUR_PX - 1}px, rgb(226 232 240) ${HOUR_PX}px)`,
      }}
    >
      {missing.map((slot) => (
        <div
          key={slot.minutes}
          aria-hidden
          title="Diese Uhrzeit gibt es wegen der Zeitumstellung nicht."
          className="absolute inset-x-0 bg-[repeating-linear-gradient(45deg,rgb(226_232_240)_0,rgb(226_232_240)_4px,transparent_4px,transparent_8px)]"
          style={{ top: (slot.minutes / 60) * HOUR_PX, height: (SLOT_MINUTES / 60) * HOUR_PX }}
        />
      ))}
      {isToday ? <NowLine zone={zone} /> : null}
      {layout.placed.map((placement) => {
        const post = byId.get(placement.id);
        if (!post) return null;
        return (
          <DraggableCard
            key={post.id}
            post={post}
            zone={zone}
            density="week"
            onOpen={onOpen}
            className="absolute"
            style={{
              top: (placement.top / 60) * HOUR_PX + 1,
              height: (CARD_MINUTES / 60) * HOUR_PX - 2,
              left: `calc(${(placement.column / placement.columns) * 100}% + 2px)`,
              width: `calc(${100 / placement.columns}% - 4px)`,
            }}
          />
        );
      })}
      {layout.more.map((more) => (
        <button
          key={more.ids.join()}
          type="button"
          onClick={(event) => {
            event.stopPropagation();
            onOpenDay(day);
          }}
          className={cn(
            "absolute flex justify-center overflow-hidden rounded-md border text-xs font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
            more.corner
              ? // In the time row of the group's first card, which is empty on its right at this width.
                "z-10 h-5 min-w-7 items-center border-indigo-700 bg-indigo-700 px-1.5 text-white shadow-sm hover:bg-indigo-800"
              : "items-start border-slate-300 bg-slate-100 px-1 py-1 text-slate-800 hover:bg-slate-200",
          )}
          style={
            more.corner
              ? { top: (more.top / 60) * HOUR_PX + 4, right: 6 }
              : {
                  top: (more.top / 60) * HOUR_PX + 1,
                  height: (CARD_MINUTES / 60) * HOUR_PX - 2,
                  left: `calc(${(more.column / more.columns) * 100}% + 2px)`,
                  width: `calc(${100 / more.columns}% - 4px)`,
                }
          }
        >
          +{more.ids.length}
          <span className="sr-only"> weitere Beiträge am {dayName(day)}</span>
        </button>
      ))}
    </div>
  );
});

/** The red line at the present minute, moved on every minute. */
function NowLine({ zone }: { zone: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const { minutes } = zonedWallTime(now, zone);
  return (
    <div
      aria-hidden
      data-testid="now-line"
      className="pointer-events-none absolute inset-x-0 z-10 h-0.5 bg-red-600"
      style={{ top: (minutes / 60) * HOUR_PX }}
    >
      <span className="absolute -left-1 -top-1 size-2.5 rounded-full bg-red-600" />
    </div>
  );
}
