import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { webhookDeliveries, webhookEndpoints } from "#server/db/schema/webhooks.ts";
import type { PublicationView } from "#shared/publishing.schemas.ts";
import type { WebhookEvent } from "#shared/webhooks.ts";
import type { WebhookQueue } from "./webhook-queue.ts";

// An event for the user's webhooks (ADR 0110), written in the caller's transaction: the outcome
// of a post (publishing/publication-outcomes.ts) commits with one delivery row and one job per
// endpoint subscribed to it, or none of them. The body is fixed here, so every attempt sends the
// same bytes under the same event id.

export type WebhookEventBody = {
  id: string;
  type: WebhookEvent;
  createdAt: string;
  data: { post: PublicationView };
};

/** Call `queue.ready()` before the transaction opens (PGlite has one connection). */
export async function recordWebhookEvent(
  tx: Database,
  queue: WebhookQueue,
  event: { userId: string; type: WebhookEvent; post: PublicationView; at: Date },
): Promise<void> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.userId, event.userId),
        isNull(webhookEndpoints.disabledAt),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([event.type])}::jsonb`,
      ),
    );
  if (endpoints.length === 0) return;
  const body: WebhookEventBody = {
    id: crypto.randomUUID(),
    type: event.type,
    createdAt: event.at.toISOString(),
    data: { post: event.post },
  };
  const rows = await tx
    .insert(webhookDeliveries)
    .values(
      endpoints.map((endpoint) => ({
        userId: event.userId,
        endpointId: endpoint.id,
        eventId: body.id,
        event: event.type,
        body: JSON.stringify(body),
        // null: the first attempt is due at once, whatever clock the job's worker reads.
        nextAttemptAt: null,
        createdAt: event.at,
        updatedAt: event.at,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  for (const row of rows) await queue.enqueue(tx, row.id, event.at);
}
