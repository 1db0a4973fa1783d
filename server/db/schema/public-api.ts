import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ApiScope } from "#shared/public-api.ts";
import type { CapPlan } from "#shared/publishing-caps.ts";
import { ownedByUser } from "./auth.ts";

// The public API (ADR 0107, 0109): personal API keys, the answers kept for Idempotency-Key, the
// operator's API limits per plan, and the log of what a key did.

/**
 * A personal API key. Only the SHA-256 of the key is stored: the key itself is shown once. The
 * prefix (`pw_live_` and a few characters) is what /konto shows to tell keys apart.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...ownedByUser,
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    scopes: jsonb("scopes").$type<ApiScope[]>().notNull(),
    /** Agents' posts are drafts unless the owner allowed direct planning for this key. */
    directScheduling: boolean("direct_scheduling").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("api_keys_user_id_idx").on(table.userId)],
);

/**
 * One create request under an Idempotency-Key (ADR 0109): claimed before the work (status null),
 * then holding the answer to replay. Kept 24 hours.
 */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    /** ApiCaller.callerKey: an API key's id, or an OAuth app and its user (ADR 0109, 0113). */
    callerKey: text("caller_key").notNull(),
    /** The answer holds the user's posts: it goes with the account. */
    ...ownedByUser,
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    body: jsonb("body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.callerKey, table.idempotencyKey] }),
    index("api_idempotency_expires_at_idx").on(table.expiresAt),
  ],
);

/** The operator's API settings per plan (like the publishing caps): 0 requests means no API for the plan. */
export const apiPlanLimits = pgTable(
  "api_plan_limits",
  {
    plan: text("plan").$type<CapPlan>().primaryKey(),
    requestsPerMinute: integer("requests_per_minute").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("api_plan_limits_not_negative", sql`${table.requestsPerMinute} >= 0`)],
);

/** What a key did (REST writes and every MCP tool call), shown on /konto. */
export const apiActivity = pgTable(
  "api_activity",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...ownedByUser,
    keyId: uuid("key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    keyName: text("key_name").notNull(),
    action: text("action").notNull(),
    detail: text("detail"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("api_activity_user_id_created_at_idx").on(table.userId, table.createdAt)],
);
