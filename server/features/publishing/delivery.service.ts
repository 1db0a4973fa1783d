import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { type AccountDeps, markReconnectRequired, usableTokens } from "#server/features/connections/account-tokens.ts";
import { notify } from "#server/features/notifications/notifications.service.ts";
import {
  composePublicationFailedMail,
  composePublicationUnconfirmedMail,
  type MailContent,
  type PublicationMailFacts,
} from "#server/integrations/mail/mail-templates.ts";
import { NetworkError, type PublishImage, type PublishOutcome } from "#server/integrations/social/social-network.ts";
import { imageNameFromPublicUrl } from "#server/integrations/storage/image-storage.ts";
import { NETWORKS } from "#shared/networks.ts";
import {
  INTERRUPTED_EXPLANATION,
  NOTIFICATION_MESSAGES,
  PLANNER_PATH,
  PUBLISHING_DETAILS,
  type PublicationStatus,
  THREAD_INTERRUPTED_EXPLANATION,
  THREAD_UNCONFIRMED_EXPLANATION,
  UNCONFIRMED_EXPLANATION,
} from "#shared/publishing.ts";
import { capReachedDetail } from "#shared/publishing-caps.ts";
import { callNetwork, PUBLISH_TIMEOUT_MS } from "./network-call.ts";
import { capFilledBeforeSending, lockUserForCaps } from "./publishing-caps.ts";
import { markThreadPostsInDoubt, sendThread } from "./thread-delivery.ts";

// Sending one publication exactly once (ADR 0053). The publication row decides, not the job:
// 1. a due, planned post is claimed and the attempt committed (status "sending") before the call;
// 2. the network's answer is recorded: sent, a retry later (not accepted), failed, or "unbestätigt"
//    when the request may have arrived (timeout, lost answer) — never sent a second time;
// 3. a job that finds a post still "sending" belongs to an attempt whose server died mid-call:
//    the post becomes "unbestätigt" instead of being sent again.

export type DeliveryDeps = AccountDeps & Pick<AppDeps, "publishingQueue" | "imageStorage">;

type Publication = typeof publications.$inferSelect;

/** After this many attempts a post that the network keeps not accepting fails for good. */
export const MAX_ATTEMPTS = 6;
/** Waits after the 1st, 2nd, … attempt that the network did not accept (5xx, refused). */
const BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000];
export function backoffAfter(attempt: number): number {
  return BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0] ?? 30_000;
}

export async function processPublication(
  deps: DeliveryDeps,
  publicationId: string,
  now = new Date(),
  timeoutMs = PUBLISH_TIMEOUT_MS,
): Promise<void> {
  const [publication] = await deps.db.select().from(publications).where(eq(publications.id, publicationId));
  if (!publication) return;
  if (publication.status === "sending") return markInterrupted(deps, publication);
  if (publication.status !== "planned" || publication.nextAttemptAt > now) return;
  if (!publication.accountId) return finish(deps, publication, "planned", "failed", PUBLISHING_DETAILS.disconnected);

  const access = await usableTokens(deps, publication.accountId, now);
  if (access.kind === "revoked") return finish(deps, publication, "planned", "failed", PUBLISHING_DETAILS.revoked);
  if (access.kind === "unavailable") return retryLater(deps, publication, "planned", now, null);

  const images = await imagesOf(deps, publication);
  if (images === null)
    return finish(deps, publication, "planned", "failed", "Das Bild der Generierung gibt es nicht mehr.");

  const claim = await claimAttempt(deps, publication, now);
  if (claim.kind === "over-cap")
    return finish(deps, publication, "planned", "failed", capReachedDetail(publication.network, claim.cap));
  if (claim.kind === "not-now") return;
  const claimed = claim.publication;

  const network = deps.networks[publication.network];
  const outcome =
    claimed.postCount > 1
      ? await sendThread(deps, claimed, access, now, timeoutMs)
      : await callNetwork(
          publication.network,
          () => network.publish(access.tokens, access.identity, { text: claimed.text, images }),
          timeoutMs,
        );
  await recordOutcome(deps, claimed, outcome, now);
}

type Claim = { kind: "claimed"; publication: Publication } | { kind: "over-cap"; cap: number } | { kind: "not-now" };

/**
 * Step 1: in one transaction, under the user's and the account's row locks, check the plan's
 * monthly cap and the network's limit, and record the attempt.
 */
