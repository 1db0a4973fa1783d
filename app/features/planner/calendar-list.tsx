import { useMemo } from "react";
import type { Post } from "#app/features/publishing/use-publishing.ts";
import { type Day, zonedToday } from "#shared/zoned-time.ts";
import { groupByDay } from "./calendar-layout.ts";
import { dayName, EmptyPlan, PostCard } from "./planner-parts.tsx";

// The list (ADR 0089): the period's posts in time order, grouped by their day in the user's zone.

export function ListView({ posts, zone, onOpen }: { posts: Post[]; zone: string; onOpen: (post: Post) => void }) {
  const days = useMemo(() => [...groupByDay(posts, zone)].sort(([a], [b]) => a.localeCompare(b)), [posts, zone]);
  const today = zonedToday(zone);
  if (days.length === 0) return <EmptyPlan />;
  return (
    <div className="grid gap-6">
      {days.map(([day, list]) => (
        <DayGroup key={day} day={day} posts={list} zone={zone} isToday={day === today} onOpen={onOpen} />
      ))}
    </div>
  );
}

function DayGroup({
  day,
  posts,
  zone,
  isToday,
  onOpen,
}: {
  day: Day;
  posts: Post[];
  zone: string;
  isToday: boolean;
  onOpen: (post: Post) => void;
}) {
  const headingId = `list-day-${day}`;
  return (
    <section aria-labelledby={headingId} data-testid="list-day" data-day={day}>
      <h2 id={headingId} className="mb-2 text-sm font-semibold text-slate-900">
        {dayName(day)}
        {isToday ? <span className="ml-1 font-normal text-indigo-800">(heute)</span> : null}
      </h2>
      <ul className="grid gap-2">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} zone={zone} density="list" onOpen={onOpen} className="w-full" />
          </li>
        ))}
      </ul>
    </section>
  );
}
