import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { passkeys } from "#server/db/schema/passkeys.ts";
import { lockUser } from "#server/db/user-lock.ts";
import { PASSKEY_LIMIT, type PasskeySummary } from "#shared/passkeys.ts";

// The passkeys of an account in our table (ADR 0102); the WebAuthn checks are in
// passkeys.plugin.ts, which calls these after them.

export type StoredPasskey = typeof passkeys.$inferSelect;
export type NewPasskey = Omit<typeof passkeys.$inferInsert, "id" | "createdAt" | "lastUsedAt">;

export async function listPasskeys(db: Database, userId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
      backedUp: passkeys.backedUp,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Credential ids of the account, so the browser does not register the same authenticator twice. */
export async function credentialsOf(db: Database, userId: string) {
  return db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

export async function countPasskeys(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.total ?? 0;
}

export type AddResult = { ok: true; passkey: PasskeySummary } | { ok: false; reason: "limit" | "duplicate" };

/**
 * Stores a verified passkey unless the account has PASSKEY_LIMIT already. The user's row is
 * locked for the count and the insert, so two registrations at once cannot pass the limit.
 */
export async function addPasskey(db: Database, row: NewPasskey): Promise<AddResult> {
  return db.transaction(async (tx) => {
    await lockUser(tx, row.userId);
    const [existing] = await tx.select({ total: count() }).from(passkeys).where(eq(passkeys.userId, row.userId));
    if ((existing?.total ?? 0) >= PASSKEY_LIMIT) return { ok: false as const, reason: "limit" as const };
    const [inserted] = await tx.insert(passkeys).values(row).onConflictDoNothing().returning();
    if (!inserted) return { ok: false as const, reason: "duplicate" as const };
    return {
      ok: true as const,
      passkey: {
        id: inserted.id,
        name: inserted.name,
        createdAt: inserted.createdAt.toISOString(),
        lastUsedAt: null,
        backedUp: inserted.backedUp,
      },
    };
  });
}

export async function findPasskeyByCredentialId(db: Database, credentialId: string): Promise<StoredPasskey | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

/** After a sign-in: the authenticator's new counter and backup state, and when it was used. */
export async function recordPasskeyUse(
  db: Database,
  id: string,
  use: { counter: number; backedUp: boolean; at: Date },
): Promise<void> {
  await db
    .update(passkeys)
    .set({ counter: use.counter, backedUp: use.backedUp, lastUsedAt: use.at })
    .where(eq(passkeys.id, id));
}

/** Removes one passkey of the account; false when it has none with that id. */
export async function deletePasskey(db: Database, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  return removed.length > 0;
}
