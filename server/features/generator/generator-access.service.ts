import { createHash, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import type { RateLimitRule } from "#server/features/rate-limit/rate-limit.service.ts";

// The generator's access code (spec "password gate", ADR 0015). The spec's original compared
// a password in the browser, where anybody can read it; here the code lives in the server's
// environment, the server compares it, and the generate route refuses a locked account.
// A correct entry is remembered per account as the code's hash, so changing the code on the
// server locks everybody again without a migration or a list of users.

// Ten guesses per quarter hour and account: plenty for typos, useless for guessing.
export const UNLOCK_RATE_LIMIT: RateLimitRule = { name: "generator-unlock", max: 10, windowMs: 15 * 60_000 };

function hashAccessCode(code: string): Buffer {
  return createHash("sha256").update(code, "utf8").digest();
}

// Comparing fixed-length digests in constant time tells an attacker nothing from timing.
function matchesHash(code: string, expected: Buffer): boolean {
  return timingSafeEqual(hashAccessCode(code), expected);
}

/** Whether this account still has to enter the server's access code (`undefined`: none is set). */
export async function isGeneratorLocked(
  db: Database,
  accessCode: string | undefined,
  userId: string,
): Promise<boolean> {
  if (!accessCode) return false;
  const [profile] = await db
    .select({ accessHash: profiles.generatorAccessHash })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return profile?.accessHash !== hashAccessCode(accessCode).toString("hex");
}

/** Checks an entry; a correct one unlocks the account until the server's code changes. */
export async function unlockGenerator(
  db: Database,
  accessCode: string | undefined,
  userId: string,
  entry: string,
): Promise<boolean> {
  if (!accessCode) return true;
  const expected = hashAccessCode(accessCode);
  if (!matchesHash(entry, expected)) return false;
  await db
    .update(profiles)
    .set({ generatorAccessHash: expected.toString("hex") })
    .where(eq(profiles.id, userId));
  return true;
}
