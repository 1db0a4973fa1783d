import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { notify } from "#server/features/notifications/notifications.service.ts";
import { userTimeZone } from "#server/features/profile/time-zone.service.ts";
import { composeReconnectAccountMail } from "#server/integrations/mail/mail-templates.ts";
import { NetworkError, type NetworkIdentity, type TokenSet } from "#server/integrations/social/social-network.ts";
import { type TokenBox, TokenDecryptionError } from "#server/token-crypto.ts";
import { NETWORKS } from "#shared/networks.ts";
import { CONNECTIONS_PATH, NOTIFICATION_MESSAGES } from "#shared/publishing.ts";

// An account's tokens: sealed at rest (ADR 0059), refreshed ahead of expiry by one server at a time
// under a lease in the account's row, never inside a transaction or under a row lock (ADR 0079), so
// a refresh token is never spent twice (X's are single-use); a clear revocation turns the account
// to "Neu verbinden nötig" exactly once (ADR 0053).

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
    limits: account.postLimits,
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

/** `aheadMs`: the network's `refreshAheadMs` (Threads renews a day-old token, ADR 0098), else REFRESH_AHEAD_MS. */
function needsRefresh(tokens: TokenSet, now: Date, aheadMs: number): boolean {
  return tokens.accessTokenExpiresAt !== null && tokens.accessTokenExpiresAt.getTime() - now.getTime() < aheadMs;
}

/** Tokens to publish with, refreshed first when they expire soon. */
export function usableTokens(deps: AccountDeps, accountId: string, now: Date): Promise<UsableTokens> {
  return refreshOnce(deps, accountId, now, {
    satisfiedBy: (tokens, aheadMs) => !needsRefresh(tokens, now, aheadMs),
    // 5xx, timeout, rate limit: never a reason to disconnect. The old token still works until it expires.
    oldStillUsable: (tokens) => tokens.accessTokenExpiresAt !== null && tokens.accessTokenExpiresAt > now,
  });
}

/**
 * After the network refused `rejected` (401 on publish): one refresh before the account counts as
 * revoked. `ok` with new tokens (also when another server or worker refreshed them meanwhile);
 * `revoked` when the network refused the refresh too (the account is then "Neu verbinden nötig");
 * `unavailable` when the refresh could not be done now (5xx, timeout): try again later.
 */
