import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { publications, publishingCaps } from "#server/db/schema/publishing.ts";
import { lockUser } from "#server/db/user-lock.ts";
import { getPlanStates } from "#server/features/billing/billing-plans.service.ts";
import type { NetworkId } from "#shared/networks.ts";
import {
  CAP_PLANS,
  type CapPlan,
  capReachedMessage,
  capsFromRows,
  highestCap,
  type PublishingCap,
  type PublishingCaps,
} from "#shared/publishing-caps.ts";
import type { PublicationStatus } from "#shared/publishing-states.ts";
import { DEFAULT_TIME_ZONE, toWallTime, wallTimeToInstant } from "#shared/wall-time.ts";
import { PublishingRefusal } from "./refusals.ts";

// The operator's monthly cap per plan and network (ADR 0053, "Kontingent je Plan"). Checked twice:
// when a post is planned (posts sent and planned in the Berlin month of its send time count) and by
// the queue right before sending (only posts that went out count, so a lowered cap lets the first
// ones of the month through). Both run under the user's row lock, so two requests or two servers
// cannot both take the last post of a month.

/** Posts that will go out or did: planned ones hold their place in the month. */
const PLANNED_OR_GONE: PublicationStatus[] = ["planned", "sending", "sent", "unconfirmed"];
/** Posts that went out, or may have (an unconfirmed one cost the operator all the same). */
const GONE: PublicationStatus[] = ["sending", "sent", "unconfirmed"];

export async function readCaps(db: Database): Promise<PublishingCaps> {
  return capsFromRows(await db.select().from(publishingCaps));
}

/** The cap of a user's plans for a network: every account has "free", and the highest cap of its plans applies. */
export async function capOf(db: Database, userId: string, network: NetworkId): Promise<PublishingCap> {
  const rows = await db
    .select({ plan: publishingCaps.plan, monthlyMax: publishingCaps.monthlyMax })
    .from(publishingCaps)
    .where(eq(publishingCaps.network, network));
  const capOfPlan = (plan: CapPlan) => rows.find((row) => row.plan === plan)?.monthlyMax ?? null;
  // Without a cap for "free" no account has one: the plans need not be read (the common case).
  if (capOfPlan("free") === null) return null;
  const states = await getPlanStates(db, userId);
  const plans = CAP_PLANS.filter((plan) => plan === "free" || states[plan]?.active);
  return highestCap(plans.map(capOfPlan));
}

/**
 * The calendar month in Berlin that holds `instant`: its first midnight, and the next month's. The
 * cap is the operator's, counted in Berlin whatever zone the user plans in (ADR 0091).
 */
export function berlinMonth(instant: Date): { start: Date; end: Date } {
  const [year, month] = toWallTime(instant, DEFAULT_TIME_ZONE).date.split("-").map(Number) as [number, number];
  const first = (y: number, m: number) => `${y}-${String(m).padStart(2, "0")}-01`;
  const next = month === 12 ? first(year + 1, 1) : first(year, month + 1);
  // Midnight is never in Berlin's missing hour (02:00–02:59), so both exist.
  const start = wallTimeToInstant(first(year, month), "00:00", DEFAULT_TIME_ZONE) as Date;
  const end = wallTimeToInstant(next, "00:00", DEFAULT_TIME_ZONE) as Date;
  return { start, end };
}

/**
 * A post's send time for the count: when it went out, else when it is due. (A claimed post keeps
 * its due time; the attempt starts seconds after it.)
 */
const sendTime = sql`coalesce(${publications.sentAt}, ${publications.nextAttemptAt})`;

async function postsInMonth(
  db: Database,
  userId: string,
  network: NetworkId,
  at: Date,
  statuses: PublicationStatus[],
  except?: string,
): Promise<number> {
  const { start, end } = berlinMonth(at);
  const conditions: SQL[] = [
    eq(publications.userId, userId),
    eq(publications.network, network),
    inArray(publications.status, statuses),
    sql`${sendTime} >= ${start.toISOString()}::timestamptz`,
    sql`${sendTime} < ${end.toISOString()}::timestamptz`,
  ];
  if (except) conditions.push(ne(publications.id, except));
  // Posts, not rows: a thread counts as many posts as it has (ADR 0066), as X bills each.
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${publications.postCount}), 0)::int` })
    .from(publications)
    .where(and(...conditions));
  return row?.n ?? 0;
}

/**
 * After planning or rescheduling, inside its transaction, once the post's row is written: refuses
 * (409, the transaction rolls back) when the month of `at` now holds more posts than the cap.
 * Only a cap needs counting, and only a count needs the user's lock (two plannings at once must not
 * both take the last place): without a cap, one user's creates do not wait for each other (ADR 0118).
 */
export async function refuseOverCap(tx: Database, userId: string, network: NetworkId, at: Date): Promise<void> {
  const cap = await capOf(tx, userId, network);
  if (cap === null) return;
  await lockUser(tx, userId);
  if ((await postsInMonth(tx, userId, network, at, PLANNED_OR_GONE)) <= cap) return;
  throw new PublishingRefusal("PUBLISHING_CAP_REACHED", 409, capReachedMessage(network, cap, berlinMonth(at).start));
}

/** Right before sending, under lockUser (taken before the post's row, as everywhere that holds one): the cap when this month's posts sent already fill it, else null. */
export async function capFilledBeforeSending(
  tx: Database,
  publication: { id: string; userId: string; network: NetworkId; postCount: number },
  now: Date,
): Promise<number | null> {
  const cap = await capOf(tx, publication.userId, publication.network);
  if (cap === null) return null;
  const gone = await postsInMonth(tx, publication.userId, publication.network, now, GONE, publication.id);
  return gone + publication.postCount > cap ? cap : null;
}
