import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { ownedByUser } from "./auth.ts";

// Account protection (ADR 0044): the per-account sign-in throttle, the devices a user has
// signed in from, and the objection links sent to the old address after an e-mail change.

/**
 * Failed password checks per account. Keyed by a hash of the normalised address, so an address
 * without an account is counted like any other (nothing to learn from the answers) and no
 * plain address of a non-customer is stored.
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    accountKey: text("account_key").primaryKey(),
    failures: integer("failures").notNull(),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  },
  (table) => [index("sign_in_failures_last_failure_at_idx").on(table.lastFailureAt)],
);

/** A browser that signed in before: its device cookie's hash. A new one gets a notice mail. */
export const knownDevices = pgTable(
  "known_devices",
  {
    ...ownedByUser,
    deviceHash: text("device_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceHash] })],
);

/** The link in the notice to the previous address: it undoes the change and locks intruders out. */
export const emailChangeObjections = pgTable(
  "email_change_objections",
  {
    tokenHash: text("token_hash").primaryKey(),
    ...ownedByUser,
    previousEmail: text("previous_email").notNull(),
    newEmail: text("new_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("email_change_objections_user_id_idx").on(table.userId)],
);