export function refreshAfterRejection(
  deps: AccountDeps,
  accountId: string,
  rejected: TokenSet,
  now: Date,
): Promise<UsableTokens> {
  return refreshOnce(deps, accountId, now, {
    satisfiedBy: (tokens, aheadMs) =>
      tokens.accessToken !== rejected.accessToken && !needsRefresh(tokens, now, aheadMs),
    oldStillUsable: () => false,
  });
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

/** What a caller needs from the tokens. */
type RefreshNeed = {
  /** These tokens will do; no refresh. `aheadMs`: how long before expiry the account's network renews. */
  satisfiedBy: (tokens: TokenSet, aheadMs: number) => boolean;
  /** No refresh came through: may the stored tokens still be used? */
  oldStillUsable: (tokens: TokenSet) => boolean;
};

/**
 * The lease outlasts the refresh call (bounded by NETWORK_TIMEOUT_MS) by this much, for the write
 * after it and a paused process; a lease that runs out anyway is handled as ADR 0079 describes.
 */
export const REFRESH_LEASE_MARGIN_MS = 30_000;
/** How long a server waits before it looks at a lease another holds again: quickly first, then each second. */
const LOOK_AGAIN_MS = [25, 50, 100, 250, 500, 1_000] as const;
const LOOK_AGAIN_MAX_MS = 1_000;

type Lease = { id: string; tookOver: boolean };

/**
 * Refreshes the account's tokens once across all servers and workers (ADR 0079): the first takes
 * the lease with one UPDATE, asks the network holding no transaction, and stores the result; the
 * others look again (woken at once in this process) until the new tokens are there.
 */
async function refreshOnce(deps: AccountDeps, accountId: string, now: Date, need: RefreshNeed): Promise<UsableTokens> {
  const leaseMs = deps.env.networks.timeoutMs + REFRESH_LEASE_MARGIN_MS;
  // By then a holder's lease has run out, and the look before it took the lease over.
  const giveUpAt = Date.now() + leaseMs + 2 * LOOK_AGAIN_MAX_MS;
  let waitingFor: string | null = null;
  for (let look = 0; ; look++) {
    const [account] = await deps.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
    if (account?.status !== "connected") return { kind: "revoked" };
    const tokens = readTokens(deps, account);
    if (!tokens) {
      await markReconnectRequired(deps, account);
      return { kind: "revoked" };
    }
    if (need.satisfiedBy(tokens, deps.networks[account.network].refreshAheadMs ?? REFRESH_AHEAD_MS))
      return { kind: "ok", tokens, identity: identityOf(account) };
    // The holder we waited for gave its lease back without new tokens: its refresh failed just now.
    const holderFailed = waitingFor !== null && account.refreshLeaseId === null;
    if (holderFailed || Date.now() > giveUpAt) return withoutRefresh(need, tokens, account);
    const lease = await takeLease(deps, account, leaseMs);
    if (lease) {
      const result = await refreshHolding(deps, account, tokens, lease, need, now);
      if (result !== "look-again") return result;
      waitingFor = null;
      continue;
    }
    if (waitingFor === null)
      deps.logger.debug({ accountId }, "Token-Refresh läuft schon (anderer Server oder Worker); warte auf ihn");
    waitingFor = account.refreshLeaseId;
    await lookAgainLater(accountId, LOOK_AGAIN_MS[look] ?? LOOK_AGAIN_MAX_MS);
  }
}

function withoutRefresh(need: RefreshNeed, tokens: TokenSet, account: AccountRow): UsableTokens {
  return need.oldStillUsable(tokens) ? { kind: "ok", tokens, identity: identityOf(account) } : { kind: "unavailable" };
}

/**
 * One UPDATE, no transaction: the lease is ours if it was free (or ran out) as we read it and the
 * tokens are still the ones we read, so we refresh with the refresh token that is stored.
 */
async function takeLease(deps: AccountDeps, account: AccountRow, leaseMs: number): Promise<Lease | null> {
  const id = randomUUID();
  const free =
    account.refreshLeaseId === null
      ? isNull(socialAccounts.refreshLeaseId)
      : and(
          eq(socialAccounts.refreshLeaseId, account.refreshLeaseId),
          lt(socialAccounts.refreshLeaseUntil, sql`now()`),
        );
  const taken = await deps.db
    .update(socialAccounts)
    // The database's clock, so servers whose clocks differ agree on when a lease ends.
    .set({ refreshLeaseId: id, refreshLeaseUntil: sql`now() + ${leaseMs}::int * interval '1 millisecond'` })
    .where(
      and(
        eq(socialAccounts.id, account.id),
        eq(socialAccounts.status, "connected"),
        eq(socialAccounts.tokens, account.tokens),
        free,
      ),
    )
    .returning({ id: socialAccounts.id });
  return taken.length > 0 ? { id, tookOver: account.refreshLeaseId !== null } : null;
}

/** The lease back, unless it ran out and another server holds it now. */
function releaseLease(deps: AccountDeps, accountId: string, leaseId: string) {
  return deps.db
    .update(socialAccounts)
    .set({ refreshLeaseId: null, refreshLeaseUntil: null })
    .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.refreshLeaseId, leaseId)));
}

