import crypto from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { apiIdempotency } from "#server/db/schema/public-api.ts";
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_TTL_HOURS } from "#shared/public-api.ts";
import { PublicApiRefusal } from "./public-api-refusal.ts";

// Idempotency-Key on every create of the public API (ADR 0109). The key's row is claimed in the
// same transaction that creates the post and holds the answer when it commits: a second request
// with the same key waits on the row (PostgreSQL's unique index), then finds the answer and gets it
// replayed, so parallel retries make one post. A different body under the same key is refused (409).
// A refused request rolls back with its claim: fixing the input and sending again with the same
// key is allowed. Rows expire after IDEMPOTENCY_TTL_HOURS and are swept by deleteExpiredIdempotency.

/** Every create answers 201; a replay answers what the first one did. */
export type StoredAnswer = { status: 201; body: unknown; replayed: boolean };

export function fingerprint(method: string, path: string, body: unknown): string {
  return crypto
    .createHash("sha256")
    .update(`${method} ${path}\n${JSON.stringify(body)}`)
    .digest("hex");
}

/**
 * Runs `work` once per (API key, Idempotency-Key): `work` gets the transaction to write in and
 * must make no network call (ADR 0053). Without a key it simply runs in a transaction.
 */
export async function runOnce(
  db: Database,
  claim: { keyId: string; idempotencyKey: string | undefined; requestHash: string },
  work: (tx: Database) => Promise<{ status: 201; body: unknown }>,
  now = new Date(),
): Promise<StoredAnswer> {
  const { keyId, idempotencyKey, requestHash } = claim;
  if (idempotencyKey === undefined) return { ...(await db.transaction((tx) => work(tx))), replayed: false };
  if (
    idempotencyKey.length === 0 ||
    idempotencyKey.length > IDEMPOTENCY_KEY_MAX ||
    !/^[\x21-\x7e]+$/.test(idempotencyKey)
  )
    throw new PublicApiRefusal(
      "INVALID_INPUT",
      400,
      `Der Idempotency-Key muss 1 bis ${IDEMPOTENCY_KEY_MAX} sichtbare ASCII-Zeichen lang sein.`,
    );
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_HOURS * 3_600_000);
  const where = and(eq(apiIdempotency.keyId, keyId), eq(apiIdempotency.idempotencyKey, idempotencyKey));
  return db.transaction(async (tx) => {
    // An expired answer no longer binds the key.
    await tx.delete(apiIdempotency).where(and(where, lt(apiIdempotency.expiresAt, now)));
    const claimed = await tx
      .insert(apiIdempotency)
      .values({ keyId, idempotencyKey, requestHash, expiresAt })
      .onConflictDoNothing()
      .returning({ keyId: apiIdempotency.keyId });
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(apiIdempotency).where(where);
      if (!stored || stored.requestHash !== requestHash) throw new PublicApiRefusal("IDEMPOTENCY_KEY_REUSED", 409);
      if (stored.status !== 201) throw new PublicApiRefusal("IDEMPOTENCY_IN_PROGRESS", 409);
      return { status: 201, body: stored.body, replayed: true };
    }
    const answer = await work(tx);
    await tx.update(apiIdempotency).set({ status: answer.status, body: answer.body }).where(where);
    return { ...answer, replayed: false };
  });
}

export async function deleteExpiredIdempotency(db: Database, now = new Date()): Promise<void> {
  await db.delete(apiIdempotency).where(lt(apiIdempotency.expiresAt, now));
}
