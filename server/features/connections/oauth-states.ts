import crypto from "node:crypto";
import { and, desc, eq, lt, notInArray, or } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { socialOauthStates } from "#server/db/schema/publishing.ts";
import type { NetworkId } from "#shared/networks.ts";

// An OAuth round trip's state (ADR 0053, 0083): a random state with its PKCE verifier, sealed, kept
// until the network sends the user back, and at most a few open per account.

type StateDeps = Pick<AppDeps, "db" | "tokenBox">;

/** How long the user may take at the network's consent screen. */
export const OAUTH_STATE_TTL_MS = 15 * 60_000;

/** ADR 0083: round trips an account may have open at once; a start beyond them ends the oldest. */
export const OAUTH_OPEN_STATES_PER_ACCOUNT = 5;

/** Opens a round trip: its state and verifier, stored; `instance` for a network on the user's server (Mastodon). */
export async function openRoundTrip(
  deps: StateDeps,
  userId: string,
  network: NetworkId,
  now: Date,
  instance: string | null = null,
): Promise<{ state: string; codeVerifier: string }> {
  const state = crypto.randomBytes(32).toString("base64url");
  const codeVerifier = crypto.randomBytes(32).toString("base64url");
  await deps.db.insert(socialOauthStates).values({
    state,
    userId,
    network,
    instance,
    codeVerifier: deps.tokenBox.seal(codeVerifier, state),
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
  });
  await deleteStaleStates(deps, userId, now);
  return { state, codeVerifier };
}

/**
 * Deletes every expired round trip and those of the account beyond its newest few. After its own
 * insert, in one statement: whichever start runs last sees every committed row, so concurrent
 * starts leave at most OAUTH_OPEN_STATES_PER_ACCOUNT, without a lock.
 */
async function deleteStaleStates(deps: StateDeps, userId: string, now: Date) {
  const newest = deps.db
    .select({ state: socialOauthStates.state })
    .from(socialOauthStates)
    .where(eq(socialOauthStates.userId, userId))
    .orderBy(desc(socialOauthStates.expiresAt), desc(socialOauthStates.state))
    .limit(OAUTH_OPEN_STATES_PER_ACCOUNT);
  await deps.db
    .delete(socialOauthStates)
    .where(
      or(
        lt(socialOauthStates.expiresAt, now),
        and(eq(socialOauthStates.userId, userId), notInArray(socialOauthStates.state, newest)),
      ),
    );
}
