import { bigint, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Better Auth's core tables, written by hand from its schema documentation because its
// schema CLI needed Node 22 while the project ran on Node 20 (ADR 0022). Property names are what Better Auth expects.

/** Better Auth's timestamps: updated_at is also set by every update through Drizzle. */
const betterAuthTimestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  // Better Auth's two-factor plugin (ADR 0041): true once an authenticator app is confirmed.
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  ...betterAuthTimestamps,
});

/** The account a row belongs to: the row is deleted with the account (ADR 0026). */
export const ownedByUser = {
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
};

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ...betterAuthTimestamps,
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    ...ownedByUser,
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    ...ownedByUser,
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...betterAuthTimestamps,
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...betterAuthTimestamps,
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

// Rate-limit counters live in the database so that app servers stay stateless (docs/design.md).
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// Better Auth's two-factor plugin (ADR 0041): the encrypted TOTP secret and backup codes of a
// user, `verified` once the first code was confirmed, and the plugin's own account lockout
// after repeated wrong codes (`failedVerificationCount`, `lockedUntil`).
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    ...ownedByUser,
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (table) => [index("two_factor_user_id_idx").on(table.userId)],
);
