import { and, eq, gte, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { webhookDeliveries, webhookEndpoints } from "#server/db/schema/webhooks.ts";
import {
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
} from "#shared/webhooks.ts";
import { postToEndpoint } from "./webhook-request.ts";
import { signatureHeader } from "./webhook-signature.ts";
import { vetWebhookUrl, WebhookRefusal } from "./webhooks.service.ts";

// One attempt of a webhook delivery (ADR 0110). The attempt is claimed in one UPDATE that also
// schedules the next one (1 min, 5 min, 30 min, 2 h, 12 h), with its job, before the request
// leaves: a server that dies mid-request leaves a delivery that is tried again at that time, never
// one that is stuck. A 2xx answer settles it; after the last attempt it is given up, and an
// endpoint with WEBHOOK_DISABLE_AFTER_FAILURES given-up deliveries in a row is switched off.
// Redirects are not followed (a redirect could lead to a private address); bodies and secrets
// are never logged.

export type WebhookDeliveryDeps = Pick<AppDeps, "db" | "env" | "tokenBox" | "logger" | "webhookQueue">;

/** After the last attempt: how long a delivery whose server died mid-request waits before it is given up. */
const LAST_ATTEMPT_LEASE_MS = 15 * 60_000;

const USER_AGENT = "Postwerk-Webhooks/1.0";

type AttemptOutcome = { ok: true; httpStatus: number } | { ok: false; httpStatus: number | null; error: string };

/** Runs the attempt of `deliveryId` that is due at `now`; a job that comes early, twice or late does nothing. */
export async function deliverWebhook(deps: WebhookDeliveryDeps, deliveryId: string, now = new Date()): Promise<void> {
  await deps.webhookQueue.ready();
  const claimed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        nextAttemptAt: sql`${now.toISOString()}::timestamptz + (${retryDelaysSql()})[${webhookDeliveries.attempts} + 1] * interval '1 millisecond'`,
        updatedAt: now,
      })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.status, "pending"),
          or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
          lt(webhookDeliveries.attempts, WEBHOOK_MAX_ATTEMPTS),
        ),
      )
      .returning();
    if (row?.nextAttemptAt) await deps.webhookQueue.enqueue(tx, row.id, row.nextAttemptAt);
    return row;
  });
  if (!claimed) {
    await giveUpAbandoned(deps, deliveryId, now);
    return;
  }
  const [endpoint] = await deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, claimed.endpointId));
  if (!endpoint) return;
  const outcome = await attempt(deps, endpoint, claimed, now);
  const last = claimed.attempts >= WEBHOOK_MAX_ATTEMPTS;
  deps.logger.info(
    { deliveryId, endpointId: endpoint.id, attempt: claimed.attempts, httpStatus: outcome.httpStatus, ok: outcome.ok },
    "Webhook-Zustellung versucht",
  );
  const settled = outcome.ok ? "delivered" : last ? "failed" : "pending";
  await deps.db
    .update(webhookDeliveries)
    .set({
      status: settled,
      httpStatus: outcome.httpStatus,
      error: outcome.ok ? null : outcome.error,
      ...(settled === "pending" ? {} : { nextAttemptAt: null }),
      updatedAt: now,
    })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, "pending"),
        eq(webhookDeliveries.attempts, claimed.attempts),
      ),
    );
  if (settled === "delivered") await countFailure(deps, endpoint.id, "reset", now);
  if (settled === "failed") await countFailure(deps, endpoint.id, "add", now);
}

/** The waits as a PostgreSQL array literal (in ms), the last entry the lease of the final attempt. */
function retryDelaysSql() {
  return sql.raw(`ARRAY[${[...WEBHOOK_RETRY_DELAYS_MS, LAST_ATTEMPT_LEASE_MS].join(",")}]::float8[]`);
}

async function attempt(
  deps: WebhookDeliveryDeps,
  endpoint: typeof webhookEndpoints.$inferSelect,
  delivery: typeof webhookDeliveries.$inferSelect,
  now: Date,
): Promise<AttemptOutcome> {
  let target: Awaited<ReturnType<typeof vetWebhookUrl>>;
  try {
    target = await vetWebhookUrl(deps, endpoint.url);
  } catch (error) {
    if (error instanceof WebhookRefusal) return { ok: false, httpStatus: null, error: error.message };
    throw error;
  }
  const secret = deps.tokenBox.open(endpoint.secretSealed, endpoint.id);
  const deadline = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
  try {
    const status = await postToEndpoint(target, deadline, delivery.body, {
      "content-type": "application/json",
      "user-agent": USER_AGENT,
      [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, delivery.body, now),
      [WEBHOOK_EVENT_ID_HEADER]: delivery.eventId,
      [WEBHOOK_EVENT_HEADER]: delivery.event,
    });
    if (status >= 200 && status < 300) return { ok: true, httpStatus: status };
    if (status >= 300 && status < 400)
      return { ok: false, httpStatus: status, error: "Weiterleitung: Postwerk folgt keinen Weiterleitungen." };
    return { ok: false, httpStatus: status, error: `Antwort mit HTTP-Status ${status}.` };
  } catch {
    const timedOut = deadline.aborted;
    return {
      ok: false,
      httpStatus: null,
      error: timedOut
        ? `Keine Antwort innerhalb von ${WEBHOOK_TIMEOUT_MS / 1000} Sekunden.`
        : "Keine Verbindung zur Adresse möglich.",
    };
  }
}

/** A final attempt whose server died before it could record the answer: given up after its lease. */
async function giveUpAbandoned(deps: WebhookDeliveryDeps, deliveryId: string, now: Date) {
  const [row] = await deps.db
    .update(webhookDeliveries)
    .set({ status: "failed", error: "Keine Antwort aufgezeichnet.", nextAttemptAt: null, updatedAt: now })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, now),
        gte(webhookDeliveries.attempts, WEBHOOK_MAX_ATTEMPTS),
      ),
    )
    .returning({ endpointId: webhookDeliveries.endpointId });
  if (row) await countFailure(deps, row.endpointId, "add", now);
}

async function countFailure(deps: WebhookDeliveryDeps, endpointId: string, change: "add" | "reset", now: Date) {
  if (change === "reset") {
    await deps.db.update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(eq(webhookEndpoints.id, endpointId));
    return;
  }
  const failures = sql`${webhookEndpoints.consecutiveFailures} + 1`;
  await deps.db
    .update(webhookEndpoints)
    .set({
      consecutiveFailures: failures,
      disabledAt: sql`case when ${failures} >= ${WEBHOOK_DISABLE_AFTER_FAILURES} then coalesce(${webhookEndpoints.disabledAt}, ${now.toISOString()}::timestamptz) else ${webhookEndpoints.disabledAt} end`,
    })
    .where(eq(webhookEndpoints.id, endpointId));
}

/** This server's workers for the deliveries' jobs (started by start-server.ts). */
export function startWebhookWorkers(deps: WebhookDeliveryDeps): Promise<void> {
  return deps.webhookQueue.startWorkers((deliveryId) => deliverWebhook(deps, deliveryId));
}
