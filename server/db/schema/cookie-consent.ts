import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

export const cookieDefinitions = pgTable(
  "cookie_definitions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    provider: text("provider").notNull(),
    purpose: text("purpose").notNull(),
    duration: text("duration").notNull(),
    category: text("category").notNull(),
    dataTransferLocation: text("data_transfer_location"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "cookie_definitions_category_known",
      sql`lower(${table.category}) in ('essential', 'authentication', 'analytics', 'ai_services')`,
    ),
  ],
);

// Spec section 3 "cookie_consent_history": one row per saved choice. A visitor without an
// account is recognised by a random id kept in this browser (visitor_id).
export const cookieConsentHistory = pgTable(
  "cookie_consent_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    visitorId: text("visitor_id").notNull(),
    essential: boolean("essential").notNull().default(true),
    analytics: boolean("analytics").notNull().default(false),
    authentication: boolean("authentication").notNull().default(false),
    aiServices: boolean("ai_services").notNull().default(false),
    version: integer("version").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("cookie_consent_history_user_idx").on(table.userId, table.createdAt),
    index("cookie_consent_history_visitor_idx").on(table.visitorId, table.createdAt),
  ],
);
