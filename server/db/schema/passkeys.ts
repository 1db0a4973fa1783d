import { bigint, boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ownedByUser } from "./auth.ts";

/**
 * A passkey of an account (ADR 0102): the WebAuthn credential's id and public key (COSE,
 * base64url), the signature counter and whether the authenticator says it is synced (backed up).
 * No private key ever reaches us; deleting the account deletes its passkeys (cascade).
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...ownedByUser,
    name: text("name").notNull(),
    credentialId: text("credential_id").notNull().unique(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    deviceType: text("device_type").$type<"singleDevice" | "multiDevice">().notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    transports: text("transports").array().notNull().default([]),
    aaguid: text("aaguid"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [index("passkeys_user_id_idx").on(table.userId)],
);
