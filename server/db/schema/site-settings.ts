import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { DEFAULT_SITE_SETTINGS } from "#shared/site-settings.ts";

// Spec section 3 "site_settings": a single row with id 1.
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    siteTitle: text("site_title").notNull().default(DEFAULT_SITE_SETTINGS.siteTitle),
    metaDescription: text("meta_description").notNull().default(DEFAULT_SITE_SETTINGS.metaDescription),
    faviconUrl: text("favicon_url"),
    gaTrackingId: text("ga_tracking_id").notNull().default(DEFAULT_SITE_SETTINGS.gaTrackingId),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("site_settings_single_row", sql`${table.id} = 1`)],
);
