import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { WebhookDeliveryStatus, WebhookEvent } from "#shared/webhooks.ts";
import { ownedByUser } from "./auth.ts";

// Webhooks of the public API (ADR 0110): the user's endpoints and the log of their deliveries.

/** An endpoint the user added on /konto. The signing secret is sealed with the token box (ADR 0059). */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...ownedByUser,
    url: text("url").notNull(),
    events: jsonb("events").$type<WebhookEvent[]>().notNull(),
    secretSealed: text("secret_sealed").notNull(),
    /** Given-up deliveries in a row; a delivered one sets it back to 0. */
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("webhook_endpoints_user_id_idx").on(table.userId)],
);

/**
 * One event for one endpoint: the body as it is signed and sent on every attempt, and the state
 * of its delivery. The row decides; the pg-boss job only wakes the delivery (like publishing, ADR 0053).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...ownedByUser,
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").notNull(),
    event: text("event").$type<WebhookEvent>().notNull(),
    body: text("body").notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    httpStatus: integer("http_status"),
    error: text("error"),
    /** When the next attempt is due; null before the first (due at once) and once settled. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("webhook_deliveries_user_id_created_at_idx").on(table.userId, table.createdAt),
    index("webhook_deliveries_endpoint_id_idx").on(table.endpointId),
  ],
);
