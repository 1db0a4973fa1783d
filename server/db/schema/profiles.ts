import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

// Spec section 3 "profiles", one row per user, created together with the user.
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name"),
    email: text("email").notNull(),
    credits: integer("credits").notNull(),
    // 'active' means paid; anything else means free (spec section 3).
    subscriptionStatus: text("subscription_status").notNull().default("free"),
    subscriptionPeriodEnd: timestamp("subscription_period_end", { withTimezone: true }),
    lastCreditUpdate: timestamp("last_credit_update", { withTimezone: true }),
    isAdmin: boolean("is_admin").notNull().default(false),
    // ADR 0007: the optimizer's one free 7-day trial; started_at set means it was used.
    trialStartedAt: timestamp("trial_started_at", { withTimezone: true }),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    // ADR 0015: SHA-256 of the generator access code this user entered correctly. A new code
    // on the server no longer matches, so everybody is asked again.
    generatorAccessHash: text("generator_access_hash"),
    // ADR 0114: the generator's switch "Schreibe wie meine erfolgreichsten Beiträge", remembered;
    // off until the user turns it on (own posts go to the AI only then).
    generatorOwnExamples: boolean("generator_own_examples").notNull().default(false),
    // ADR 0044: a mail for every sign-in from a browser this account has not used before.
    notifyNewSignIn: boolean("notify_new_sign_in").notNull().default(true),
    // ADR 0091: the IANA zone every publishing time is entered and shown in.
    timeZone: text("time_zone").notNull().default("Europe/Berlin"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("profiles_credits_not_negative", sql`${table.credits} >= 0`),
    // The admin's user list: newest first, and a substring search in the e-mail (pg_trgm
    // serves ILIKE '%…%'), both fast at 100,000 users (ADR 0024).
    // NULLS FIRST is what ORDER BY … DESC means; an index sorted otherwise is not used for it.
    index("profiles_created_at_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("profiles_email_trgm_idx").using("gin", sql`${table.email} gin_trgm_ops`),
  ],
);
