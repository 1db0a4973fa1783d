import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { signInFailures } from "#server/db/schema/account-security.ts";
import {
  SIGN_IN_FAILURE_MEMORY_HOURS,
  SIGN_IN_FREE_FAILURES,
  SIGN_IN_MAX_DELAY_MINUTES,
} from "#shared/account-security.ts";

// The per-account throttle (ADR 0044). The per-address limit alone lets one address try about
// 225 passwords an hour against one account; this counts wrong passwords per account, from any
// address. After SIGN_IN_FREE_FAILURES the account waits 1, 2, 4 … up to 60 minutes before the
// next password is even checked: at most about a dozen guesses in the first hour, a few dozen a
// day. Attempts during the wait are refused unchecked and do not lengthen it, and a password
// reset clears the count, so nobody can lock the owner out for good.

const MINUTE_MS = 60_000;

/** The key of an account's counter: the normalised address, hashed like any other address. */
export function accountKey(email: string): string {
  return crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

/** How long the account waits after its `failures`-th wrong password in a row. */
export function delayAfterFailures(failures: number): number {
  if (failures <= SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - SIGN_IN_FREE_FAILURES - 1), SIGN_IN_MAX_DELAY_MINUTES) * MINUTE_MS;
}

export type ThrottleState = { blocked: false } | { blocked: true; until: Date };

export async function readSignInThrottle(db: Database, email: string, now = new Date()): Promise<ThrottleState> {
  const [row] = await db
    .select({ blockedUntil: signInFailures.blockedUntil })
    .from(signInFailures)
    .where(eq(signInFailures.accountKey, accountKey(email)));
  if (row?.blockedUntil && row.blockedUntil > now) return { blocked: true, until: row.blockedUntil };
  return { blocked: false };
}

/** Counts one wrong password; one statement, so concurrent failures are all counted. */
export async function recordSignInFailure(db: Database, email: string, now = new Date()): Promise<number> {
  const memoryStart = new Date(now.getTime() - SIGN_IN_FAILURE_MEMORY_HOURS * 60 * MINUTE_MS);
  const nextCount = sql`case when ${signInFailures.lastFailureAt} < ${memoryStart.toISOString()}::timestamptz then 1 else ${signInFailures.failures} + 1 end`;
  const [row] = await db
    .insert(signInFailures)
    .values({ accountKey: accountKey(email), failures: 1, lastFailureAt: now, blockedUntil: null })
    .onConflictDoUpdate({
      target: signInFailures.accountKey,
      set: { failures: nextCount, lastFailureAt: now },
    })
    .returning({ failures: signInFailures.failures });
  const failures = row?.failures ?? 1;
  const delay = delayAfterFailures(failures);
  if (delay > 0) {
    await db
      .update(signInFailures)
      .set({ blockedUntil: new Date(now.getTime() + delay) })
      .where(eq(signInFailures.accountKey, accountKey(email)));
  }
  return failures;
}

/** A correct password or a completed password reset starts the count afresh. */
export async function clearSignInFailures(db: Database, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.accountKey, accountKey(email)));
}
