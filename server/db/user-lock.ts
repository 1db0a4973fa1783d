import { eq } from "drizzle-orm";
import type { Database } from "./client.ts";
import { user } from "./schema/auth.ts";

/**
 * Locks the user's row for the rest of `tx`: what counts a user's rows against a limit (publishing
 * caps, drafts, passkeys) runs one at a time per user. FOR NO KEY UPDATE, not FOR UPDATE: a row
 * that references the user (the public API's idempotency claim, a publication) takes a KEY SHARE
 * lock on it, and FOR UPDATE would wait for every other transaction holding one; two such
 * transactions waiting for each other deadlocked on PostgreSQL (ADR 0118).
 */
export async function lockUser(tx: Database, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("no key update");
}
