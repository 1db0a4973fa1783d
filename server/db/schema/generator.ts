import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";

// Spec section 3: prompt_configurations, token_configurations (ADR 0012).

// Admins edit these later (spec section 6); the generator reads the row named
// GENERATOR_CONFIGURATION_NAME (ADR 0012), seeded by a migration.
export const promptConfigurations = pgTable("prompt_configurations", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  systemPrompt: text("system_prompt").notNull(),
  userPrompt: text("user_prompt").notNull(),
  // ADR 0024: an admin's save names the version (updated_at) they edited; a newer one is not overwritten.
  ...timestamps,
});

export const tokenConfigurations = pgTable(
  "token_configurations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    // Spec section 9: a new configuration starts at 1000.
    maxTokens: integer("max_tokens").notNull().default(1000),
    ...timestamps,
  },
  (table) => [check("token_configurations_max_tokens_positive", sql`${table.maxTokens} > 0`)],
);
