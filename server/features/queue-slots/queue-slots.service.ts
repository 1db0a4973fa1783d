import { and, asc, desc, eq, gte, inArray, lte } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { queueSlots } from "#server/db/schema/queue-slots.ts";
import { userTimeZone } from "#server/features/profile/time-zone.service.ts";
import { PublishingRefusal } from "#server/features/publishing/refusals.ts";
import { PLANNING_HORIZON_DAYS } from "#shared/publishing.ts";
import {
  type NextSlot,
  nextFreeSlot,
  normaliseSlots,
  QUEUE_SLOT_MESSAGES,
  type QueueSlot,
  SLOT_WINDOW_MINUTES,
  type SlotSuggestion,
  SUGGESTION_MAX_POSTS,
  SUGGESTION_MIN_POSTS,
  usualPostingTimes,
} from "#shared/queue-slots.ts";

// The "Warteschlange" of each connected account (ADR 0092): its weekly posting times, the next
// free one for the composer, and a suggestion drawn from when the user actually published.

type Account = { id: string; handle: string };

/** The user's accounts of these ids; refused (404) when one is not theirs or not there. */
async function ownAccounts(db: Database, userId: string, ids: string[]): Promise<Account[]> {
  const valid = ids.filter(isUuid);
  if (valid.length !== ids.length) throw new PublishingRefusal("ACCOUNT_NOT_FOUND", 404);
  const rows = await db
    .select({ id: socialAccounts.id, handle: socialAccounts.handle })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), inArray(socialAccounts.id, valid)));
  if (rows.length !== new Set(valid.map((id) => id.toLowerCase())).size)
    throw new PublishingRefusal("ACCOUNT_NOT_FOUND", 404);
  return ids.map((id) => rows.find((row) => row.id === id.toLowerCase()) as Account);
}

async function slotsOf(db: Database, accountIds: string[]): Promise<Map<string, QueueSlot[]>> {
  const rows = await db
    .select()
    .from(queueSlots)
    .where(inArray(queueSlots.accountId, accountIds))
    .orderBy(asc(queueSlots.weekday), asc(queueSlots.time));
  const byAccount = new Map<string, QueueSlot[]>(accountIds.map((id) => [id, []]));
  for (const row of rows) byAccount.get(row.accountId)?.push({ weekday: row.weekday, time: row.time });
  return byAccount;
}

export async function getQueueSlots(db: Database, userId: string, accountId: string) {
  const [account] = await ownAccounts(db, userId, [accountId]);
  const zone = await userTimeZone(db, userId);
  const slots = (await slotsOf(db, [(account as Account).id])).get((account as Account).id) ?? [];
  return { slots, timeZone: zone, suggestion: await suggestSlots(db, userId, (account as Account).id, zone) };
}

/** Replaces the account's slots with `slots` (duplicates dropped), in one transaction. */
export async function putQueueSlots(db: Database, userId: string, accountId: string, slots: QueueSlot[]) {
  const [account] = (await ownAccounts(db, userId, [accountId])) as [Account];
  const normalised = normaliseSlots(slots);
  await db.transaction(async (tx) => {
    await tx.delete(queueSlots).where(eq(queueSlots.accountId, account.id));
    if (normalised.length > 0)
      await tx.insert(queueSlots).values(normalised.map((slot) => ({ accountId: account.id, ...slot })));
  });
  return { slots: normalised };
}

export type NextSlotAnswer = { next: NextSlot | null; message: string | null; accountsWithoutSlots: string[] };

/** The next slot free for all these accounts (ADR 0092), or why there is none, in German. */
export async function findNextSlot(
  db: Database,
  userId: string,
  accountIds: string[],
  now = new Date(),
): Promise<NextSlotAnswer> {
  const accounts = await ownAccounts(db, userId, accountIds);
  const ids = accounts.map((account) => account.id);
  const zone = await userTimeZone(db, userId);
  const slots = await slotsOf(db, ids);
  const without = accounts.filter((account) => (slots.get(account.id) ?? []).length === 0);
  if (without.length > 0) {
    const message =
      accounts.length === 1
        ? QUEUE_SLOT_MESSAGES.noSlots
        : QUEUE_SLOT_MESSAGES.noSlotsSeveral(without.map((account) => account.handle));
    return { next: null, message, accountsWithoutSlots: without.map((account) => account.id) };
  }
  const window = SLOT_WINDOW_MINUTES * 60_000;
  const taken = await db
    .select({ accountId: publications.accountId, scheduledAt: publications.scheduledAt })
    .from(publications)
    .where(
      and(
        inArray(publications.accountId, ids),
        inArray(publications.status, ["planned", "sending"]),
        gte(publications.scheduledAt, new Date(now.getTime() - window)),
        lte(publications.scheduledAt, new Date(now.getTime() + PLANNING_HORIZON_DAYS * 86_400_000 + window)),
      ),
    );
  const next = nextFreeSlot({
    slotsByAccount: ids.map((id) => slots.get(id) ?? []),
    takenByAccount: ids.map((id) => taken.filter((row) => row.accountId === id).map((row) => row.scheduledAt)),
    zone,
    now,
  });
  if (next) return { next, message: null, accountsWithoutSlots: [] };
  return {
    next: null,
    message: ids.length > 1 ? QUEUE_SLOT_MESSAGES.noCommonSlot : QUEUE_SLOT_MESSAGES.noFreeSlot,
    accountsWithoutSlots: [],
  };
}

/**
 * A suggestion from the user's own history (ADR 0092): the account's newest sent posts, else all
 * the user's; null below SUGGESTION_MIN_POSTS. Postwerk stores no reach of sent posts, so this is
 * when they published, never a claimed "best time".
 */
export async function suggestSlots(
  db: Database,
  userId: string,
  accountId: string,
  zone: string,
): Promise<SlotSuggestion | null> {
  const sentTimes = async (forAccount: boolean) =>
    (
      await db
        .select({ scheduledAt: publications.scheduledAt })
        .from(publications)
        .where(
          and(
            eq(publications.userId, userId),
            eq(publications.status, "sent"),
            forAccount ? eq(publications.accountId, accountId) : undefined,
          ),
        )
        .orderBy(desc(publications.sentAt))
        .limit(SUGGESTION_MAX_POSTS)
    ).map((row) => row.scheduledAt);
  const own = await sentTimes(true);
  if (own.length >= SUGGESTION_MIN_POSTS)
    return { basis: "account", postCount: own.length, slots: usualPostingTimes(own, zone) };
  const all = await sentTimes(false);
  if (all.length >= SUGGESTION_MIN_POSTS)
    return { basis: "user", postCount: all.length, slots: usualPostingTimes(all, zone) };
  return null;
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
