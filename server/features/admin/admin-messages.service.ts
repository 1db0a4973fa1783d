import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { AppDeps } from "#server/app-env.ts";
import type { Database } from "#server/db/client.ts";
import { cancellationRequests } from "#server/db/schema/billing.ts";
import { contactMessages } from "#server/db/schema/contact-messages.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { recordAudit } from "#server/features/audit/audit.service.ts";
import { cancellationRequestColumns } from "#server/features/cancellation/cancellation.service.ts";
import { composeContactResponseMail, formatMailDateTime } from "#server/integrations/mail/mail-templates.ts";
import type { Logger } from "#server/logger.ts";
import type { ContactResponseSchema } from "#shared/admin.schemas.ts";
import { PLAN_LABELS, type Plan } from "#shared/billing.ts";
import type { ContactSpamFilter } from "#shared/contact.ts";
import { isUuid } from "#shared/ids.ts";

// The admin's contact messages (spec sections 2, 4 "Contact message (admin)", 7
// "send-contact-response") and the § 312k cancellations that wait for the operator (ADR 0023).

/** The newest messages the panel lists; older ones stay in the database. */
const MESSAGE_LIST_LIMIT = 500;

// ADR 0081: filtered in the database, so a wave of bot messages cannot push the others out of the list.
const SPAM_FILTER_CONDITIONS = {
  all: undefined,
  exclude: isNull(contactMessages.spamSuspicion),
  only: isNotNull(contactMessages.spamSuspicion),
} satisfies Record<ContactSpamFilter, unknown>;

export async function listContactMessages(db: Database, spam: ContactSpamFilter = "all") {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(SPAM_FILTER_CONDITIONS[spam])
    .orderBy(desc(contactMessages.createdAt))
    .limit(MESSAGE_LIST_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Spec section 4: new → read; a message already read or answered stays as it is. */
export async function markMessageRead(db: Database, id: string): Promise<"read" | "unchanged" | "not-found"> {
  if (!isUuid(id)) return "not-found";
  const [updated] = await db
    .update(contactMessages)
    .set({ status: "read" })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.status, "new")))
    .returning({ id: contactMessages.id });
  if (updated) return "read";
  const [exists] = await db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, id));
  return exists ? "unchanged" : "not-found";
}

/**
 * Spec "send-contact-response": mails the answer to the message's sender, then marks the
 * message responded. The mail is what matters: a failure to set the status afterwards is
 * only logged (spec section 8).
 */
export async function respondToMessage(
  deps: Pick<AppDeps, "db" | "mailer">,
  log: Logger,
  adminId: string,
  id: string,
  response: z.output<typeof ContactResponseSchema>,
): Promise<"sent" | "not-found" | "mail-failed"> {
  if (!isUuid(id)) return "not-found";
  const [message] = await deps.db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!message) return "not-found";
  try {
    await deps.mailer.send({
      to: message.email,
      ...composeContactResponseMail({
        responseText: response.responseText,
        originalMessage: message.message,
        receivedAt: formatMailDateTime(message.createdAt),
      }),
    });
  } catch (error) {
    log.error({ err: error, messageId: id }, "Antwort auf Kontaktanfrage nicht versendet");
    return "mail-failed";
  }
  try {
    await deps.db.transaction(async (tx) => {
      await tx.update(contactMessages).set({ status: "responded" }).where(eq(contactMessages.id, id));
      await recordAudit(tx, {
        adminId,
        action: "message.reply",
        targetId: id,
        before: { status: message.status },
        after: { status: "responded", senderName: response.senderName ?? null, responseText: response.responseText },
      });
    });
  } catch (error) {
    log.error({ err: error, messageId: id }, "Antwort versendet, Status 'responded' nicht gesetzt");
  }
  return "sent";
}

/** § 312k cancellations, newest first, with the account they were matched to. */
export async function listCancellationRequests(db: Database) {
  const rows = await db
    .select({
      id: cancellationRequests.id,
      ...cancellationRequestColumns,
      signedIn: cancellationRequests.signedIn,
      accountEmail: profiles.email,
      createdAt: cancellationRequests.createdAt,
    })
    .from(cancellationRequests)
    .leftJoin(profiles, eq(profiles.id, cancellationRequests.userId))
    .orderBy(desc(cancellationRequests.createdAt))
    .limit(MESSAGE_LIST_LIMIT);
  return rows.map((row) => ({
    ...row,
    planLabel: PLAN_LABELS[row.plan as Plan] ?? row.plan,
    createdAt: row.createdAt.toISOString(),
  }));
}
