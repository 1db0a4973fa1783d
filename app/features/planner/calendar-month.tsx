import { useDroppable } from "@dnd-kit/core";
import { memo, useMemo } from "react";
import type { Post } from "#app/features/publishing/use-publishing.ts";
import { cn } from "#app/lib/cn.ts";
import { type Day, zonedToday } from "#shared/zoned-time.ts";
import { type DayDropData, DraggableCard } from "./calendar-dnd.tsx";
import { groupByDay, monthDay } from "./calendar-layout.ts";
import { dayName, WEEKDAY_SHORT } from "./planner-parts.tsx";

// The month (ADR 0089): whole weeks from Monday, each day with its first cards and "+N weitere",
// which opens the day. A click on a day's free space composes on that day. On a phone a day shows
// how many posts it has; a tap opens it.

// memo: a click on a card or a query that arrives renders the plan, not the whole grid again.
export const MonthView = memo(function MonthView({
  weeks,
  month,
  posts,
  zone,
  onOpen,
  onOpenDay,
  onComposeDay,
}: {
  weeks: Day[][];
  /** "YYYY-MM" of the month shown; the days around it are dimmed. */
  month: string;
  posts: Post[];
  zone: string;
  onOpen: (post: Post) => void;
  onOpenDay: (day: Day) => void;
  onComposeDay: (day: Day) => void;
}) {
  const byDay = useMemo(() => groupByDay(posts, zone), [posts, zone]);
  const today = zonedToday(zone);
  return (
    <div data-testid="month-grid" className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div aria-hidden className="grid grid-cols-7 border-b border-slate-200 bg-slate-50">
        {WEEKDAY_SHORT.map((name) => (
          <div key={name} className="px-2 py-2 text-center text-xs font-semibold text-slate-700">
            {name}
          </div>
        ))}
      </div>
      <ol className="grid grid-cols-7">
        {weeks.flat().map((day) => (
          <MonthDay
            key={day}
            day={day}
            posts={byDay.get(day) ?? EMPTY}
            zone={zone}
            outside={!day.startsWith(month)}
            isToday={day === today}
            onOpen={onOpen}
            onOpenDay={onOpenDay}
            onComposeDay={onComposeDay}
          />
        ))}
      </ol>
    </div>
  );
});

const EMPTY: Post[] = [];

const MonthDay = memo(function MonthDay({
  day,
  posts,
  zone,
  outside,
  isToday,
  onOpen,
  onOpenDay,
  onComposeDay,
}: {
  day: Day;
  posts: Post[];
  zone: string;
  outside: boolean;
  isToday: boolean;
  onOpen: (post: Post) => void;
  onOpenDay: (day: Day) => void;
  onComposeDay: (day: Day) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({
    id: `month:${day}`,
    data: { day, kind: "month" } satisfies DayDropData,
  });
  const { shown, more } = monthDay(posts);
  const headingId = `month-day-${day}`;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard route is "Neuer Beitrag" (and "n")
    <li
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-day={day}
      data-testid="month-day"
      onClick={() => {
        // On a phone the cards do not fit: a tap on a day with posts shows them.
        if (posts.length > 0 && !window.matchMedia("(min-width: 640px)").matches) onOpenDay(day);
        else onComposeDay(day);
      }}
      className={cn(
        "flex min-h-20 min-w-0 cursor-cell flex-col gap-1 border-b border-l border-slate-200 p-1 sm:min-h-36 sm:p-1.5 [&:nth-child(7n+1)]:border-l-0",
        isOver ? "bg-indigo-100" : isToday ? "bg-indigo-50" : outside ? "bg-slate-50" : null,
      )}
    >
      <h2 id={headingId} className="flex items-center justify-between text-xs">
        <span className="sr-only">{dayName(day)}</span>
        <span
          aria-hidden
          className={cn(
            "inline-flex size-6 items-center justify-center rounded-full tabular-nums",
            isToday ? "bg-indigo-700 font-bold text-white" : outside ? "text-slate-600" : "font-medium text-slate-900",
          )}
        >
          {Number(day.slice(8, 10))}
        </span>
      </h2>
      {posts.length > 0 ? (
        <button
          type="button"
          onClick={(event) => {
            event.stopPropagation();
            onOpenDay(day);
          }}
          className="self-start rounded-full bg-indigo-700 px-2 py-0.5 text-xs font-semibold text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 sm:hidden"
        >
          {posts.length}
          <span className="sr-only"> {posts.length === 1 ? "Beitrag" : "Beiträge"} anzeigen</span>
        </button>
      ) : null}
      <div className="hidden min-w-0 flex-col gap-1 sm:flex">
        {shown.map((post) => (
          <DraggableCard key={post.id} post={post} zone={zone} density="month" onOpen={onOpen} className="w-full" />
        ))}
        {more > 0 ? (
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              onOpenDay(day);
            }}
            className="self-start rounded px-1 text-xs font-semibold text-indigo-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            +{more} weitere
          </button>
        ) : null}
      </div>
    </li>
  );
});
