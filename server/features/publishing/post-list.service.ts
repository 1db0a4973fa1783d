import { and, asc, desc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { publications } from "#server/db/schema/publishing.ts";
import { userTimeZone } from "#server/features/profile/time-zone.service.ts";
import type { ListPostsQuery, PublicationView } from "#shared/publishing.schemas.ts";
import { LIST_RANGE_MAX_POSTS } from "#shared/publishing.ts";
import { addDays, weekOf, zonedDayStart } from "#shared/zoned-time.ts";
import { toView } from "./publishing.service.ts";
import { threadViewsOf } from "./thread-views.ts";

// The Redaktionsplan's list (ADR 0053, 0089): the user's posts in a range of days (the calendar's
// month, week or list) or all of them, filtered by account, network and state. Every query starts
// with the user and a scheduled_at range, so it reads the index (user_id, scheduled_at) alone.

/** Without a range: the newest this many (the plan before the calendar asked for ranges). */
const UNBOUNDED_MAX_POSTS = 500;

export type PostList = { posts: PublicationView[]; truncated: boolean };

export async function listPosts(db: Database, userId: string, query: ListPostsQuery): Promise<PostList> {
  // Days are the user's days (ADR 0091): a week starts at Monday 00:00 on their clock.
  const zone = await userTimeZone(db, userId);
  const conditions: SQL[] = [eq(publications.userId, userId)];
  if (query.accountId?.length) conditions.push(inArray(publications.accountId, query.accountId));
  if (query.network?.length) conditions.push(inArray(publications.network, query.network));
  if (query.status?.length) conditions.push(inArray(publications.status, query.status));
  const range = rangeOf(query, zone);
  if (range) conditions.push(gte(publications.scheduledAt, range.start), lt(publications.scheduledAt, range.end));
  const limit = range ? LIST_RANGE_MAX_POSTS : UNBOUNDED_MAX_POSTS;
  // A range reads forward in time, as the calendar shows it; the whole plan newest first.
  const order = range
    ? [asc(publications.scheduledAt), asc(publications.id)]
    : [desc(publications.scheduledAt), desc(publications.id)];
  const rows = await db
    .select()
    .from(publications)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const threads = await threadViewsOf(db, shown);
  return { posts: shown.map((row) => toView(row, threads.get(row.id))), truncated: rows.length > limit };
}

/** From 00:00 of the first day to 00:00 after the last, in `zone`; a week is Monday to Sunday. */
export function rangeOf(query: Pick<ListPostsQuery, "week" | "from" | "to">, zone: string) {
  const days = query.week ? weekOf(query.week) : query.from && query.to ? [query.from, query.to] : null;
  if (!days) return null;
  const first = days[0] ?? "";
  const last = days[days.length - 1] ?? "";
  return { start: zonedDayStart(first, zone), end: zonedDayStart(addDays(last, 1), zone) };
}
