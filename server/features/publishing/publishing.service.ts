import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import type { Database } from "#server/db/client.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { inTransaction } from "#server/db/transaction.ts";
import { lockUser } from "#server/db/user-lock.ts";
import { consumeDraft } from "#server/features/drafts/drafts.service.ts";
import { userTimeZone } from "#server/features/profile/time-zone.service.ts";
import { NETWORKS } from "#shared/networks.ts";
import { checkPostText } from "#shared/post-length.ts";
import type {
  CreatePostsInput,
  PlannedWallTime,
  PublicationView,
  ThreadView,
  UpdatePostInput,
} from "#shared/publishing.schemas.ts";
import {
  networkTooLongMessage,
  PLANNING_HORIZON_DAYS,
  PUBLISHING_DETAILS,
  THREAD_TEXT_NOT_EDITABLE,
} from "#shared/publishing.ts";
import { type EventBy, PUBLICATION_STATUS_LABELS } from "#shared/publishing-states.ts";
import { toWallTime, wallTimeToInstant } from "#shared/wall-time.ts";
import { postImageOf } from "./post-image.ts";
import { movePublication, movePublications } from "./publication-transitions.ts";
import { refuseOverCap } from "./publishing-caps.ts";
import { PublishingRefusal } from "./refusals.ts";
import { threadViewsOf } from "./thread-views.ts";

// Writing, planning, editing and cancelling posts (ADR 0053). Each post for each account is one
// publication row with one queue job, written in one transaction: a post is never planned without
// its job, and a job never exists without its post.

export type PostsDeps = Pick<AppDeps, "db" | "publishingQueue">;

type Publication = typeof publications.$inferSelect;

/**
 * The instant of a planned time in the user's zone (ADR 0091); refused when it is in the past (a
 * minute of grace for slow clicks) or beyond the planning horizon (ADR 0077).
 */
export function plannedInstant(plannedFor: PlannedWallTime, zone: string, now: Date): Date {
  const instant = wallTimeToInstant(plannedFor.date, plannedFor.time, zone);
  if (!instant) throw new PublishingRefusal("INVALID_INPUT", 400);
  if (instant.getTime() < now.getTime() - 60_000) throw new PublishingRefusal("TIME_IN_PAST", 400);
  if (instant.getTime() > now.getTime() + PLANNING_HORIZON_DAYS * 86_400_000)
    throw new PublishingRefusal("TIME_TOO_FAR", 400);
  return instant;
}

export async function createPosts(
  deps: PostsDeps,
  userId: string,
  input: CreatePostsInput,
  now = new Date(),
): Promise<PublicationView[]> {
  const scheduledAt = input.plannedFor
    ? plannedInstant(input.plannedFor, await userTimeZone(deps.db, userId), now)
    : now;
  const accountIds = [...new Set(input.targets.map((target) => target.accountId))];
  const accounts = await deps.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), inArray(socialAccounts.id, accountIds)));
  const { imageUrl, imageAlt } = await postImageOf(deps.db, userId, input);
  const rows = input.targets.map((target) => {
    const account = accounts.find((candidate) => candidate.id === target.accountId);
    if (!account) throw new PublishingRefusal("ACCOUNT_NOT_FOUND", 409);
    if (account.status !== "connected") throw new PublishingRefusal("ACCOUNT_NEEDS_RECONNECT", 409);
    const contentWarning = contentWarningFor(account.network, input.contentWarning);
    checkText(account.network, target.text, account.postLimits?.maxCharacters, contentWarning);
    if (NETWORKS[account.network].imageRequired && !imageUrl) throw new PublishingRefusal("IMAGE_REQUIRED", 400);
    return {
      userId,
      accountId: account.id,
      network: account.network,
      accountHandle: account.handle,
      text: target.text,
      imageUrl,
      imageAlt,
      contentWarning,
      archiveEntryId: input.archiveEntryId ?? null,
      scheduledAt,
      nextAttemptAt: scheduledAt,
      status: "planned" as const,
    };
  });
  const batchId = crypto.randomUUID();
  await deps.publishingQueue.ready();
  const created = await inTransaction(deps.db, async (tx) => {
    const inserted = await tx
      .insert(publications)
      .values(rows.map((row) => ({ ...row, batchId })))
      .returning();
    for (const network of new Set(rows.map((row) => row.network)))
      await refuseOverCap(tx, userId, network, scheduledAt);
    for (const row of inserted) await deps.publishingQueue.enqueue(tx, row.id, scheduledAt);
    if (input.draftId) await consumeDraft(tx, userId, input.draftId);
    return inserted;
  });
  return created.map((row) => toView(row));
}

