import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Spec section 3 "contact_messages"; messages from the public form start as "new".
const CONTACT_MESSAGE_STATUSES = ["new", "read", "responded"] as const;

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: CONTACT_MESSAGE_STATUSES }).notNull().default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("contact_messages_status_known", sql`${table.status} in ('new', 'read', 'responded')`),
    index("contact_messages_created_at_idx").on(table.createdAt),
  ],
);
