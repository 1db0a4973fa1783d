import { boolean, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { ownedByUser, user } from "./auth.ts";

// Spec section 3 "company_billing_info": at most one record per user.
export const companyBillingInfo = pgTable("company_billing_info", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  companyName: text("company_name").notNull(),
  street: text("street").notNull(),
  postalCode: text("postal_code").notNull(),
  city: text("city").notNull(),
  country: text("country").notNull(),
  vatId: text("vat_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// ADR 0023: one Stripe customer per account, created at the first checkout and reused.
export const billingCustomers = pgTable("billing_customers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// ADR 0023: one row per account and plan, the latest Stripe subscription for it, as Stripe
// last told us. Generator Pro is mirrored into profiles.subscription_status (spec section 3).
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...ownedByUser,
    /** "generator_pro" | "optimizer_premium" (shared/billing.ts). */
    plan: text("plan").notNull(),
    /** null for a plan an admin granted by hand (ADR 0024). */
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    /** The admin who granted the plan by hand; null when it was bought in Stripe. */
    grantedBy: text("granted_by").references(() => user.id, { onDelete: "set null" }),
    /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, … */
    status: text("status").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** Generator Pro: runs in the current billing period (ADR 0023: 100 per period). */
    runsInPeriod: integer("runs_in_period").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("subscriptions_user_plan_unique").on(table.userId, table.plan)],
);

// ADR 0023: every Stripe event id we processed, so a replayed event changes nothing.
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

// § 312k BGB (ADR 0023): every cancellation sent through /kuendigen, signed in or not, with
// what was done about it. A signed-out request is matched to an account by its e-mail.
export const cancellationRequests = pgTable("cancellation_requests", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** The account: the signed-in user, or the one whose e-mail the request names; null if none. */
  userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
  signedIn: boolean("signed_in").notNull(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  plan: text("plan").notNull(),
  /** "ordinary" | "extraordinary" (shared/cancellation.ts). */
  kind: text("kind").notNull(),
  /** "next_possible" or yyyy-mm-dd. */
  effective: text("effective").notNull(),
  reason: text("reason"),
  /** "executed": set to end with the period in Stripe; "received": for the operator to handle. */
  status: text("status").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
