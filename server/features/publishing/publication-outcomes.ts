import type { AppDeps } from "#server/app-env.ts";
import type { publications } from "#server/db/schema/publishing.ts";
import { mailUser, recordNotification } from "#server/features/notifications/notifications.service.ts";
import { userTimeZone } from "#server/features/profile/time-zone.service.ts";
import { recordWebhookEvent } from "#server/features/webhooks/webhook-events.ts";
import {
  composePublicationFailedMail,
  composePublicationMissedMail,
  composePublicationUnconfirmedMail,
  type MailContent,
  type PublicationMailFacts,
} from "#server/integrations/mail/mail-templates.ts";
import { NETWORKS } from "#shared/networks.ts";
import {
  INTERRUPTED_EXPLANATION,
  MISSED_EXPLANATION,
  NOTIFICATION_MESSAGES,
  plannerPostPath,
  THREAD_INTERRUPTED_EXPLANATION,
  THREAD_UNCONFIRMED_EXPLANATION,
  UNCONFIRMED_EXPLANATION,
} from "#shared/publishing.ts";
import { type FailureReason, failureText } from "#shared/publishing-failures.ts";
import type { Actor, EventBy } from "#shared/publishing-states.ts";
import type { WebhookEvent } from "#shared/webhooks.ts";
import { interruptThreadPosts, movePublication } from "./publication-transitions.ts";
import { toView } from "./publishing.service.ts";

// A publication's outcomes as its owner learns them (ADR 0053, 0074): the move, the notification
// in the same transaction, and the mail after the commit. Only the caller whose UPDATE made the
// move tells the owner, so however many workers or servers find the same post, one notice goes out.
// The owner's webhooks (ADR 0110) are queued in the same transaction, so no outcome is lost to them.

export type OutcomeDeps = Pick<AppDeps, "db" | "mailer" | "logger" | "env" | "webhookQueue">;

type Publication = typeof publications.$inferSelect;
type Changes = Parameters<typeof movePublication>[4];

/** The webhook event of a notice; a missed post waits for its owner and is no outcome (ADR 0075). */
const WEBHOOK_EVENT_OF: Partial<Record<Notice["kind"], WebhookEvent>> = {
  sent: "post.sent",
  failed: "post.failed",
  unconfirmed: "post.unconfirmed",
};

type Notice = {
  kind: "sent" | "failed" | "unconfirmed" | "missed";
  /** The mail to send with it; none where another mail already told the owner (a revoked account). */
  mail?: (post: PublicationMailFacts) => MailContent;
};

/** Moves the publication by `event` and tells its owner; false when another worker moved it first. */
export async function moveAndTell<A extends Actor>(
  deps: OutcomeDeps,
  by: A,
  event: EventBy<A>,
  publication: Publication,
  changes: Changes,
  notice: Notice,
): Promise<boolean> {
  const network = NETWORKS[publication.network].label;
  const account = publication.accountHandle;
  const webhookEvent = WEBHOOK_EVENT_OF[notice.kind];
  if (webhookEvent) await deps.webhookQueue.ready();
  const moved = await deps.db.transaction(async (tx) => {
    const row = await movePublication(tx, by, event, publication.id, changes);
    if (!row) return false;
    await recordNotification(tx, {
      userId: publication.userId,
      kind: notice.kind,
      publicationId: publication.id,
      message: NOTIFICATION_MESSAGES[notice.kind](network, account),
    });
    if (webhookEvent)
      await recordWebhookEvent(tx, deps.webhookQueue, {
        userId: publication.userId,
        type: webhookEvent,
        post: toView(row),
        at: new Date(),
      });
    return true;
  });
  if (moved && notice.mail) {
    const url = `${deps.env.BASE_URL}${plannerPostPath(publication.id)}`;
    const timeZone = await userTimeZone(deps.db, publication.userId);
    await mailUser(
      deps,
      publication.userId,
      notice.kind,
      notice.mail({ network, account, scheduledAt: publication.scheduledAt, url, timeZone }),
    );
  }
  return moved;
}

/** A network's refusal as its integration sorted it (ADR 0093), with the network's own words. */
export type Refusal = { reason: FailureReason; original: string | null };

/** Failed for good, with the German reason; `mail: false` where the account's own mail lists the post. */
export function failPublication(
  deps: OutcomeDeps,
  by: "queue",
  event: "fail" | "giveUp",
  publication: Publication,
  reason: string,
  options: { mail: boolean } = { mail: true },
  refusal: Refusal | null = null,
): Promise<boolean> {
  return moveAndTell(
    deps,
    by,
    event,
    publication,
    {
      detail: reason,
      failureReason: refusal?.reason ?? null,
      failureOriginal: refusal?.original ?? null,
      attemptStartedAt: null,
    },
    {
      kind: "failed",
      mail: options.mail
        ? (post) => composePublicationFailedMail({ ...post, reason, original: refusal?.original ?? null })
        : undefined,
    },
  );
}

/** Refused by the network: the German sentence of the refusal's class says what to do (ADR 0093). */
export function failRefused(
  deps: OutcomeDeps,
  publication: Publication,
  refusal: Refusal,
  options: { mail: boolean } = { mail: true },
): Promise<boolean> {
  const sentence = failureText(refusal.reason, NETWORKS[publication.network].label);
  return failPublication(deps, "queue", "fail", publication, sentence, options, refusal);
}

/** The request may have reached the network: never sent again, the owner looks (ADR 0053). */
export function doubtPublication(deps: OutcomeDeps, publication: Publication): Promise<boolean> {
  const explanation = publication.postCount > 1 ? THREAD_UNCONFIRMED_EXPLANATION : UNCONFIRMED_EXPLANATION;
  return moveAndTell(deps, "queue", "doubt", publication, { detail: explanation }, unconfirmedNotice(explanation));
}

/** The sweep found an attempt whose server died mid-call (ADR 0075). */
export async function interruptPublication(deps: OutcomeDeps, publication: Publication): Promise<boolean> {
  deps.logger.warn({ publicationId: publication.id }, "Sendeversuch ohne Ergebnis gefunden: unbestätigt");
  const explanation = publication.postCount > 1 ? THREAD_INTERRUPTED_EXPLANATION : INTERRUPTED_EXPLANATION;
  const moved = await moveAndTell(
    deps,
    "sweep",
    "interrupt",
    publication,
    { detail: explanation },
    unconfirmedNotice(explanation),
  );
  if (moved && publication.postCount > 1) await interruptThreadPosts(deps.db, publication.id);
  return moved;
}

/** Overdue beyond MISSED_AFTER_MS: the owner decides, "Jetzt senden" or "Neu planen" (ADR 0075). */
export function missPublication(deps: OutcomeDeps, publication: Publication): Promise<boolean> {
  return moveAndTell(
    deps,
    "sweep",
    "miss",
    publication,
    { detail: MISSED_EXPLANATION },
    {
      kind: "missed",
      mail: (post) => composePublicationMissedMail(post),
    },
  );
}

function unconfirmedNotice(explanation: string): Notice {
  return { kind: "unconfirmed", mail: (post) => composePublicationUnconfirmedMail({ ...post, explanation }) };
}
