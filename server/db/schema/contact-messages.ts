import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ContactSpamSuspicion } from "#shared/contact.ts";

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
    // ADR 0081: null, or why the spam guard suspects the message; kept for the admin either way.
    spamSuspicion: text("spam_suspicion").$type<ContactSpamSuspicion>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("contact_messages_status_known", sql`${table.status} in ('new', 'read', 'responded')`),
    check("contact_messages_spam_suspicion_known", sql`${table.spamSuspicion} in ('honeypot', 'too-fast')`),
    index("contact_messages_created_at_idx").on(table.createdAt),
  ],
);