async function claimAttempt(deps: DeliveryDeps, due: Publication, now: Date): Promise<Claim> {
  const publicationId = due.id;
  const notNow = { kind: "not-now" } as const;
  await deps.publishingQueue.ready();
  return deps.db.transaction(async (tx): Promise<Claim> => {
    // The user's lock first, as planning takes it (publishing.service.ts): no two orders, no deadlock.
    await lockUserForCaps(tx, due.userId);
    const [publication] = await tx.select().from(publications).where(eq(publications.id, publicationId)).for("update");
    if (!publication?.accountId || publication.status !== "planned" || publication.nextAttemptAt > now) return notNow;
    const cap = await capFilledBeforeSending(tx, publication, now);
    if (cap !== null) return { kind: "over-cap", cap };
    // Serialises the claims of one account across servers, so the limit below cannot be overrun.
    await tx
      .select({ id: socialAccounts.id })
      .from(socialAccounts)
      .where(eq(socialAccounts.id, publication.accountId))
      .for("update");
    const { postsPerWindow, windowMs } = deps.networks[publication.network].limits;
    const windowStart = new Date(now.getTime() - windowMs);
    const inWindow = and(
      eq(publications.accountId, publication.accountId),
      gt(publications.attemptStartedAt, windowStart),
    );
    // A thread is as many posts as it has (ADR 0066); the network counts each.
    const [used] = await tx
      .select({ n: sql<number>`coalesce(sum(${publications.postCount}), 0)::int` })
      .from(publications)
      .where(inWindow);
    if ((used?.n ?? 0) >= postsPerWindow) {
      const [oldest] = await tx
        .select({ at: publications.attemptStartedAt })
        .from(publications)
        .where(inWindow)
        .orderBy(asc(publications.attemptStartedAt))
        .limit(1);
      const freeAt = new Date((oldest?.at ?? now).getTime() + windowMs + 1_000);
      await tx
        .update(publications)
        .set({ nextAttemptAt: freeAt, updatedAt: now })
        .where(eq(publications.id, publicationId));
      await deps.publishingQueue.enqueue(tx, publicationId, freeAt);
      return notNow;
    }
    const [claimed] = await tx
      .update(publications)
      .set({ status: "sending", attempts: publication.attempts + 1, attemptStartedAt: now, updatedAt: now })
      .where(eq(publications.id, publicationId))
      .returning();
    return claimed ? { kind: "claimed", publication: claimed } : notNow;
  });
}

/** Step 2. Every write is guarded by status "sending", so only the attempt's own worker records its outcome. */
async function recordOutcome(
  deps: DeliveryDeps,
  publication: Publication,
  outcome: PublishOutcome | NetworkError,
  now: Date,
): Promise<void> {
  if (!(outcome instanceof NetworkError)) {
    if (outcome.status === "pending") {
      // X, LinkedIn and Bluesky answer at once; a network that publishes in steps (Instagram) needs
      // its continuation stored and polled before it is added (ADR 0053). Never guess: unconfirmed.
      deps.logger.error(
        { publicationId: publication.id, network: publication.network },
        "Netzwerk antwortete 'pending'",
      );
      return markUnconfirmed(deps, publication, unconfirmedExplanation(publication));
    }
    return settle(deps, publication, "sending", {
      status: "sent",
      externalId: outcome.post.externalId,
      externalUrl: outcome.post.url,
      sentAt: now,
      detail: null,
      updatedAt: now,
    });
  }
  switch (outcome.kind) {
    case "unavailable":
      return retryLater(deps, publication, "sending", now, null);
    case "rate-limited":
      return retryLater(deps, publication, "sending", now, outcome.retryAt ?? new Date(now.getTime() + 60_000));
    case "outcome-unknown":
      return markUnconfirmed(deps, publication, unconfirmedExplanation(publication));
    case "revoked": {
      await finish(deps, publication, "sending", "failed", PUBLISHING_DETAILS.revoked);
      const [account] = publication.accountId
        ? await deps.db.select().from(socialAccounts).where(eq(socialAccounts.id, publication.accountId))
        : [];
      if (account) await markReconnectRequired(deps, account);
      return;
    }
    case "rejected":
      return finish(
        deps,
        publication,
        "sending",
        "failed",
        outcome.detail ? `${PUBLISHING_DETAILS.rejected} ${outcome.detail}` : PUBLISHING_DETAILS.rejected,
      );
    case "version-retired":
      deps.logger.error(
        { network: publication.network, detail: outcome.detail },
        "Schnittstellenversion vom Netzwerk abgelehnt (426): Postwerk aktualisieren",
      );
      return finish(deps, publication, "sending", "failed", PUBLISHING_DETAILS.versionRetired);
  }
}

