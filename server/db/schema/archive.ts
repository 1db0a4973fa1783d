import { type SQL, sql } from "drizzle-orm";
import { boolean, customType, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ArchiveProvenance } from "#shared/archive.ts";
import type { PostFormat } from "#shared/generator.ts";
import { ownedByUser } from "./auth.ts";

// Spec section 3: archived_posts, every generation's result (ADR 0014).

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

// ADR 0014: search over key points and posts through a generated tsvector with a GIN index.
// 'simple' lowercases and splits words without stemming, so it suits all five languages.
// to_tsvector(regconfig, jsonb) is immutable and takes only the string values, which is why
// the posts are a jsonb list rather than text[] (array_to_string is not immutable).
export const archivedPosts = pgTable(
  "archived_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...ownedByUser,
    platform: text("platform").notNull(),
    language: text("language").notNull(),
    tone: text("tone").notNull(),
    keyPoints: text("key_points").notNull(),
    imageUrl: text("image_url"),
    website: text("website"),
    // ADR 0065: 'post' – generated_posts is the three posts; 'thread' – it is the three threads,
    // each the list of its posts in order. One entry per run either way; the tsvector below
    // takes the strings of nested lists as well.
    format: text("format").$type<PostFormat>().notNull().default("post"),
    generatedPosts: jsonb("generated_posts").$type<string[] | string[][]>().notNull(),
    // Beyond the spec: posts of the offline demo composer stay labelled in the archive.
    demo: boolean("demo").notNull().default(false),
    // ADR 0025 (EU AI Act Art. 50): provider, model, prompt and token configuration of the run.
    // One jsonb value rather than seven columns: it is only ever read whole (the archive line,
    // the data export), never filtered on, and rows from before it are simply null.
    provenance: jsonb("provenance").$type<ArchiveProvenance>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple'::regconfig, ${archivedPosts.keyPoints}) || to_tsvector('simple'::regconfig, ${archivedPosts.generatedPosts})`,
      ),
  },
  (table) => [
    // Exactly the list's order (created_at DESC, id DESC; DESC means NULLS FIRST in SQL), so a page
    // of an account's archive is read from the index instead of sorting all its rows.
    index("archived_posts_user_created_idx").on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("archived_posts_search_idx").using("gin", table.searchVector),
    // The admin's usage panel counts the last 30 days of everybody.
    index("archived_posts_created_at_idx").on(table.createdAt),
  ],
);
