import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { NetworkId } from "#shared/networks.ts";
import type { CapPlan } from "#shared/publishing-caps.ts";
import { ownedByUser } from "./auth.ts";
import { publications, socialAccounts } from "./publishing.ts";

// Erfolg (ADR 0104, 0105): when each sent post's figures are fetched next, the snapshots fetched,
// the reads counted per user and month (X bills each post read) and the operator's caps on them.

/**
 * One sent publication's place in the metrics schedule: the next round (index into
 * METRIC_ROUNDS_MS) and when it is due. `stoppedReason` ends it: done, deleted (by the user or on
 * the network) or disconnected. Deleting the publication deletes the row.
 */
export const postMetricTracks = pgTable(
  "post_metric_tracks",
  {
    publicationId: uuid("publication_id")
      .primaryKey()
      .references(() => publications.id, { onDelete: "cascade" }),
    ...ownedByUser,
    accountId: uuid("account_id").references(() => socialAccounts.id, { onDelete: "set null" }),
    network: text("network").$type<NetworkId>().notNull(),
    nextRound: integer("next_round").notNull().default(0),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** Failed tries of the current round; a round given up after a few moves on quietly. */
    attempts: integer("attempts").notNull().default(0),
    stoppedReason: text("stopped_reason").$type<"done" | "deleted" | "disconnected">(),
  },
  (table) => [index("post_metric_tracks_due_idx").on(table.dueAt).where(sql`${table.stoppedReason} is null`)],
);

/** The figures of one post (a thread's post by position, 1 for a single post) at one round. */
export const postMetricSnapshots = pgTable(
  "post_metric_snapshots",
  {
    publicationId: uuid("publication_id")
      .notNull()
      .references(() => publications.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    round: integer("round").notNull(),
    ...ownedByUser,
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull(),
    deleted: boolean("deleted").notNull().default(false),
    likes: integer("likes").notNull().default(0),
    reposts: integer("reposts").notNull().default(0),
    replies: integer("replies").notNull().default(0),
    quotes: integer("quotes").notNull().default(0),
    bookmarks: integer("bookmarks"),
    views: integer("views"),
  },
  (table) => [
    primaryKey({ columns: [table.publicationId, table.position, table.round] }),
    index("post_metric_snapshots_user_idx").on(table.userId, table.takenAt),
  ],
);

/** Posts read per user, network and Berlin month: what X bills the operator for (ADR 0105). */
export const metricReads = pgTable(
  "metric_reads",
  {
    ...ownedByUser,
    network: text("network").$type<NetworkId>().notNull(),
    /** "YYYY-MM" in Berlin, as the publishing caps count. */
    month: text("month").notNull(),
    reads: integer("reads").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.network, table.month] })],
);

/** The operator's monthly cap of post reads per plan and network; no row: no cap (ADR 0105). */
export const metricReadCaps = pgTable(
  "metric_read_caps",
  {
    plan: text("plan").$type<CapPlan>().notNull(),
    network: text("network").$type<NetworkId>().notNull(),
    monthlyMax: integer("monthly_max").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.plan, table.network] }),
    check("metric_read_caps_monthly_max_not_negative", sql`${table.monthlyMax} >= 0`),
  ],
);