/** The content warning a post to `network` keeps: Mastodon's alone takes one (ADR 0095). */
export function contentWarningFor(network: Publication["network"], warning: string | undefined): string | null {
  return network === "mastodon" && warning ? warning : null;
}

/**
 * `maxLength`: the account's own limit where its server sets one (Mastodon, ADR 0095), which
 * counts the content warning too.
 */
export function checkText(
  network: Publication["network"],
  text: string,
  maxLength?: number | null,
  contentWarning?: string | null,
): void {
  const check = checkPostText(network, text, maxLength, contentWarning);
  if (check.empty) throw new PublishingRefusal("POST_EMPTY", 400);
  const maxHashtags = NETWORKS[network].maxHashtags;
  // Instagram takes 30 hashtags at most (ADR 0097).
  if (maxHashtags !== null && (text.match(/#[\p{L}\p{N}_]+/gu)?.length ?? 0) > maxHashtags)
    throw new PublishingRefusal("TOO_MANY_HASHTAGS", 400);
  if (!check.fits) {
    throw new PublishingRefusal(
      "POST_TOO_LONG",
      400,
      networkTooLongMessage(network, NETWORKS[network].label, check.length, check.max),
    );
  }
}

/** The post's account's own text limit (a Mastodon instance's), or null for the network's. */
async function accountMaxLength(db: Database, post: Pick<Publication, "accountId">): Promise<number | null> {
  if (!post.accountId) return null;
  const [account] = await db
    .select({ limits: socialAccounts.postLimits })
    .from(socialAccounts)
    .where(eq(socialAccounts.id, post.accountId));
  return account?.limits?.maxCharacters ?? null;
}

export async function getPost(db: Database, userId: string, id: string): Promise<PublicationView> {
  const row = await ownPost(db, userId, id);
  return toView(row, (await threadViewsOf(db, [row])).get(row.id));
}

/** The user's post; refused (404) when there is none, or it is somebody else's. */
export async function ownPost(db: Database, userId: string, id: string): Promise<Publication> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(publications)
        .where(and(eq(publications.id, id), eq(publications.userId, userId)))
    : [];
  if (!row) throw new PublishingRefusal("POST_NOT_FOUND", 404);
  return row;
}

/**
 * Edits the text or the time of a post the queue has not tried yet (or that failed: it is planned
 * again). The old job stays and finds the row not due; a new job is made for the new time.
 */
export async function updatePost(
  deps: PostsDeps,
  userId: string,
  id: string,
  input: UpdatePostInput,
  now = new Date(),
): Promise<PublicationView> {
  const existing = await ownPost(deps.db, userId, id);
  // A thread's posts were each checked with its warning: neither is edited afterwards.
  if ((input.text !== undefined || input.contentWarning !== undefined) && existing.postCount > 1)
    throw new PublishingRefusal("POST_NOT_EDITABLE", 409, THREAD_TEXT_NOT_EDITABLE);
  const contentWarning =
    input.contentWarning === undefined
      ? existing.contentWarning
      : contentWarningFor(existing.network, input.contentWarning);
  if (input.text !== undefined || contentWarning !== existing.contentWarning)
    checkText(existing.network, input.text ?? existing.text, await accountMaxLength(deps.db, existing), contentWarning);
  // The dialog sends the time it shows; a failed post's unchanged past time is not a new, past time.
  const zone = input.plannedFor ? await userTimeZone(deps.db, userId) : null;
  const newTime = input.plannedFor && zone && !sameWallTime(input.plannedFor, existing.scheduledAt, zone);
  const scheduledAt =
    input.plannedFor && zone && newTime ? plannedInstant(input.plannedFor, zone, now) : existing.scheduledAt;
  // A failed post planned again without a new time goes out now, not at its past time.
  const dueAt = scheduledAt < now ? now : scheduledAt;
  const updated = await planAgain(deps, userId, id, {
    event: "reschedule",
    changes: { text: input.text ?? existing.text, contentWarning, scheduledAt },
    dueAt,
    now,
    // Only a new time, or a failed post planned again, takes a place in a month; a text edit does not.
    takesPlace: Boolean(newTime) || existing.status === "failed",
  });
  if (!updated) throw new PublishingRefusal("POST_NOT_EDITABLE", 409);
  return toView(updated, (await threadViewsOf(deps.db, [updated])).get(updated.id));
}

/**
 * Plans an own post again, due at `dueAt`: moved by the user's `event` (written only from that
 * event's states, ADR 0074), with a new job in the same transaction and under the user's cap lock
 * (ADR 0053). Null when the post had left those states. A post whose account is gone is refused
 * (409) rather than planned to fail.
 */
export async function planAgain(
  deps: PostsDeps,
  userId: string,
  id: string,
  again: {
    event: EventBy<"user"> & ("reschedule" | "sendNow" | "resend" | "resume");
    changes?: Pick<Publication, "text" | "scheduledAt" | "contentWarning">;
    dueAt: Date;
    now: Date;
    /** Whether the post takes a place in its month again, checked against the plan's cap. */
    takesPlace: boolean;
  },
): Promise<Publication | null> {
  const { dueAt, now } = again;
  await deps.publishingQueue.ready();
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const row = await movePublication(
      tx,
      "user",
      again.event,
      id,
      {
        ...again.changes,
        attempts: 0,
        detail: null,
        failureReason: null,
        failureOriginal: null,
        nextAttemptAt: dueAt,
        updatedAt: now,
      },
      eq(publications.userId, userId),
    );
    if (!row) return null;
    if (!row.accountId) throw new PublishingRefusal("ACCOUNT_NOT_FOUND", 409);
    if (again.takesPlace) await refuseOverCap(tx, userId, row.network, dueAt);
    await deps.publishingQueue.enqueue(tx, row.id, dueAt);
    return row;
  });
}

