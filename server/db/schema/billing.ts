import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

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
