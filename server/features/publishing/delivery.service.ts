import { and, eq, isNotNull, lte } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { lockUser } from "#server/db/user-lock.ts";
import {
  type AccountDeps,
  markReconnectRequired,
  usableTokens,
} from "#server/features/account-tokens/account-tokens.ts";
import { NetworkError } from "#server/integrations/social/social-network.ts";
import { MISSED_AFTER_MINUTES, PUBLISHING_DETAILS } from "#shared/publishing.ts";
import { capReachedDetail } from "#shared/publishing-caps.ts";
import type { FailureReason } from "#shared/publishing-failures.ts";
import {
  type AttemptResult,
  answeredAt,
  attemptKey,
  callNetwork,
  networkAttempt,
  newPostKey,
  PUBLISH_TIMEOUT_MS,
} from "./network-call.ts";
import { LIMIT_SAID_AFTER_MS, limitDetail, windowFreeAt } from "./network-limits.ts";
import { imagesOf } from "./post-image.ts";
import {
  doubtPublication,
  failPublication,
  failRefused,
  missPublication,
  moveAndTell,
  type Refusal,
} from "./publication-outcomes.ts";
import { movePublication } from "./publication-transitions.ts";
import { capFilledBeforeSending } from "./publishing-caps.ts";
import { sendThread } from "./thread-delivery.ts";

// Sending one publication exactly once (ADR 0053, 0074). The publication row decides, not the job:
// 1. a due, planned post is claimed in its own short transaction right before its own call, and
//    the attempt committed (status "sending");
// 2. the network's answer is recorded: sent, a retry later (not accepted), failed, or "unbestätigt"
//    when the request may have arrived (timeout, lost answer) — never sent a second time;
// 3. an attempt whose server died mid-call is found by the sweep (publishing-sweep.ts) and becomes
//    "unbestätigt"; a job that finds a post "sending" leaves it alone, since its attempt may still run.
// No network call runs inside a transaction or under a row lock.

export type DeliveryDeps = AccountDeps & Pick<AppDeps, "publishingQueue" | "webhookQueue" | "imageStorage" | "env">;

type Publication = typeof publications.$inferSelect;

/** After this many attempts a post that the network keeps not accepting fails for good. */
export const MAX_ATTEMPTS = 6;
/** Waits after the 1st, 2nd, … attempt that the network did not accept (5xx, refused). */
const BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000];
export function backoffAfter(attempt: number): number {
  return BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0] ?? 30_000;
}

/** A post the queue reaches this long after it was due is "verpasst", not sent late (ADR 0075). */
export const MISSED_AFTER_MS = MISSED_AFTER_MINUTES * 60_000;

export function isOverdue(publication: Pick<Publication, "nextAttemptAt">, now: Date): boolean {
  return now.getTime() - publication.nextAttemptAt.getTime() > MISSED_AFTER_MS;
}

export async function processPublication(
  deps: DeliveryDeps,
  publicationId: string,
  now = new Date(),
  timeoutMs = PUBLISH_TIMEOUT_MS,
): Promise<void> {
  const [publication] = await deps.db.select().from(publications).where(eq(publications.id, publicationId));
  if (!publication || publication.nextAttemptAt > now) return;
  if (publication.status === "sending") {
    if (publication.continuation !== null) await continueAttempt(deps, publication, now, timeoutMs);
    return;
  }
  if (publication.status !== "planned") return;
  if (isOverdue(publication, now)) {
    await missPublication(deps, publication);
    return;
  }
  if (!publication.accountId) {
    await failPublication(deps, "queue", "fail", publication, PUBLISHING_DETAILS.disconnected);
    return;
  }

  const access = await usableTokens(deps, publication.accountId, now);
  // The account's own mail ("neu verbinden") lists its posts; no second mail per post.
  if (access.kind === "revoked") {
    await failPublication(deps, "queue", "fail", publication, PUBLISHING_DETAILS.revoked, { mail: false });
    return;
  }
  if (access.kind === "unavailable") return deferAttempt(deps, publication, "planned", now, null);

  const images = await imagesOf(deps, publication);
  if (images === null) {
    await failPublication(deps, "queue", "fail", publication, "Das Bild des Beitrags gibt es nicht mehr.");
    return;
  }

  const claim = await claimAttempt(deps, publication, now);
  if (claim.kind === "over-cap") {
    await failPublication(deps, "queue", "fail", publication, capReachedDetail(publication.network, claim.cap));
    return;
  }
  if (claim.kind === "not-now") return;
  const attempt = networkAttempt(deps, claim.publication, access, now, timeoutMs);
  const result =
    claim.publication.postCount > 1
      ? await sendThread(deps, claim.publication, attempt, now, images)
      : await attempt.publish({
          text: claim.publication.text,
          images,
          idempotencyKey: attemptKey(claim.publication.id, claim.publication.attempts),
          ...(claim.publication.networkPostKey ? { postKey: claim.publication.networkPostKey } : {}),
          contentWarning: claim.publication.contentWarning,
          ...(claim.publication.imageAlt ? { imageAlt: claim.publication.imageAlt } : {}),
        });
  await recordResult(deps, claim.publication, result, now, attempt.clock());
}

