import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import type { SecuritySettings } from "#shared/account-security.schemas.ts";

// The account's choice of security mails (ADR 0044); on by default.

export async function getSecuritySettings(db: Database, userId: string): Promise<SecuritySettings> {
  const [profile] = await db
    .select({ notifyNewSignIn: profiles.notifyNewSignIn })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return { notifyNewSignIn: profile?.notifyNewSignIn ?? true };
}

export async function saveSecuritySettings(db: Database, userId: string, settings: SecuritySettings): Promise<void> {
  await db.update(profiles).set({ notifyNewSignIn: settings.notifyNewSignIn }).where(eq(profiles.id, userId));
}
