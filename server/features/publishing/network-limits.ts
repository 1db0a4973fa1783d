import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { publications } from "#server/db/schema/publishing.ts";
import { userTimeZone } from "#server/features/profile/time-zone.service.ts";
import { NETWORKS } from "#shared/networks.ts";
import { PUBLISHING_DETAILS } from "#shared/publishing.ts";
import { formatDateTime } from "#shared/wall-time.ts";

// A network's own limit per account (X: 100 posts in 15 minutes; Threads: 250 posts in 24 hours,
// ADR 0098): counted from Postwerk's own attempts before a post is claimed, and, when a post moves
// for longer than a short backoff because of it, said to the owner with the time it goes out.

type Publication = typeof publications.$inferSelect;

/** A network's limit that frees up later than this is told to the owner; a short 429 is not. */
export const LIMIT_SAID_AFTER_MS = 15 * 60_000;

export async function limitDetail(db: AppDeps["db"], publication: Publication, at: Date): Promise<string> {
  const zone = await userTimeZone(db, publication.userId);
  return PUBLISHING_DETAILS.limitReached(NETWORKS[publication.network].label, formatDateTime(at, zone));
}

/** When the account's posting window has room again, or null when it has room now. */
export async function windowFreeAt(
  deps: Pick<AppDeps, "networks">,
  tx: AppDeps["db"],
  publication: Publication,
  accountId: string,
  now: Date,
): Promise<Date | null> {
  const { postsPerWindow, windowMs } = deps.networks[publication.network].limits;
  const inWindow = and(
    eq(publications.accountId, accountId),
    gt(publications.attemptStartedAt, new Date(now.getTime() - windowMs)),
  );
  // A thread is as many posts as it has (ADR 0066); the network counts each.
  const [used] = await tx
    .select({ n: sql<number>`coalesce(sum(${publications.postCount}), 0)::int` })
    .from(publications)
    .where(inWindow);
  if ((used?.n ?? 0) < postsPerWindow) return null;
  const [oldest] = await tx
    .select({ at: publications.attemptStartedAt })
    .from(publications)
    .where(inWindow)
    .orderBy(asc(publications.attemptStartedAt))
    .limit(1);
  return new Date((oldest?.at ?? now).getTime() + windowMs + 1_000);
}
