import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AccountLimits, NetworkId } from "#shared/networks.ts";
import type { AccountStatus, NotificationKind } from "#shared/publishing.ts";
import type { CapPlan } from "#shared/publishing-caps.ts";
import type { FailureReason } from "#shared/publishing-failures.ts";
import type { PublicationStatus, ThreadPostStatus } from "#shared/publishing-states.ts";
import { ownedByUser } from "./auth.ts";
import { timestamps } from "./columns.ts";

// Publish and schedule (ADR 0053): connected network accounts, one publication per post and
// account, the OAuth round trips in progress and the user's notifications.

/** An account on X, LinkedIn or Bluesky that a user connected. Tokens only encrypted (ADR 0059). */
export const socialAccounts = pgTable(
  "social_accounts",
  {
    id: uuid("id").primaryKey(),
    ...ownedByUser,
    network: text("network").$type<NetworkId>().notNull(),
    externalId: text("external_id").notNull(),
    handle: text("handle").notNull(),
    displayName: text("display_name").notNull(),
    profileUrl: text("profile_url"),
    status: text("status").$type<AccountStatus>().notNull().default("connected"),
    /** The TokenSet as AES-256-GCM ciphertext bound to this row's id (token-crypto.ts). */
    tokens: text("tokens").notNull(),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    /** LinkedIn: the 60-day end of the connection; the reminders count down to it. */
    connectionExpiresAt: timestamp("connection_expires_at", { withTimezone: true }),
    /** Which expiry reminders went out (7 and 1 days before), so each goes out once. */
    remindedDaysBefore: integer("reminded_days_before"),
    /**
     * The lease of the one server refreshing the tokens (ADR 0079): taken and returned by short
     * UPDATEs, so no transaction or row lock is held while the network is asked.
     */
    refreshLeaseId: text("refresh_lease_id"),
    refreshLeaseUntil: timestamp("refresh_lease_until", { withTimezone: true }),
    /** Mastodon: the instance's own limits (max_characters, media), read when connecting (ADR 0095). */
    postLimits: jsonb("post_limits").$type<AccountLimits>(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("social_accounts_user_network_external_idx").on(table.userId, table.network, table.externalId),
  ],
);

/** An OAuth round trip in progress: the state we sent and the PKCE verifier, never in the browser. */
export const socialOauthStates = pgTable("social_oauth_states", {
  state: text("state").primaryKey(),
  ...ownedByUser,
  network: text("network").$type<NetworkId>().notNull(),
  codeVerifier: text("code_verifier").notNull(),
  /** Mastodon: the instance the round trip goes to (ADR 0095); null for the other networks. */
  instance: text("instance"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * The app Postwerk registered on a Mastodon instance (POST /api/v1/apps), once per instance and
 * callback URL, for every user who connects there (ADR 0095). The secret sealed like tokens.
 */
export const mastodonApps = pgTable(
  "mastodon_apps",
  {
    instance: text("instance").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    clientId: text("client_id").notNull(),
    /** AES-256-GCM, bound to the instance (token-crypto.ts). */
    clientSecret: text("client_secret").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.instance, table.redirectUri] })],
);

/**
 * One post to one account: the unit the queue sends exactly once (one pg-boss job each). Posts
 * written for several accounts at once share a `batchId`. `attemptStartedAt` is committed before
 * the network is called; an attempt that has it but no outcome is "unbestätigt", never resent.
 */
export const publications = pgTable(
  "publications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id").notNull(),
    ...ownedByUser,
    // Kept when the account is disconnected, so sent posts stay in the Redaktionsplan.
    accountId: uuid("account_id").references(() => socialAccounts.id, { onDelete: "set null" }),
    network: text("network").$type<NetworkId>().notNull(),
    accountHandle: text("account_handle").notNull(),
    text: text("text").notNull(),
    /** The generation's image as the storage's public URL (`/uploads/social-images/…`). */
    imageUrl: text("image_url"),
    /** The image's description (alt text) as the user wrote it; sent where the network takes one (ADR 0086). */
    imageAlt: text("image_alt"),
    /** Mastodon: the content warning (`spoiler_text`) every post of it carries; null for none (ADR 0095). */
    contentWarning: text("content_warning"),
    archiveEntryId: uuid("archive_entry_id"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull(),
    status: text("status").$type<PublicationStatus>().notNull(),
    /** When the queue may try next: the scheduled time, a backoff or a rate limit's reset. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    attemptStartedAt: timestamp("attempt_started_at", { withTimezone: true }),
    externalId: text("external_id"),
    externalUrl: text("external_url"),
    /** A German reason to show: the network's detail for a rejection, why it is unconfirmed, … */
    detail: text("detail"),
    /** Why the network refused it, as a class the owner can act on (ADR 0093); null otherwise. */
    failureReason: text("failure_reason").$type<FailureReason>(),
    /** The network's own words for that refusal, shown untranslated under the German sentence. */
    failureOriginal: text("failure_original"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * How many posts this publication makes on the network: 1, or a thread's length (its posts in
     * publication_thread_posts, ADR 0066). Caps and the per-account limit count posts, not rows.
     */
    postCount: integer("post_count").notNull().default(1),
    /**
     * A network that publishes in steps (ADR 0074): what its next step needs (Instagram's container
     * id), while the post waits "sending" for it. Null otherwise, and while a step is running.
     */
    continuation: text("continuation"),
    /**
     * The name the post gets on a network that lets the sender choose it (Bluesky's record key,
     * ADR 0119): made at the first claim and kept for every later attempt, so the post can exist
     * there only once. Null elsewhere, and for a thread (its posts have their own).
     */
    networkPostKey: text("network_post_key"),
    ...timestamps,
  },
  (table) => [
    // The sweep (ADR 0075) looks for overdue planned posts and attempts without an outcome.
    index("publications_status_next_attempt_idx").on(table.status, table.nextAttemptAt),
    index("publications_user_scheduled_idx").on(table.userId, table.scheduledAt),
    // The per-account limit counts the attempts of the last window.
    index("publications_account_attempt_idx").on(table.accountId, table.attemptStartedAt),
    // The admin's counts per network and month.
    index("publications_sent_at_idx").on(table.sentAt),
  ],
);