type Claim = { kind: "claimed"; publication: Publication } | { kind: "over-cap"; cap: number } | { kind: "not-now" };

/**
 * Step 1, in one short transaction right before this post's own call: under the user's and the
 * account's row locks, check the plan's monthly cap and the network's limit, and record the attempt.
 */
async function claimAttempt(deps: DeliveryDeps, due: Publication, now: Date): Promise<Claim> {
  const notNow = { kind: "not-now" } as const;
  await deps.publishingQueue.ready();
  // A thread's posts get their names one by one (thread-delivery.ts).
  const freshKey = due.postCount === 1 && !due.networkPostKey ? await newPostKey(deps, due.network) : null;
  return deps.db.transaction(async (tx): Promise<Claim> => {
    // The user's lock first, as planning takes it (publishing.service.ts): no two orders, no deadlock.
    await lockUser(tx, due.userId);
    const [publication] = await tx.select().from(publications).where(eq(publications.id, due.id)).for("update");
    if (!publication?.accountId || publication.status !== "planned" || publication.nextAttemptAt > now) return notNow;
    const cap = await capFilledBeforeSending(tx, publication, now);
    if (cap !== null) return { kind: "over-cap", cap };
    // Serialises the claims of one account across servers, so the limit below cannot be overrun.
    await tx
      .select({ id: socialAccounts.id })
      .from(socialAccounts)
      .where(eq(socialAccounts.id, publication.accountId))
      .for("no key update");
    const freeAt = await windowFreeAt(deps, tx, publication, publication.accountId, now);
    if (freeAt) {
      const detail =
        freeAt.getTime() - now.getTime() > LIMIT_SAID_AFTER_MS ? await limitDetail(tx, publication, freeAt) : null;
      const changes = { nextAttemptAt: freeAt, ...(detail ? { detail } : {}) };
      const deferred = await movePublication(tx, "queue", "defer", publication.id, changes);
      if (deferred) await deps.publishingQueue.enqueue(tx, publication.id, freeAt);
      return notNow;
    }
    const claimed = await movePublication(tx, "queue", "claim", publication.id, {
      attempts: publication.attempts + 1,
      attemptStartedAt: now,
      updatedAt: now,
      // Committed before the call and kept for every later attempt (ADR 0119).
      networkPostKey: publication.networkPostKey ?? freshKey,
    });
    return claimed ? { kind: "claimed", publication: claimed } : notNow;
  });
}

/**
 * A network that publishes in steps answered `pending`: the next step is taken by one job once it
 * is due. Taking it clears the continuation in one UPDATE, so two jobs never both take it, and
 * restarts the attempt's clock, so the sweep finds a step whose server died (ADR 0074).
 */
async function continueAttempt(deps: DeliveryDeps, waiting: Publication, now: Date, timeoutMs: number): Promise<void> {
  const [taken] = await deps.db
    .update(publications)
    .set({ continuation: null, attemptStartedAt: now, updatedAt: now })
    .where(
      and(
        eq(publications.id, waiting.id),
        eq(publications.status, "sending"),
        isNotNull(publications.continuation),
        lte(publications.nextAttemptAt, now),
      ),
    )
    .returning();
  if (!taken?.accountId || !waiting.continuation) return;
  const continuation = waiting.continuation;
  const access = await usableTokens(deps, taken.accountId, now);
  if (access.kind !== "ok") {
    // The container was made but not published: nothing is on the network yet.
    await failPublication(deps, "queue", "fail", taken, PUBLISHING_DETAILS.revoked, { mail: false });
    return;
  }
  const network = deps.networks[taken.network];
  const continuePublish = network.continuePublish?.bind(network);
  const startedAt = performance.now();
  // A network that answers `pending` implements continuePublish (the seam's contract, ADR 0074).
  const result = continuePublish
    ? await callNetwork(taken.network, () => continuePublish(access.tokens, access.identity, continuation), timeoutMs)
    : new NetworkError(taken.network, "outcome-unknown", { detail: "kein zweiter Schritt" });
  await recordResult(deps, taken, result, now, answeredAt(now, startedAt));
}

