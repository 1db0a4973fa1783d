import { eq, sql } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { cancellationRequests } from "#server/db/schema/billing.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { accountKey } from "#server/features/account-security/sign-in-throttle.ts";
import { cancelPlanAtPeriodEnd } from "#server/features/billing/billing-cancel.service.ts";
import { consumeRateLimit, type RateLimitRule } from "#server/features/rate-limit/rate-limit.service.ts";
import {
  composeCancellationReceiptMail,
  formatMailDate,
  formatMailDateTime,
} from "#server/integrations/mail/mail-templates.ts";
import type { Logger } from "#server/logger.ts";
import { PLAN_LABELS } from "#shared/billing.ts";
import type { CancellationRequest } from "#shared/cancellation.schemas.ts";
import { CANCELLATION_KIND_LABELS, NEXT_POSSIBLE_DATE } from "#shared/cancellation.ts";

// The cancellation button of § 312k BGB (ADR 0023, 0048). Every request is stored and confirmed at
// once by e-mail. A signed-in customer's ordinary cancellation is carried out right away: the
// subscription ends with its paid period in Stripe. Anything else (signed out, where anybody
// could type anybody's address, or extraordinary, which needs a reason to be weighed) is
// matched to an account by e-mail and left for the operator.

// Per address: a person cancels once or twice; a script that tries addresses is stopped.
export const CANCELLATION_RATE_LIMIT: RateLimitRule = { name: "cancellation", max: 5, windowMs: 10 * 60_000 };

// Per recipient (ADR 0048): the form sends a mail to any address typed into it, so changing the
// client address must not turn it into a mail cannon against one inbox. The key is the hash of
// the normalised address (as for the account mails, ADR 0044). Beyond the limit the
// cancellation is still stored and confirmed on screen, with the same answer: nothing tells a
// sender whether a mail went out, and no cancellation is lost.
export const CANCELLATION_RECEIPT_LIMIT: RateLimitRule = {
  name: "cancellation-receipt",
  max: 3,
  windowMs: 60 * 60_000,
};

type CancellationDeps = Pick<AppDeps, "db" | "env" | "mailer" | "payments">;

/** What a cancellation request says, as it was sent: the operator's list and the data export show it. */
export const cancellationRequestColumns = {
  name: cancellationRequests.name,
  email: cancellationRequests.email,
  plan: cancellationRequests.plan,
  kind: cancellationRequests.kind,
  effective: cancellationRequests.effective,
  reason: cancellationRequests.reason,
  status: cancellationRequests.status,
};

export type CancellationReceipt = { receivedAt: string; executed: boolean; periodEnd: string | null };

export async function submitCancellation(
  deps: CancellationDeps,
  log: Logger,
  request: CancellationRequest,
  signedInUserId: string | null,
): Promise<CancellationReceipt> {
  const receivedAt = new Date();
  const userId = signedInUserId ?? (await accountOfEmail(deps, request.email));
  // Stored first: whatever happens next, the cancellation has been received (§ 312k).
  const [row] = await deps.db
    .insert(cancellationRequests)
    .values({
      userId,
      signedIn: signedInUserId !== null,
      name: request.name,
      email: request.email,
      plan: request.plan,
      kind: request.kind,
      effective: request.effective,
      reason: request.reason || null,
      status: "received",
      createdAt: receivedAt,
    })
    .returning({ id: cancellationRequests.id });
  // Carried out at once only where nothing is left to weigh: signed in, ordinary, at the next
  // possible date (the period's end). A chosen date or a Stripe failure leaves it for the operator.
  let periodEnd: Date | null = null;
  const executable =
    signedInUserId !== null &&
    request.kind === "ordinary" &&
    request.effective === NEXT_POSSIBLE_DATE &&
    deps.payments !== null;
  if (executable && row) {
    try {
      // Every subscription of the plan Stripe knows for the account, not only the stored one
      // (ADR 0048); a plan granted by hand has nothing in Stripe and waits for the operator.
      periodEnd = await cancelPlanAtPeriodEnd(deps, log, signedInUserId, request.plan);
      if (periodEnd) {
        await deps.db
          .update(cancellationRequests)
          .set({ status: "executed" })
          .where(eq(cancellationRequests.id, row.id));
      }
    } catch (error) {
      log.error({ err: error, cancellationId: row.id }, "Kündigung konnte nicht bei Stripe ausgeführt werden");
    }
  }
  const executed = periodEnd !== null;
  log.info({ cancellationId: row?.id, userId, executed, kind: request.kind }, "Kündigung eingegangen");

  const outcome = executed
    ? `Ihr Abonnement endet zum Ende des bezahlten Zeitraums am ${formatMailDate(periodEnd ?? receivedAt)}. Bis dahin können Sie alle Funktionen weiter nutzen; eine Erstattung für den laufenden Zeitraum gibt es nicht.`
    : "Wir bearbeiten Ihre Kündigung und bestätigen Ihnen das Vertragsende gesondert. Sie müssen dafür nichts weiter tun.";
  await sendReceipt(deps, log, request, { receivedAt, outcome, cancellationId: row?.id });
  return { receivedAt: receivedAt.toISOString(), executed, periodEnd: periodEnd?.toISOString() ?? null };
}

async function accountOfEmail(deps: CancellationDeps, email: string): Promise<string | null> {
  const [profile] = await deps.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(sql`lower(${profiles.email})`, email.toLowerCase()))
    .limit(1);
  return profile?.id ?? null;
}

// § 312k: the receipt in text form, with date and time. A mail that fails (or that the limit per
// recipient holds back) is logged; the request is stored and shown on screen either way.
async function sendReceipt(
  deps: CancellationDeps,
  log: Logger,
  request: CancellationRequest,
  { receivedAt, outcome, cancellationId }: { receivedAt: Date; outcome: string; cancellationId: string | undefined },
): Promise<void> {
  const recipient = await consumeRateLimit(deps.db, CANCELLATION_RECEIPT_LIMIT, accountKey(request.email));
  if (!recipient.allowed) {
    log.warn({ cancellationId }, "Eingangsbestätigung der Kündigung nicht versendet: Grenze je Empfänger");
    return;
  }
  try {
    await deps.mailer.send({
      to: request.email,
      ...composeCancellationReceiptMail({
        name: request.name,
        contract: PLAN_LABELS[request.plan],
        kind: CANCELLATION_KIND_LABELS[request.kind],
        effective:
          request.effective === NEXT_POSSIBLE_DATE
            ? "zum nächstmöglichen Zeitpunkt"
            : formatMailDate(new Date(`${request.effective}T12:00:00Z`)),
        receivedAt: `${formatMailDateTime(receivedAt)} Uhr`,
        outcome,
      }),
    });
  } catch (error) {
    // The request is stored and shown on screen; the operator sees it even without the mail.
    log.error({ err: error, cancellationId }, "Eingangsbestätigung der Kündigung nicht versendet");
  }
}