/** "Jetzt senden": a post that failed or was missed (ADR 0075) goes out now. */
export async function sendPostNow(
  deps: PostsDeps,
  userId: string,
  id: string,
  now = new Date(),
): Promise<PublicationView> {
  await ownPost(deps.db, userId, id);
  const row = await planAgain(deps, userId, id, { event: "sendNow", dueAt: now, now, takesPlace: true });
  if (!row) throw new PublishingRefusal("POST_NOT_EDITABLE", 409);
  return toView(row, (await threadViewsOf(deps.db, [row])).get(row.id));
}

/**
 * "Erneut senden" of a post in doubt (ADR 0093): only once its owner confirmed that it did not
 * appear on the network. A thread in doubt is continued instead ("Fortsetzen"), which looks first.
 */
export async function resendPost(
  deps: PostsDeps,
  userId: string,
  id: string,
  confirmedNotPublished: boolean,
  now = new Date(),
): Promise<PublicationView> {
  const existing = await ownPost(deps.db, userId, id);
  if (existing.status !== "unconfirmed" || existing.postCount > 1)
    throw new PublishingRefusal("POST_NOT_EDITABLE", 409);
  if (!confirmedNotPublished) throw new PublishingRefusal("RESEND_NOT_CONFIRMED", 400);
  const row = await planAgain(deps, userId, id, { event: "resend", dueAt: now, now, takesPlace: true });
  if (!row) throw new PublishingRefusal("POST_NOT_EDITABLE", 409);
  return toView(row);
}

function sameWallTime(plannedFor: PlannedWallTime, instant: Date, zone: string): boolean {
  const wall = toWallTime(instant, zone);
  return wall.date === plannedFor.date && wall.time === plannedFor.time;
}

/** Cancels a post until the queue has claimed it: the job then finds it cancelled and does nothing. */
export async function cancelPost(db: Database, userId: string, id: string): Promise<PublicationView> {
  await ownPost(db, userId, id);
  const row = await movePublication(db, "user", "cancel", id, {}, eq(publications.userId, userId));
  if (!row) throw new PublishingRefusal("POST_NOT_EDITABLE", 409);
  return toView(row, (await threadViewsOf(db, [row])).get(row.id));
}

/** A disconnected account's posts that have not gone out are cancelled in the disconnecting transaction. */
export async function cancelPlannedPostsOf(db: Database, accountId: string): Promise<void> {
  await movePublications(db, "account", "withdraw", eq(publications.accountId, accountId), {
    detail: PUBLISHING_DETAILS.disconnected,
  });
}

/** Every post of a user that has not gone out, cancelled (account deletion); their ids, for removing the jobs. */
export async function cancelAllPlannedPostsOf(db: Database, userId: string): Promise<string[]> {
  const rows = await movePublications(db, "account", "withdraw", eq(publications.userId, userId));
  return rows.map((row) => row.id);
}

export function toView(row: Publication, thread: ThreadView | null = null): PublicationView {
  return {
    id: row.id,
    batchId: row.batchId,
    accountId: row.accountId,
    network: row.network,
    accountHandle: row.accountHandle,
    text: row.text,
    imageUrl: row.imageUrl,
    imageAlt: row.imageUrl ? row.imageAlt : null,
    contentWarning: row.contentWarning,
    scheduledAt: row.scheduledAt.toISOString(),
    status: row.status,
    statusLabel: PUBLICATION_STATUS_LABELS[row.status],
    detail: row.detail,
    failureReason: row.failureReason,
    failureOriginal: row.failureOriginal,
    externalUrl: row.externalUrl,
    sentAt: row.sentAt?.toISOString() ?? null,
    thread,
  };
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
