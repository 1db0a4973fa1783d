import { and, asc, eq, inArray } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { notify } from "#server/features/notifications/notifications.service.ts";
import { composeReconnectAccountMail } from "#server/integrations/mail/mail-templates.ts";
import { NetworkError, type NetworkIdentity, type TokenSet } from "#server/integrations/social/social-network.ts";
import { NETWORKS } from "#shared/networks.ts";
import { CONNECTIONS_PATH, NOTIFICATION_MESSAGES } from "#shared/publishing.ts";
import { type TokenBox, TokenDecryptionError } from "./token-crypto.ts";

// An account's tokens: sealed at rest (ADR 0059), refreshed ahead of expiry under the account's row
// lock so two servers never rotate one refresh token twice (X's refresh tokens are single-use), and
// a clear revocation turns the account to "Neu verbinden nötig" exactly once (ADR 0053).

export type AccountDeps = Pick<AppDeps, "db" | "networks" | "tokenBox" | "mailer" | "logger" | "env">;

type AccountRow = typeof socialAccounts.$inferSelect;

/** Refreshed when less than this is left, so a post never goes out with a token about to expire. */
export const REFRESH_AHEAD_MS = 5 * 60_000;

type StoredTokens = Omit<TokenSet, "accessTokenExpiresAt" | "connectionExpiresAt"> & {
  accessTokenExpiresAt: string | null;
  connectionExpiresAt: string | null;
};

export function sealTokens(box: TokenBox, accountId: string, tokens: TokenSet): string {
  const stored: StoredTokens = {
    ...tokens,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt?.toISOString() ?? null,
    connectionExpiresAt: tokens.connectionExpiresAt?.toISOString() ?? null,
  };
  return box.seal(JSON.stringify(stored), accountId);
}

export function openTokens(box: TokenBox, accountId: string, sealed: string): TokenSet {
  const stored = JSON.parse(box.open(sealed, accountId)) as StoredTokens;
  return {
    ...stored,
    accessTokenExpiresAt: stored.accessTokenExpiresAt ? new Date(stored.accessTokenExpiresAt) : null,
    connectionExpiresAt: stored.connectionExpiresAt ? new Date(stored.connectionExpiresAt) : null,
  };
}

export function identityOf(account: AccountRow): NetworkIdentity {
  return {
    externalId: account.externalId,
    handle: account.handle,
    displayName: account.displayName,
    profileUrl: account.profileUrl,
  };
}

/** The columns that change with a new TokenSet. A refresh without a new refresh token keeps the old one. */
export function tokenColumns(box: TokenBox, accountId: string, next: TokenSet, previous: TokenSet | null) {
  const merged: TokenSet = { ...next, refreshToken: next.refreshToken ?? previous?.refreshToken ?? null };
  return {
    tokens: sealTokens(box, accountId, merged),
    accessTokenExpiresAt: merged.accessTokenExpiresAt,
    connectionExpiresAt: merged.connectionExpiresAt,
  };
}

export type UsableTokens =
  | { kind: "ok"; tokens: TokenSet; identity: NetworkIdentity }
  | { kind: "revoked" }
  | { kind: "unavailable" };

function needsRefresh(tokens: TokenSet, now: Date): boolean {
  return (
    tokens.accessTokenExpiresAt !== null && tokens.accessTokenExpiresAt.getTime() - now.getTime() < REFRESH_AHEAD_MS
  );
}

/** Tokens to publish with, refreshed first when they expire soon. */
export async function usableTokens(deps: AccountDeps, accountId: string, now: Date): Promise<UsableTokens> {
  const [account] = await deps.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
  if (account?.status !== "connected") return { kind: "revoked" };
  const tokens = readTokens(deps, account);
  if (!tokens) {
    await markReconnectRequired(deps, account);
    return { kind: "revoked" };
  }
  if (!needsRefresh(tokens, now)) return { kind: "ok", tokens, identity: identityOf(account) };
  return refreshUnderLock(deps, accountId, now, false);
}

