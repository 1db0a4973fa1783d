import { and, eq, exists, gt, isNull, lt, not, or } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import {
  oauthAccessToken,
  oauthAppSettings,
  oauthClient,
  oauthConsent,
  oauthRefreshToken,
} from "#server/db/schema/oauth-provider.ts";
import { OAUTH_ACCESS_TOKEN_PREFIX } from "#shared/oauth.ts";
import { API_SCOPES, type ApiScope } from "#shared/public-api.ts";
import { hashOAuthToken } from "./oauth-provider.plugin.ts";

// The apps a user authorised through OAuth (ADR 0113): who calls with an access token, whether
// the app may schedule directly, and the list and revocation on /konto. The plugin owns issuing;
// this file only reads its tables and revokes by marking them, as its own revocation does.

/** An access token's caller, in the shape requireApiKey hands on (public-api/api-auth.ts). */
export type OAuthCaller = {
  clientId: string;
  appName: string;
  userId: string;
  scopes: ApiScope[];
  directScheduling: boolean;
};

/** The caller behind an unexpired, unrevoked access token of an enabled app; null otherwise. */
export async function oauthCallerOf(db: Database, presented: string, now = new Date()): Promise<OAuthCaller | null> {
  if (!presented.startsWith(OAUTH_ACCESS_TOKEN_PREFIX)) return null;
  const stored = hashOAuthToken(presented.slice(OAUTH_ACCESS_TOKEN_PREFIX.length));
  const [row] = await db
    .select({ token: oauthAccessToken, client: oauthClient })
    .from(oauthAccessToken)
    .innerJoin(oauthClient, eq(oauthClient.clientId, oauthAccessToken.clientId))
    .where(
      and(eq(oauthAccessToken.token, stored), isNull(oauthAccessToken.revoked), gt(oauthAccessToken.expiresAt, now)),
    );
  if (!row?.token.userId || row.client.disabled) return null;
  const userId = row.token.userId;
  return {
    clientId: row.client.clientId,
    appName: row.client.name ?? row.client.clientId,
    userId,
    scopes: API_SCOPES.filter((scope) => row.token.scopes.includes(scope)),
    directScheduling: await directSchedulingOf(db, userId, row.client.clientId),
  };
}

async function directSchedulingOf(db: Database, userId: string, clientId: string): Promise<boolean> {
  const [row] = await db
    .select({ directScheduling: oauthAppSettings.directScheduling })
    .from(oauthAppSettings)
    .where(and(eq(oauthAppSettings.userId, userId), eq(oauthAppSettings.clientId, clientId)));
  return row?.directScheduling ?? false;
}

/** What the user chose on the consent page next to "Zulassen". */
export async function saveDirectScheduling(db: Database, userId: string, clientId: string, allowed: boolean) {
  await db
    .insert(oauthAppSettings)
    .values({ userId, clientId, directScheduling: allowed })
    .onConflictDoUpdate({
      target: [oauthAppSettings.userId, oauthAppSettings.clientId],
      set: { directScheduling: allowed, updatedAt: new Date() },
    });
}

/** An authorised app as /konto lists it. */
export type OAuthAppView = {
  clientId: string;
  name: string;
  scopes: ApiScope[];
  directScheduling: boolean;
  authorisedAt: string;
};

export async function listAuthorisedApps(db: Database, userId: string): Promise<OAuthAppView[]> {
  const rows = await db
    .select({ consent: oauthConsent, client: oauthClient, settings: oauthAppSettings })
    .from(oauthConsent)
    .innerJoin(oauthClient, eq(oauthClient.clientId, oauthConsent.clientId))
    .leftJoin(
      oauthAppSettings,
      and(eq(oauthAppSettings.clientId, oauthConsent.clientId), eq(oauthAppSettings.userId, userId)),
    )
    .where(eq(oauthConsent.userId, userId));
  return rows.map(({ consent, client, settings }) => ({
    clientId: client.clientId,
    name: client.name ?? client.clientId,
    scopes: API_SCOPES.filter((scope) => consent.scopes.includes(scope)),
    directScheduling: settings?.directScheduling ?? false,
    authorisedAt: (consent.createdAt ?? new Date(0)).toISOString(),
  }));
}

/**
 * Withdraws the user's consent for an app: its tokens stop working at once, and the next
 * authorisation asks again. False when the user never authorised it.
 */
export async function revokeAuthorisedApp(db: Database, userId: string, clientId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(oauthConsent)
      .where(and(eq(oauthConsent.userId, userId), eq(oauthConsent.clientId, clientId)))
      .returning({ id: oauthConsent.id });
    if (removed.length === 0) return false;
    const mine = (table: typeof oauthAccessToken | typeof oauthRefreshToken) =>
      and(eq(table.userId, userId), eq(table.clientId, clientId), isNull(table.revoked));
    await tx.update(oauthAccessToken).set({ revoked: now }).where(mine(oauthAccessToken));
    await tx.update(oauthRefreshToken).set({ revoked: now }).where(mine(oauthRefreshToken));
    await tx
      .delete(oauthAppSettings)
      .where(and(eq(oauthAppSettings.userId, userId), eq(oauthAppSettings.clientId, clientId)));
    return true;
  });
}

/** How long a registered app may wait for its first authorisation before it is removed. */
export const UNUSED_OAUTH_CLIENT_DAYS = 7;

/** When the sweep runs (pg-boss cron, UTC, ADR 0078): once a night. */
export const UNUSED_OAUTH_CLIENT_SWEEP_SCHEDULE = "23 3 * * *";

/**
 * Registration is open, as MCP clients register themselves (ADR 0113): an app that no user has
 * authorised within UNUSED_OAUTH_CLIENT_DAYS (no consent, never a token) is removed, so abandoned
 * and spam registrations do not pile up. An app once authorised stays, also after its revocation.
 */
export async function deleteUnusedOAuthClients(db: Database, now = new Date()): Promise<number> {
  const registeredBefore = new Date(now.getTime() - UNUSED_OAUTH_CLIENT_DAYS * 86_400_000);
  const usedBy = (table: typeof oauthConsent | typeof oauthAccessToken | typeof oauthRefreshToken) =>
    exists(db.select({ one: table.clientId }).from(table).where(eq(table.clientId, oauthClient.clientId)));
  // RETURNING a column: PGlite and node-postgres report a DELETE's row count differently.
  const removed = await db
    .delete(oauthClient)
    .where(
      and(
        isNull(oauthClient.userId),
        or(isNull(oauthClient.createdAt), lt(oauthClient.createdAt, registeredBefore)),
        not(usedBy(oauthConsent)),
        not(usedBy(oauthAccessToken)),
        not(usedBy(oauthRefreshToken)),
      ),
    )
    .returning({ clientId: oauthClient.clientId });
  return removed.length;
}
