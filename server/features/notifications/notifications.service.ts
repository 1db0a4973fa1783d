import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { user } from "#server/db/schema/auth.ts";
import { notifications, publications } from "#server/db/schema/publishing.ts";
import type { MailContent } from "#server/integrations/mail/mail-templates.ts";
import type { NotificationKind } from "#shared/publishing.ts";

// The header's notification area (spec section 2; ADR 0053): events of publishing, newest first.

export type NotificationDeps = Pick<AppDeps, "db" | "mailer" | "logger">;

const LIST_LIMIT = 30;

type NotificationEvent = {
  userId: string;
  kind: NotificationKind;
  message: string;
  publicationId?: string;
  accountId?: string;
};

/**
 * Records one event and, if given, sends its mail. A failed mail is logged, never thrown: the
 * event is recorded and the queue goes on. Callers call it once per event (a status transition
 * that only one server can make), so no retry sends a second mail.
 */
export async function notify(deps: NotificationDeps, event: NotificationEvent & { mail?: MailContent }): Promise<void> {
  await recordNotification(deps.db, event);
  if (event.mail) await mailUser(deps, event.userId, event.kind, event.mail);
}

/** The event alone, inside the caller's transaction: it commits with the status change it reports. */
export async function recordNotification(db: AppDeps["db"], event: NotificationEvent): Promise<void> {
  await db.insert(notifications).values({
    userId: event.userId,
    kind: event.kind,
    message: event.message,
    publicationId: event.publicationId ?? null,
    accountId: event.accountId ?? null,
  });
}

/** The event's mail, after its transaction committed; a failed mail is logged, never thrown. */
export async function mailUser(
  deps: NotificationDeps,
  userId: string,
  kind: NotificationKind,
  mail: MailContent,
): Promise<void> {
  const [recipient] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!recipient) return;
  await deps.mailer
    .send({ to: recipient.email, ...mail })
    .catch((error: unknown) => deps.logger.warn({ err: error, kind }, "Benachrichtigung nicht gemailt"));
}

export async function listNotifications(db: AppDeps["db"], userId: string) {
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      message: notifications.message,
      publicationId: notifications.publicationId,
      accountId: notifications.accountId,
      // A sent post's notification links to the live post.
      externalUrl: publications.externalUrl,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .leftJoin(publications, eq(publications.id, notifications.publicationId))
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIST_LIMIT);
  return {
    notifications: rows.map((row) => ({
      ...row,
      read: row.readAt !== null,
      readAt: row.readAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    unread: await unreadCount(db, userId),
  };
}

export async function unreadCount(db: AppDeps["db"], userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** Marks one notification read, or all of them without `id`. False if `id` is not the user's. */
export async function markRead(db: AppDeps["db"], userId: string, id?: string): Promise<boolean> {
  const mine = id ? and(eq(notifications.userId, userId), eq(notifications.id, id)) : eq(notifications.userId, userId);
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(mine, isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (!id || updated.length > 0) return true;
  const [exists] = await db.select({ id: notifications.id }).from(notifications).where(mine);
  return exists !== undefined;
}