/**
 * One post of a thread (ADR 0066), sent as a reply to the one before. Its remote id is committed as
 * soon as the network acknowledges it, before the next post is sent; `attemptStartedAt` is
 * committed before the call, so a post "sending" without an outcome is known to be in doubt.
 */
export const publicationThreadPosts = pgTable(
  "publication_thread_posts",
  {
    publicationId: uuid("publication_id")
      .notNull()
      .references(() => publications.id, { onDelete: "cascade" }),
    /** 1 for the thread's first post. */
    position: integer("position").notNull(),
    text: text("text").notNull(),
    status: text("status").$type<ThreadPostStatus>().notNull().default("pending"),
    attemptStartedAt: timestamp("attempt_started_at", { withTimezone: true }),
    /** The network's id of the post (X: tweet id, Bluesky: at:// URI). */
    externalId: text("external_id"),
    /**
     * Bluesky: the record's CID. A reply cites its parent and the thread's root by URI and CID
     * (ADR 0088); null on X, whose replies cite the id alone.
     */
    externalCid: text("external_cid"),
    externalUrl: text("external_url"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** As `publications.networkPostKey`, for this post of the thread (ADR 0119). */
    networkPostKey: text("network_post_key"),
  },
  (table) => [primaryKey({ columns: [table.publicationId, table.position] })],
);

/** The header's notification area: sent, failed, unconfirmed, account needs reconnecting. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...ownedByUser,
    kind: text("kind").$type<NotificationKind>().notNull(),
    publicationId: uuid("publication_id").references(() => publications.id, { onDelete: "cascade" }),
    accountId: uuid("account_id").references(() => socialAccounts.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("notifications_user_created_idx").on(table.userId, table.createdAt)],
);

/**
 * The operator's monthly cap of posts per plan and network ("Kontingent je Plan", ADR 0053). A row
 * only where there is a cap: no row means no cap, 0 means the plan may not publish to the network.
 */
export const publishingCaps = pgTable(
  "publishing_caps",
  {
    plan: text("plan").$type<CapPlan>().notNull(),
    network: text("network").$type<NetworkId>().notNull(),
    monthlyMax: integer("monthly_max").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.plan, table.network] }),
    check("publishing_caps_monthly_max_not_negative", sql`${table.monthlyMax} >= 0`),
  ],
);

/**
 * An image the user uploaded in the composer (ADR 0086): a post may carry only an image whose URL
 * is one of its user's uploads (or its generations'). The file itself is in the social-images bucket.
 */
export const mediaUploads = pgTable(
  "media_uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...ownedByUser,
    /** The storage's public URL (`/uploads/social-images/…`). */
    url: text("url").notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex("media_uploads_url_idx").on(table.url), index("media_uploads_user_idx").on(table.userId)],
);