/** The network call and the one guarded write after it, holding the lease and nothing else. */
async function refreshHolding(
  deps: AccountDeps,
  account: AccountRow,
  tokens: TokenSet,
  lease: Lease,
  need: RefreshNeed,
  now: Date,
): Promise<UsableTokens | "look-again"> {
  let fresh: TokenSet;
  try {
    fresh = await deps.networks[account.network].refresh(tokens);
  } catch (error) {
    await releaseLease(deps, account.id, lease.id);
    wakeWaiters(account.id);
    if (error instanceof NetworkError && error.kind === "revoked") return refusedRefresh(deps, account, lease);
    deps.logger.warn(
      { accountId: account.id, network: account.network, kind: (error as NetworkError).kind },
      "Token-Refresh fehlgeschlagen",
    );
    return withoutRefresh(need, tokens, account);
  }
  const columns = tokenColumns(deps.tokenBox, account.id, fresh, tokens);
  const ours = (column: typeof socialAccounts.refreshLeaseId | typeof socialAccounts.refreshLeaseUntil) =>
    sql`case when ${socialAccounts.refreshLeaseId} = ${lease.id} then null else ${column} end`;
  // Guarded by the tokens we refreshed, not by the lease: a result that comes after the lease ran out
  // is still stored, unless newer tokens are (a reconnect, or a refresh of the server that took over).
  const stored = await deps.db
    .update(socialAccounts)
    .set({
      ...columns,
      refreshLeaseId: ours(socialAccounts.refreshLeaseId),
      refreshLeaseUntil: ours(socialAccounts.refreshLeaseUntil),
      updatedAt: now,
    })
    .where(and(eq(socialAccounts.id, account.id), eq(socialAccounts.tokens, account.tokens)))
    .returning({ id: socialAccounts.id });
  if (stored.length === 0) await releaseLease(deps, account.id, lease.id);
  wakeWaiters(account.id);
  if (stored.length === 0) return "look-again";
  return { kind: "ok", tokens: openTokens(deps.tokenBox, account.id, columns.tokens), identity: identityOf(account) };
}

/**
 * The network refused the refresh token. Revoked, unless newer tokens were stored meanwhile (then
 * ours was simply spent), or we took over a lease that ran out: its holder may have spent the token
 * and still store the new one, so this attempt is only "unavailable" and the next one decides.
 */
async function refusedRefresh(
  deps: AccountDeps,
  account: AccountRow,
  lease: Lease,
): Promise<UsableTokens | "look-again"> {
  const [current] = await deps.db
    .select({ tokens: socialAccounts.tokens })
    .from(socialAccounts)
    .where(eq(socialAccounts.id, account.id));
  if (current && current.tokens !== account.tokens) return "look-again";
  if (lease.tookOver) {
    deps.logger.warn({ accountId: account.id }, "Refresh-Token abgelehnt nach übernommenem Lease; später erneut");
    return { kind: "unavailable" };
  }
  await markReconnectRequired(deps, account);
  return { kind: "revoked" };
}

// In this process, a finished refresh wakes the workers waiting for it at once; other servers look again.
const waiters = new Map<string, Set<() => void>>();

function wakeWaiters(accountId: string): void {
  const waiting = waiters.get(accountId);
  waiters.delete(accountId);
  for (const wake of waiting ?? []) wake();
}

function lookAgainLater(accountId: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const waiting = waiters.get(accountId) ?? new Set<() => void>();
    waiters.set(accountId, waiting);
    const wake = () => {
      clearTimeout(timer);
      waiting.delete(wake);
      if (waiting.size === 0 && waiters.get(accountId) === waiting) waiters.delete(accountId);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    waiting.add(wake);
  });
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
  await notify(deps, {
    userId: account.userId,
    kind: "reconnect",
    accountId: account.id,
    message: NOTIFICATION_MESSAGES.reconnect(network, account.handle),
    mail: composeReconnectAccountMail({
      network,
      account: account.handle,
      url: `${deps.env.BASE_URL}${CONNECTIONS_PATH}`,
      posts: stopped.map((post) => post.scheduledAt),
      timeZone: await userTimeZone(deps.db, account.userId),
    }),
  });
}
