import crypto from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { verification } from "#server/db/schema/auth.ts";

// Better Auth's change link is a stateless signed token: it keeps no record of the request, so
// /konto could not show it and nothing could withdraw it. We note the one open request per
// account in its verification table (our own identifier, no migration); the link only works
// while it matches the newest request (account-security.hooks.ts), so a cancelled or replaced
// request cannot still move the account.
const pendingIdentifier = (userId: string) => `pending-email-change:${userId}`;

export type PendingEmailChange = { email: string; expiresAt: Date };

/** Notes a sent change link; a new request replaces the previous one. */
export async function recordPendingEmailChange(
  db: Database,
  change: { userId: string; newEmail: string; lifetimeSeconds: number },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, pendingIdentifier(change.userId)));
    await tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: pendingIdentifier(change.userId),
      value: change.newEmail.toLowerCase(),
      expiresAt: new Date(now.getTime() + change.lifetimeSeconds * 1000),
      createdAt: now,
      updatedAt: now,
    });
  });
}

/** The open request whose link still works, or null. */
export async function getPendingEmailChange(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<PendingEmailChange | null> {
  const [row] = await db
    .select({ email: verification.value, expiresAt: verification.expiresAt })
    .from(verification)
    .where(and(eq(verification.identifier, pendingIdentifier(userId)), gt(verification.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Cancelled by the user, or done once the new address is confirmed. */
export async function clearPendingEmailChange(db: Database, userId: string): Promise<void> {
  await db.delete(verification).where(eq(verification.identifier, pendingIdentifier(userId)));
}
