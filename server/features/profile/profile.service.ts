import { eq, inArray, sql } from "drizzle-orm";
import { type Database, preparedPerDatabase } from "#server/db/client.ts";
import { companyBillingInfo } from "#server/db/schema/billing.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { STARTING_CREDITS } from "#shared/credits.ts";

export async function createProfileForUser(
  db: Database,
  user: { id: string; email: string; name?: string | null },
  adminEmails: string[],
): Promise<void> {
  await db
    .insert(profiles)
    .values({
      id: user.id,
      email: user.email,
      fullName: user.name || null,
      credits: STARTING_CREDITS,
      isAdmin: adminEmails.includes(user.email.toLowerCase()),
    })
    .onConflictDoNothing();
}

// The profile keeps a copy of the address and the name (spec section 3); follow every change of
// the sign-in record (Better Auth's update-user, a confirmed e-mail change, an objection), so
// /konto, the admin's search and the data export show what the person last entered.
export async function syncProfileFromUser(
  db: Database,
  user: { id: string; email: string; name: string },
): Promise<void> {
  await db
    .update(profiles)
    .set({ email: user.email, fullName: user.name || null })
    .where(eq(profiles.id, user.id));
}

export async function getProfile(db: Database, userId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return profile ?? null;
}

/** The profile with its billing info (null without a record), in one query for GET /api/profile. */
export async function getProfileWithBilling(db: Database, userId: string) {
  const [row] = await profileWithBillingQuery(db).execute({ userId });
  return row ?? null;
}

/** The billing details a person sees and exports (spec section 7 "company_billing_info"). */
export const billingInfoColumns = {
  companyName: companyBillingInfo.companyName,
  street: companyBillingInfo.street,
  postalCode: companyBillingInfo.postalCode,
  city: companyBillingInfo.city,
  country: companyBillingInfo.country,
  vatId: companyBillingInfo.vatId,
};

// The route runs on every page of the signed-in area.
const profileWithBillingQuery = preparedPerDatabase((db) =>
  db
    .select({
      profile: profiles,
      billing: billingInfoColumns,
    })
    .from(profiles)
    .leftJoin(companyBillingInfo, eq(companyBillingInfo.userId, profiles.id))
    .where(eq(profiles.id, sql.placeholder("userId")))
    .limit(1)
    .prepare("profile_with_billing"),
);

// Spec section 6: admin is decided on the server; a failure counts as not admin.
export async function isAdmin(db: Database, userId: string): Promise<boolean> {
  const profile = await getProfile(db, userId);
  return profile?.isAdmin ?? false;
}

// Returns the addresses that had a profile and are admins now.
export async function grantAdminByEmail(db: Database, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const updated = await db
    .update(profiles)
    .set({ isAdmin: true })
    .where(
      inArray(
        sql`lower(${profiles.email})`,
        emails.map((email) => email.toLowerCase()),
      ),
    )
    .returning({ email: profiles.email });
  return updated.map((row) => row.email);
}
