import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { cookieConsentHistory, cookieDefinitions } from "#server/db/schema/cookie-consent.ts";
import type { RateLimitRule } from "#server/features/rate-limit/rate-limit.service.ts";
import { type ConsentSettings, consentExpiresAt } from "#shared/consent.ts";

// Cookie consent (spec sections 3 and 7, ADR 0010): the cookie definitions the dialog
// lists, and the history of saved choices with the rule of who may read which rows.

/** A person saves a choice a few times at most; this stops a script filling the table. */
export const CONSENT_SAVE_RATE_LIMIT: RateLimitRule = { name: "consent-save", max: 30, windowMs: 10 * 60_000 };

// Spec section 3: "read all, sorted by category ascending ... compared case-insensitively";
// the name orders the rows within a category so the list never reshuffles.
export async function listCookieDefinitions(db: Database) {
  return db
    .select({
      id: cookieDefinitions.id,
      name: cookieDefinitions.name,
      provider: cookieDefinitions.provider,
      purpose: cookieDefinitions.purpose,
      duration: cookieDefinitions.duration,
      category: sql<string>`lower(${cookieDefinitions.category})`,
      data_transfer_location: cookieDefinitions.dataTransferLocation,
    })
    .from(cookieDefinitions)
    .orderBy(sql`lower(${cookieDefinitions.category}) asc`, asc(cookieDefinitions.name));
}

type ConsentRecord = {
  settings: ConsentSettings;
  version: number;
  visitorId: string;
  userId: string | null;
  ipAddress: string;
  now?: Date;
};

export async function recordConsent(db: Database, record: ConsentRecord) {
  const createdAt = record.now ?? new Date();
  const [row] = await db
    .insert(cookieConsentHistory)
    .values({
      createdAt,
      expiresAt: consentExpiresAt(createdAt),
      ipAddress: record.ipAddress,
      userId: record.userId,
      visitorId: record.visitorId,
      essential: record.settings.essential,
      analytics: record.settings.analytics,
      authentication: record.settings.authentication,
      aiServices: record.settings.ai_services,
      version: record.version,
    })
    .returning();
  if (!row) throw new Error("Cookie-Einstellungen wurden nicht gespeichert");
  return toHistoryEntry(row);
}

// ADR 0010: rows saved while signed in belong to that account and only it sees them; rows
// saved without an account belong to the browser that holds their visitor id. So a
// signed-in user sees their own rows plus this browser's anonymous ones, a visitor only
// this browser's anonymous ones, and nobody another account's rows.
export async function listConsentHistory(db: Database, owner: { userId: string | null; visitorId: string }) {
  const anonymousRowsOfThisBrowser = and(
    eq(cookieConsentHistory.visitorId, owner.visitorId),
    isNull(cookieConsentHistory.userId),
  );
  const rows = await db
    .select()
    .from(cookieConsentHistory)
    .where(
      owner.userId
        ? or(eq(cookieConsentHistory.userId, owner.userId), anonymousRowsOfThisBrowser)
        : anonymousRowsOfThisBrowser,
    )
    .orderBy(desc(cookieConsentHistory.createdAt));
  return rows.map(toHistoryEntry);
}

// The spec's field names (section 3), which are also what the export file contains.
function toHistoryEntry(row: typeof cookieConsentHistory.$inferSelect) {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    ip_address: row.ipAddress,
    user_id: row.userId,
    essential: row.essential,
    analytics: row.analytics,
    authentication: row.authentication,
    ai_services: row.aiServices,
    version: row.version,
    expires_at: row.expiresAt.toISOString(),
  };
}
