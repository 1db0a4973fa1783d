import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { DraftContent, DraftSource } from "#shared/drafts.ts";
import { ownedByUser } from "./auth.ts";
import { timestamps } from "./columns.ts";

/**
 * A document being written (ADR 0084): owned by the user, perhaps with no account chosen yet, so
 * not a publication. `content` is the composer's whole value (checked by DraftContentSchema before
 * every write); `revision` counts the saves, and a save based on an older one is refused.
 */
export const drafts = pgTable(
  "drafts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...ownedByUser,
    source: text("source").$type<DraftSource>().notNull(),
    content: jsonb("content").$type<DraftContent>().notNull(),
    revision: integer("revision").notNull().default(1),
    ...timestamps,
  },
  // The list: the user's drafts, last changed first.
  (table) => [index("drafts_user_updated_idx").on(table.userId, table.updatedAt)],
);
