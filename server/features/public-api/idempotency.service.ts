import crypto from "node:crypto";
import { and, eq, isNull, lt } from "drizzle-orm";
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
// The generator calls the model, so it cannot run inside the key's transaction: runOnceAcrossNetwork.

/** Every create answers 201; a replay answers what the first one did. */
export type StoredAnswer = { status: 201; body: unknown; replayed: boolean };

export function fingerprint(method: string, path: string, body: unknown): string {
  return crypto
    .createHash("sha256")
    .update(`${method} ${path}\n${JSON.stringify(body)}`)
    .digest("hex");
}

/** Whose key it is (ApiCaller.callerKey) and for which user, the key itself and the request's fingerprint. */
type Claim = { callerKey: string; userId: string; idempotencyKey: string | undefined; requestHash: string };
type Answer = { status: 201; body: unknown };

function checkKey(idempotencyKey: string): void {
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
}

const rowOf = (callerKey: string, idempotencyKey: string) =>
  and(eq(apiIdempotency.callerKey, callerKey), eq(apiIdempotency.idempotencyKey, idempotencyKey));

/** Claims the key in `tx`; an earlier answer of the same request comes back to be replayed. */
async function claimOrReplay(
  tx: Database,
  { callerKey, userId, idempotencyKey, requestHash }: Claim & { idempotencyKey: string },
  now: Date,
): Promise<StoredAnswer | null> {
  const where = rowOf(callerKey, idempotencyKey);
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_HOURS * 3_600_000);
  // One statement claims a new key or one whose answer expired (an expired answer no longer binds
  // it); a live row stays and is read below. A parallel request waits on the key's row meanwhile.
  const claimed = await tx
    .insert(apiIdempotency)
    .values({ callerKey, userId, idempotencyKey, requestHash, expiresAt })
    .onConflictDoUpdate({
      target: [apiIdempotency.callerKey, apiIdempotency.idempotencyKey],
      set: { userId, requestHash, status: null, body: null, createdAt: now, expiresAt },
      setWhere: lt(apiIdempotency.expiresAt, now),
    })
    .returning({ callerKey: apiIdempotency.callerKey });
  if (claimed.length > 0) return null;
  const [stored] = await tx.select().from(apiIdempotency).where(where);
  if (!stored || stored.requestHash !== requestHash) throw new PublicApiRefusal("IDEMPOTENCY_KEY_REUSED", 409);
  if (stored.status !== 201) throw new PublicApiRefusal("IDEMPOTENCY_IN_PROGRESS", 409);
  return { status: 201, body: stored.body, replayed: true };
}

/**
 * Runs `work` once per (caller, Idempotency-Key): `work` gets the transaction to write in and
 * must make no network call (ADR 0053). Without a key it simply runs in a transaction.
 */
export async function runOnce(
  db: Database,
  claim: Claim,
  work: (tx: Database) => Promise<Answer>,
  now = new Date(),
): Promise<StoredAnswer> {
  const { idempotencyKey } = claim;
  if (idempotencyKey === undefined) return { ...(await db.transaction((tx) => work(tx))), replayed: false };
  checkKey(idempotencyKey);
  return db.transaction(async (tx) => {
    const replay = await claimOrReplay(tx, { ...claim, idempotencyKey }, now);
    if (replay) return replay;
    const answer = await work(tx);
    await tx
      .update(apiIdempotency)
      .set({ status: answer.status, body: answer.body })
      .where(rowOf(claim.callerKey, idempotencyKey));
    return { ...answer, replayed: false };
  });
}

/**
 * Like runOnce for work that calls the network (the generator's model, ADR 0109): the claim is
 * committed first, so a second request with the key meanwhile is refused as in progress (409)
 * instead of running and charging twice. Work that fails gives the key free again.
 */
export async function runOnceAcrossNetwork(
  db: Database,
  claim: Claim,
  work: () => Promise<Answer>,
  now = new Date(),
): Promise<StoredAnswer> {
  const { callerKey, idempotencyKey } = claim;
  if (idempotencyKey === undefined) return { ...(await work()), replayed: false };
  checkKey(idempotencyKey);
  const replay = await db.transaction((tx) => claimOrReplay(tx, { ...claim, idempotencyKey }, now));
  if (replay) return replay;
  const where = rowOf(callerKey, idempotencyKey);
  let answer: Answer;
  try {
    answer = await work();
  } catch (error) {
    await db.delete(apiIdempotency).where(and(where, isNull(apiIdempotency.status)));
    throw error;
  }
  await db.update(apiIdempotency).set({ status: answer.status, body: answer.body }).where(where);
  return { ...answer, replayed: false };
}

/** The sweep of ADR 0109, a pg-boss schedule (start-server.ts); returns how many rows went. */
export async function deleteExpiredIdempotency(db: Database, now = new Date()): Promise<number> {
  // RETURNING a column: PGlite and node-postgres report a DELETE's row count differently.
  const removed = await db
    .delete(apiIdempotency)
    .where(lt(apiIdempotency.expiresAt, now))
    .returning({ callerKey: apiIdempotency.callerKey });
  return removed.length;
}

/** When the sweep runs (pg-boss cron, UTC, ADR 0078): hourly, so no row outlives its day by much. */
export const IDEMPOTENCY_SWEEP_SCHEDULE = "41 * * * *";
