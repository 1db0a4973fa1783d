import type { z } from "zod";
import type { AppDeps } from "#server/app-env.ts";
import { contactMessages } from "#server/db/schema/contact-messages.ts";
import type { RateLimitRule } from "#server/features/rate-limit/rate-limit.service.ts";
import { composeContactNotificationMail } from "#server/integrations/mail/mail-templates.ts";
import type { Logger } from "#server/logger.ts";
import type { ContactRequestSchema } from "#shared/contact.schemas.ts";
import { CONTACT_MIN_FILL_MS, type ContactSpamSuspicion } from "#shared/contact.ts";
import { ROUTES } from "#shared/routes.ts";

// The public contact form (ADR 0011, 0081): spam guard, storage, the operator's mail.

// ADR 0011: per address, counted in the database like every other limit.
export const CONTACT_RATE_LIMIT: RateLimitRule = { name: "contact", max: 5, windowMs: 10 * 60_000 };

type ContactDeps = Pick<AppDeps, "db" | "env" | "mailer">;

type ContactSubmission = z.output<typeof ContactRequestSchema>;

// ADR 0011, 0081: a filled honeypot or a form sent faster than a person can type it. A missing
// or odd duration counts as too fast: only a script leaves it out.
function suspectSpam(submission: Pick<ContactSubmission, "website" | "fillDurationMs">): ContactSpamSuspicion | null {
  if (submission.website !== undefined && submission.website !== "") return "honeypot";
  const duration = submission.fillDurationMs;
  if (typeof duration !== "number" || !Number.isFinite(duration) || duration < CONTACT_MIN_FILL_MS) return "too-fast";
  return null;
}

// Stores the message as "new" (spec section 4), also under suspicion of spam (ADR 0081): the
// visitor's success answer always means the message is here. Only an unsuspected message is
// mailed to the operator; a suspected one waits in the admin's list with its reason.
export async function submitContactMessage(
  deps: ContactDeps,
  logger: Logger,
  submission: ContactSubmission,
): Promise<{ spamSuspicion: ContactSpamSuspicion | null }> {
  const spamSuspicion = suspectSpam(submission);
  const contact = { name: submission.name, email: submission.email, message: submission.message };
  const [row] = await deps.db
    .insert(contactMessages)
    .values({ ...contact, status: "new", spamSuspicion })
    .returning({ id: contactMessages.id });
  if (spamSuspicion) {
    logger.warn({ contactMessageId: row?.id, reason: spamSuspicion }, "Kontaktanfrage unter Spamverdacht gespeichert");
    return { spamSuspicion };
  }
  logger.info({ contactMessageId: row?.id }, "Kontaktanfrage gespeichert");
  // Not awaited: the message is safe in the database, and a slow or broken mail server
  // must neither keep the visitor waiting nor turn their success into an error.
  void notifyOperator(deps, logger, contact);
  return { spamSuspicion };
}

async function notifyOperator(
  deps: ContactDeps,
  logger: Logger,
  contact: { name: string; email: string; message: string },
) {
  const operator = deps.env.CONTACT_EMAIL;
  if (!operator) return;
  try {
    const mail = composeContactNotificationMail(contact, `${deps.env.BASE_URL}${ROUTES.admin}`);
    await deps.mailer.send({ to: operator, replyTo: contact.email, ...mail });
  } catch (error) {
    logger.error({ err: error }, "Benachrichtigung über die Kontaktanfrage nicht versendet");
  }
}
