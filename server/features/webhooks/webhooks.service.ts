import crypto from "node:crypto";
import { and, count, desc, eq } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import type { Database } from "#server/db/client.ts";
import { webhookDeliveries, webhookEndpoints } from "#server/db/schema/webhooks.ts";
import { type ResolvedAddress, resolvePublicHost } from "#server/integrations/website/address-policy.ts";
import type { CreateWebhookInput } from "#shared/webhooks.schemas.ts";
import {
  WEBHOOK_ERRORS,
  WEBHOOK_LOG_LIMIT,
  WEBHOOKS_PER_USER_MAX,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from "#shared/webhooks.ts";
import { newWebhookSecret } from "./webhook-signature.ts";

// A user's webhook endpoints on /konto (ADR 0110): add (the secret is in this one answer only),
// list with the delivery log, delete. The address must be public, like a Mastodon instance
// (ADR 0095): the same check, at adding and again before every delivery.

type WebhookCode = Exclude<keyof typeof WEBHOOK_ERRORS, "INVALID_EVENTS">;

export class WebhookRefusal extends Error {
  readonly code: WebhookCode;
  readonly status: 400 | 404 | 409;

  constructor(code: WebhookCode, status: WebhookRefusal["status"]) {
    super(WEBHOOK_ERRORS[code]);
    this.name = "WebhookRefusal";
    this.code = code;
    this.status = status;
  }
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * The endpoint's URL if Postwerk may send to it: https to a public address, or the one origin the
 * operator lets through (WEBHOOK_ALLOWED_ORIGIN, the fake receiver in tests), then http too. With
 * the public address it was checked at: a delivery connects to that one (null: the operator's origin).
 */
export async function vetWebhookUrl(
  deps: Pick<AppDeps, "env">,
  raw: string,
): Promise<{ url: URL; address: ResolvedAddress | null }> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new WebhookRefusal("WEBHOOK_URL_INVALID", 400);
  }
  const allowed = deps.env.WEBHOOK_ALLOWED_ORIGIN === url.origin;
  const schemeOk = url.protocol === "https:" || (url.protocol === "http:" && allowed);
  if (!schemeOk || url.username || url.password || !url.hostname) throw new WebhookRefusal("WEBHOOK_URL_INVALID", 400);
  url.hash = "";
  if (allowed) return { url, address: null };
  const address = await resolvePublicHost(url.hostname);
  if (typeof address === "string") throw new WebhookRefusal("WEBHOOK_URL_NOT_PUBLIC", 400);
  return { url, address };
}

export async function createWebhook(
  deps: Pick<AppDeps, "db" | "env" | "tokenBox">,
  userId: string,
  input: CreateWebhookInput,
): Promise<{ secret: string; webhook: WebhookEndpointView }> {
  const { url } = await vetWebhookUrl(deps, input.url);
  const secret = newWebhookSecret();
  const id = crypto.randomUUID();
  const row = await deps.db.transaction(async (tx) => {
    const [mine] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    if ((mine?.n ?? 0) >= WEBHOOKS_PER_USER_MAX) throw new WebhookRefusal("WEBHOOK_LIMIT_REACHED", 409);
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        userId,
        url: url.toString(),
        events: input.events,
        // Bound to the row's id: a sealed secret copied into another row does not open (ADR 0059).
        secretSealed: deps.tokenBox.seal(secret, id),
      })
      .returning();
    return inserted;
  });
  if (!row) throw new Error("Webhook nicht angelegt");
  return { secret, webhook: toEndpointView(row) };
}

export async function listWebhooks(db: Database, userId: string) {
  const endpoints = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt));
  const deliveries = await db
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.userId, userId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_LIMIT);
  return {
    webhooks: endpoints.map(toEndpointView),
    deliveries: deliveries.map(
      ({ delivery, url }): WebhookDeliveryView => ({
        id: delivery.id,
        endpointId: delivery.endpointId,
        url,
        event: delivery.event,
        eventId: delivery.eventId,
        status: delivery.status,
        attempts: delivery.attempts,
        httpStatus: delivery.httpStatus,
        error: delivery.error,
        nextAttemptAt: delivery.status === "pending" ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
        createdAt: delivery.createdAt.toISOString(),
        updatedAt: delivery.updatedAt.toISOString(),
      }),
    ),
  };
}

/** Deletes the endpoint with its log; jobs still queued for it find no row and do nothing. */
export async function deleteWebhook(db: Database, userId: string, id: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new WebhookRefusal("WEBHOOK_NOT_FOUND", 404);
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw new WebhookRefusal("WEBHOOK_NOT_FOUND", 404);
}

/** Switches an endpoint that Postwerk turned off back on, with a fresh count of failures. */
export async function enableWebhook(db: Database, userId: string, id: string): Promise<WebhookEndpointView> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new WebhookRefusal("WEBHOOK_NOT_FOUND", 404);
  const [row] = await db
    .update(webhookEndpoints)
    .set({ disabledAt: null, consecutiveFailures: 0 })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  if (!row) throw new WebhookRefusal("WEBHOOK_NOT_FOUND", 404);
  return toEndpointView(row);
}

/** The data export's rows (ADR 0026): what the user entered, never the secret. */
export async function exportWebhooks(db: Database, userId: string) {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  return rows.map(toEndpointView);
}

function toEndpointView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}
