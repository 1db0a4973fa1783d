import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "#shared/wall-time.ts";

// The user's time zone (ADR 0091): every publishing time they enter is read in it, and every time
// the app or a mail shows them is written in it.

/** The user's zone; Berlin without a profile, or for a stored name this runtime no longer knows. */
export async function userTimeZone(db: Database, userId: string): Promise<string> {
  const [row] = await db.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.id, userId));
  return canonicalTimeZone(row?.timeZone) ?? DEFAULT_TIME_ZONE;
}

export async function saveTimeZone(db: Database, userId: string, timeZone: string): Promise<string> {
  await db.update(profiles).set({ timeZone }).where(eq(profiles.id, userId));
  return timeZone;
}