/** Step 2: every write leaves from "sending", so only the attempt's own worker records its outcome. */
async function recordResult(
  deps: DeliveryDeps,
  publication: Publication,
  result: AttemptResult,
  now: Date,
  answered: Date,
) {
  if (!(result instanceof NetworkError)) {
    switch (result.status) {
      case "published":
        await moveAndTell(
          deps,
          "queue",
          "accept",
          publication,
          {
            externalId: result.post.externalId,
            externalUrl: result.post.url,
            sentAt: answered,
            detail: null,
            continuation: null,
          },
          { kind: "sent" },
        );
        return;
      case "pending": {
        const checkAt = new Date(now.getTime() + result.checkAfterMs);
        await deps.publishingQueue.ready();
        await deps.db.transaction(async (tx) => {
          const [waiting] = await tx
            .update(publications)
            .set({ continuation: result.continuation, nextAttemptAt: checkAt, updatedAt: now })
            .where(and(eq(publications.id, publication.id), eq(publications.status, "sending")))
            .returning({ id: publications.id });
          if (waiting) await deps.publishingQueue.enqueue(tx, publication.id, checkAt);
        });
        return;
      }
      case "wait":
        // Not an attempt that reached the network: it does not count toward MAX_ATTEMPTS.
        return deferAttempt(deps, { ...publication, attempts: publication.attempts - 1 }, "sending", now, result.until);
      case "taken-over":
      case "not-found":
        return;
    }
  }
  switch (result.kind) {
    case "unavailable":
      return deferAttempt(deps, publication, "sending", now, null);
    case "rate-limited": {
      const at = result.retryAt ?? new Date(now.getTime() + 60_000);
      // A limit that lasts beyond a short backoff (a network's daily limit, ADR 0097, 0098): nothing
      // was sent, so it is no attempt; the post moves to when there is room again, and its owner reads why.
      if (at.getTime() - now.getTime() > LIMIT_SAID_AFTER_MS) {
        const detail = await limitDetail(deps.db, publication, at);
        return deferAttempt(deps, { ...publication, attempts: publication.attempts - 1 }, "sending", now, at, {
          detail,
        });
      }
      return deferAttempt(deps, publication, "sending", now, at, {
        exhausted: { reason: "rate-limited", original: result.detail },
      });
    }
    case "outcome-unknown":
      await doubtPublication(deps, publication);
      return;
    case "revoked":
      await failRefused(deps, publication, refusalOf(result, "token-invalid"), { mail: false });
      await reconnectAccountOf(deps, publication);
      return;
    case "rejected":
      await failRefused(deps, publication, refusalOf(result, "unknown"));
      return;
    case "version-retired":
      deps.logger.error(
        { network: publication.network, detail: result.detail },
        "Schnittstellenversion vom Netzwerk abgelehnt (426): Postwerk aktualisieren",
      );
      await failPublication(deps, "queue", "fail", publication, PUBLISHING_DETAILS.versionRetired);
      return;
  }
}

function refusalOf(error: NetworkError, fallback: FailureReason): Refusal {
  return { reason: error.reason ?? fallback, original: error.detail };
}

async function reconnectAccountOf(deps: DeliveryDeps, publication: Publication): Promise<void> {
  if (!publication.accountId) return;
  const [account] = await deps.db.select().from(socialAccounts).where(eq(socialAccounts.id, publication.accountId));
  if (account) await markReconnectRequired(deps, account);
}

/** Not accepted by the network: plan the next attempt (and its job) in one transaction, or give up. */
async function deferAttempt(
  deps: DeliveryDeps,
  publication: Publication,
  from: "planned" | "sending",
  now: Date,
  at: Date | null,
  options: {
    /** Why the post fails when this was its last attempt; without, the generic "unavailable". */
    exhausted?: Refusal | null;
    /** What the owner reads while the post waits (a network's daily limit, ADR 0097). */
    detail?: string;
  } = {},
): Promise<void> {
  const { exhausted = null, detail } = options;
  // A claimed attempt was counted when it was claimed; one that never reached the network (tokens
  // could not be refreshed) counts here, so neither can go on for ever.
  const attempts = from === "sending" ? publication.attempts : publication.attempts + 1;
  if (attempts >= MAX_ATTEMPTS) {
    if (exhausted) await failRefused(deps, publication, exhausted);
    else await failPublication(deps, "queue", "fail", publication, PUBLISHING_DETAILS.unavailable);
    return;
  }
  const next = at ?? new Date(now.getTime() + backoffAfter(Math.max(attempts, 1)));
  await deps.publishingQueue.ready();
  await deps.db.transaction(async (tx) => {
    // The attempt was not accepted: it leaves the per-account window, as the network counts it.
    const changes = {
      attempts,
      nextAttemptAt: next,
      attemptStartedAt: null,
      continuation: null,
      updatedAt: now,
      ...(detail ? { detail } : {}),
    };
    const moved = await movePublication(tx, "queue", "defer", publication.id, changes, eq(publications.status, from));
    if (moved) await deps.publishingQueue.enqueue(tx, publication.id, next);
  });
}

/** This server's delivery workers: start-server.ts, and the tests and benches that run the queue for real. */
export function startDeliveryWorkers(deps: DeliveryDeps): Promise<void> {
  return deps.publishingQueue.startWorkers({
    handle: (publicationId) => processPublication(deps, publicationId),
    giveUp: (publicationId) => giveUpPublication(deps, publicationId),
  });
}

/** The queue ran out of retries for a post without a verdict (its database kept failing): failed, with a notice. */
export async function giveUpPublication(deps: DeliveryDeps, publicationId: string): Promise<void> {
  const [publication] = await deps.db.select().from(publications).where(eq(publications.id, publicationId));
  if (publication?.status !== "planned") return;
  await failPublication(deps, "queue", "giveUp", publication, PUBLISHING_DETAILS.stuck);
}