function readTokens(deps: AccountDeps, account: AccountRow): TokenSet | null {
  try {
    return openTokens(deps.tokenBox, account.id, account.tokens);
  } catch (error) {
    if (!(error instanceof TokenDecryptionError)) throw error;
    // A lost or rotated-away key: the tokens are unusable, like revoked ones (ADR 0059).
    deps.logger.error({ accountId: account.id, reason: error.message }, "Tokens eines Kontos nicht lesbar");
    return null;
  }
}

async function refreshUnderLock(
  deps: AccountDeps,
  accountId: string,
  now: Date,
  force: boolean,
): Promise<UsableTokens> {
  let revokedAccount: AccountRow | null = null;
  const result = await deps.db.transaction(async (tx): Promise<UsableTokens> => {
    // The row lock: a second server waits here and then finds the tokens already fresh.
    const [account] = await tx.select().from(socialAccounts).where(eq(socialAccounts.id, accountId)).for("update");
    if (account?.status !== "connected") return { kind: "revoked" };
    const tokens = readTokens(deps, account);
    if (!tokens) {
      revokedAccount = account;
      return { kind: "revoked" };
    }
    if (!force && !needsRefresh(tokens, now)) return { kind: "ok", tokens, identity: identityOf(account) };
    try {
      const fresh = await deps.networks[account.network].refresh(tokens);
      const columns = tokenColumns(deps.tokenBox, account.id, fresh, tokens);
      await tx
        .update(socialAccounts)
        .set({ ...columns, updatedAt: now })
        .where(eq(socialAccounts.id, account.id));
      return {
        kind: "ok",
        tokens: openTokens(deps.tokenBox, account.id, columns.tokens),
        identity: identityOf(account),
      };
    } catch (error) {
      if (error instanceof NetworkError && error.kind === "revoked") {
        revokedAccount = account;
        return { kind: "revoked" };
      }
      // 5xx, timeout, rate limit: never a reason to disconnect. The old token still works until it expires.
      deps.logger.warn(
        { accountId, network: account.network, kind: (error as NetworkError).kind },
        "Token-Refresh fehlgeschlagen",
      );
      const stillValid = tokens.accessTokenExpiresAt !== null && tokens.accessTokenExpiresAt > now;
      return stillValid ? { kind: "ok", tokens, identity: identityOf(account) } : { kind: "unavailable" };
    }
  });
  if (revokedAccount) await markReconnectRequired(deps, revokedAccount);
  return result;
}

/**
 * "Neu verbinden nötig", with one notification and one mail: only the server whose UPDATE moves the
 * status from connected sends them, however many posts or servers find the grant gone.
 */
export async function markReconnectRequired(deps: AccountDeps, account: AccountRow): Promise<void> {
  const changed = await deps.db
    .update(socialAccounts)
    .set({ status: "reconnect_required", updatedAt: new Date() })
    .where(and(eq(socialAccounts.id, account.id), eq(socialAccounts.status, "connected")))
    .returning({ id: socialAccounts.id });
  if (changed.length === 0) return;
  const network = NETWORKS[account.network].label;
  // Its posts in flight or planned fail without a mail each (delivery.service.ts): this mail names them.
  const stopped = await deps.db
    .select({ scheduledAt: publications.scheduledAt })
    .from(publications)
    .where(and(eq(publications.accountId, account.id), inArray(publications.status, ["planned", "sending"])))
    .orderBy(asc(publications.scheduledAt));
  const posts = stopped.map((post) => post.scheduledAt);
  await notify(deps, {
    userId: account.userId,
    kind: "reconnect",
    accountId: account.id,
    message: NOTIFICATION_MESSAGES.reconnect(network, account.handle),
    mail: composeReconnectAccountMail({
      network,
      account: account.handle,
      url: `${deps.env.BASE_URL}${CONNECTIONS_PATH}`,
      posts,
    }),
  });
}

/**
 * After the network refused the access token (401) on a call: one refresh, however fresh the token
 * looks, before the account counts as revoked (ADR 0060).
 */
export async function refreshAfterRejection(deps: AccountDeps, accountId: string, now: Date): Promise<UsableTokens> {
  return refreshUnderLock(deps, accountId, now, true);
}