/** Not accepted by the network: plan the next attempt (and its job) in one transaction, or give up. */
async function retryLater(
  deps: DeliveryDeps,
  publication: Publication,
  from: PublicationStatus,
  now: Date,
  at: Date | null,
): Promise<void> {
  // A claimed attempt was counted when it was claimed; one that never reached the network (tokens
  // could not be refreshed) counts here, so neither can go on for ever.
  const attempts = from === "sending" ? publication.attempts : publication.attempts + 1;
  if (attempts >= MAX_ATTEMPTS) return finish(deps, publication, from, "failed", PUBLISHING_DETAILS.unavailable);
  const next = at ?? new Date(now.getTime() + backoffAfter(Math.max(attempts, 1)));
  await deps.publishingQueue.ready();
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(publications)
      // The attempt was not accepted: it leaves the per-account window, as the network counts it.
      .set({ status: "planned", attempts, nextAttemptAt: next, attemptStartedAt: null, updatedAt: now })
      .where(and(eq(publications.id, publication.id), eq(publications.status, from)))
      .returning({ id: publications.id });
    if (updated.length > 0) await deps.publishingQueue.enqueue(tx, publication.id, next);
  });
}

function finish(
  deps: DeliveryDeps,
  publication: Publication,
  from: PublicationStatus,
  to: "failed",
  detail: string,
): Promise<void> {
  return settle(deps, publication, from, { status: to, detail }, (post) =>
    composePublicationFailedMail({ ...post, reason: detail }),
  );
}

function markUnconfirmed(deps: DeliveryDeps, publication: Publication, explanation: string): Promise<void> {
  return settle(deps, publication, "sending", { status: "unconfirmed", detail: explanation }, (post) =>
    composePublicationUnconfirmedMail({ ...post, explanation }),
  );
}

/**
 * Moves the publication on from `from` and tells its owner: a notification, and the mail that
 * `mail` writes. Guarded by `from`, so only one worker moves it, and the owner is told once.
 */
async function settle(
  deps: DeliveryDeps,
  publication: Publication,
  from: PublicationStatus,
  changes: Partial<typeof publications.$inferInsert> & { status: "sent" | "failed" | "unconfirmed" },
  mail?: (post: PublicationMailFacts) => MailContent,
): Promise<void> {
  const updated = await deps.db
    .update(publications)
    .set({ updatedAt: new Date(), ...changes })
    .where(and(eq(publications.id, publication.id), eq(publications.status, from)))
    .returning({ id: publications.id });
  if (updated.length === 0) return;
  const network = NETWORKS[publication.network].label;
  const account = publication.accountHandle;
  await notify(deps, {
    userId: publication.userId,
    kind: changes.status,
    publicationId: publication.id,
    message: NOTIFICATION_MESSAGES[changes.status](network, account),
    mail: mail?.({
      network,
      account,
      scheduledAt: publication.scheduledAt,
      url: `${deps.env.BASE_URL}${PLANNER_PATH}`,
    }),
  });
}

/** Step 3: the attempt was recorded and its server never recorded an outcome. */
async function markInterrupted(deps: DeliveryDeps, publication: Publication): Promise<void> {
  deps.logger.warn({ publicationId: publication.id }, "Sendeversuch ohne Ergebnis gefunden: unbestätigt");
  if (publication.postCount === 1) return markUnconfirmed(deps, publication, INTERRUPTED_EXPLANATION);
  await markThreadPostsInDoubt(deps.db, publication.id);
  return markUnconfirmed(deps, publication, THREAD_INTERRUPTED_EXPLANATION);
}

/** A thread in doubt can be continued ("Fortsetzen" looks the post up first); a single post cannot. */
function unconfirmedExplanation(publication: Publication): string {
  return publication.postCount > 1 ? THREAD_UNCONFIRMED_EXPLANATION : UNCONFIRMED_EXPLANATION;
}

/** The generation's image, or [] without one; null when it was meant to go along and is gone. */
async function imagesOf(deps: DeliveryDeps, publication: Publication): Promise<PublishImage[] | null> {
  if (!publication.imageUrl) return [];
  const name = imageNameFromPublicUrl(publication.imageUrl);
  const file = name ? await deps.imageStorage.read(name) : null;
  return file ? [{ bytes: file.bytes, mimeType: file.contentType, altText: "" }] : null;
}

/** Posts due now or earlier that are still planned, for the queue's start and its tests. */
export async function duePublicationIds(db: AppDeps["db"], now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: publications.id })
    .from(publications)
    .where(and(eq(publications.status, "planned"), lte(publications.nextAttemptAt, now)));
  return rows.map((row) => row.id);
}
