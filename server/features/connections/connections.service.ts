import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { socialAccounts, socialOauthStates } from "#server/db/schema/publishing.ts";
import { openTokens, tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import { cancelPlannedPostsOf } from "#server/features/publishing/publishing.service.ts";
import { PublishingRefusal } from "#server/features/publishing/refusals.ts";
import type { RateLimitRule } from "#server/features/rate-limit/rate-limit.service.ts";
import {
  type AccountChoice,
  type NetworkConnect,
  NetworkError,
  type NetworkIdentity,
  type TokenSet,
} from "#server/integrations/social/social-network.ts";
import { NETWORK_IDS, NETWORKS, type NetworkId } from "#shared/networks.ts";
import {
  ACCOUNT_STATUS_LABELS,
  NOT_CONFIGURED_LABEL,
  oauthCallbackPath,
  PUBLISHING_ERRORS,
} from "#shared/publishing.ts";
import { appFor, exchangeInstanceCode, instanceConnect } from "./instance-apps.ts";
import { OAUTH_STATE_TTL_MS, openRoundTrip } from "./oauth-states.ts";

// "Verbundene Konten" (ADR 0053): connect (OAuth with PKCE, or Bluesky's app password), list and
// disconnect accounts. The PKCE verifier stays on the server, sealed, next to the state we sent.

export type ConnectionDeps = Pick<AppDeps, "db" | "networks" | "tokenBox" | "env" | "logger">;

/**
 * ADR 0083: each start writes a row and is a request to the network's consent page. A person
 * clicks "Verbinden" a few times at most (a second tab, a retry); ten a minute is plenty.
 */
export const OAUTH_START_RATE_LIMIT: RateLimitRule = { name: "oauth-start", max: 10, windowMs: 60_000 };

export async function listConnections(deps: ConnectionDeps, userId: string) {
  const accounts = await deps.db
    .select()
    .from(socialAccounts)
    .where(eq(socialAccounts.userId, userId))
    .orderBy(asc(socialAccounts.createdAt));
  const { meta, threads } = deps.env.networks;
  return {
    /** What a BASE_URL that Meta cannot reach holds back (ADR 0097, 0098): the composer says why. */
    heldBackByAddress: {
      instagram: meta.app !== null && !meta.publicImages,
      threadsImages: threads.app !== null && !threads.publicImages,
    },
    networks: NETWORK_IDS.map((id) => ({
      network: id,
      label: NETWORKS[id].label,
      connect: NETWORKS[id].connect,
      configured: deps.networks[id].configured,
      notConfiguredLabel: deps.networks[id].configured
        ? null
        : (deps.networks[id].notConfiguredReason ?? NOT_CONFIGURED_LABEL),
      /** Instagram connects through the Facebook login (ADR 0096). */
      loginVia: NETWORKS[id].loginVia ?? null,
      accounts: accounts
        .filter((account) => account.network === id)
        .map((account) => ({
          id: account.id,
          handle: account.handle,
          displayName: account.displayName,
          profileUrl: account.profileUrl,
          status: account.status,
          statusLabel: ACCOUNT_STATUS_LABELS[account.status],
          // LinkedIn: shown in the list, and the reminders count down to it.
          connectionExpiresAt: account.connectionExpiresAt?.toISOString() ?? null,
          // Mastodon: the instance's own limit for the composer's counter (ADR 0095).
          maxCharacters: account.postLimits?.maxCharacters ?? null,
        })),
    })),
  };
}

export function callbackUrl(deps: Pick<AppDeps, "env">, network: NetworkId): string {
  return `${deps.env.BASE_URL}${oauthCallbackPath(network)}`;
}

/** How the network connects, refused unless it is configured and connects the way asked for. */
function connectionTo<Kind extends NetworkConnect["kind"]>(
  deps: ConnectionDeps,
  network: NetworkId,
  kind: Kind,
): Extract<NetworkConnect, { kind: Kind }> {
  const integration = deps.networks[network];
  if (!integration.configured) throw new PublishingRefusal("NETWORK_NOT_CONFIGURED", 409);
  const { connect } = integration;
  if (connect.kind !== kind) throw new PublishingRefusal("NETWORK_WRONG_CONNECT", 400);
  return connect as Extract<NetworkConnect, { kind: Kind }>;
}

export async function startOAuth(deps: ConnectionDeps, userId: string, network: NetworkId, now = new Date()) {
  const connect = connectionTo(deps, network, "oauth");
  const { state, codeVerifier } = await openRoundTrip(deps, userId, network, now);
  const url = connect.authorizationUrl({ state, codeVerifier, redirectUri: callbackUrl(deps, network) });
  return { authorizationUrl: url.toString() };
}

/**
 * Mastodon (ADR 0095): the instance the user named is checked to be a public server, its app
 * taken from the cache or registered there, then the round trip starts as for X and LinkedIn, the
 * instance kept with the state. A refusal says why in German (not public, not found, no Mastodon).
 */
export async function startInstanceOAuth(
  deps: ConnectionDeps,
  userId: string,
  network: NetworkId,
  input: { instance: string },
  now = new Date(),
) {
  const connect = instanceConnect(deps, network);
  const redirectUri = callbackUrl(deps, network);
  const { instance, app } = await instanceCall(async () => {
    const origin = await connect.instanceOrigin(input.instance);
    return { instance: origin, app: await appFor(deps, connect, origin, redirectUri) };
  });
  const { state, codeVerifier } = await openRoundTrip(deps, userId, network, now, instance);
  const url = connect.authorizationUrl({ instance, app, state, codeVerifier, redirectUri });
  return { authorizationUrl: url.toString() };
}

/** The instance refused, with the network's or our German reason; a server that is down is not the user's to fix. */
async function instanceCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    if (error.kind === "rejected" || error.kind === "revoked")
      throw new PublishingRefusal("INSTANCE_REFUSED", 400, germanDetail(error.detail));
    throw new PublishingRefusal("NETWORK_UNAVAILABLE", 409);
  }
}

/** Our own refusals are German sentences; an instance's own (English) answer is not shown as is. */
const germanDetail = (detail: string | null) =>
  detail && /Mastodon|Instanz|Adresse/.test(detail) ? detail : PUBLISHING_ERRORS.INSTANCE_REFUSED;

/** The network sent the user back with a code: exchange it (once: the state is deleted first). */
export async function finishOAuth(
  deps: ConnectionDeps,
  userId: string,
  network: NetworkId,
  input: { code: string; state: string },
  now = new Date(),
) {
  const [pending] = await deps.db
    .delete(socialOauthStates)
    .where(and(eq(socialOauthStates.state, input.state), eq(socialOauthStates.userId, userId)))
    .returning();
  if (!pending || pending.network !== network || pending.expiresAt < now) {
    throw new PublishingRefusal("OAUTH_STATE_INVALID", 400);
  }
  const codeVerifier = deps.tokenBox.open(pending.codeVerifier, pending.state);
  const redirectUri = callbackUrl(deps, network);
  if (NETWORKS[network].connect === "instance") {
    const tokens = await networkCall(() =>
      exchangeInstanceCode(deps, network, pending.instance, { code: input.code, codeVerifier, redirectUri }),
    );
    return { ...(await saveAccount(deps, userId, network, tokens, now)), choice: null };
  }
  const connect = connectionTo(deps, network, "oauth");
  const tokens = await networkCall(() => connect.exchangeCode({ code: input.code, codeVerifier, redirectUri }));
  const { accountChoices } = connect;
  if (accountChoices) return offerChoices(deps, userId, network, await networkCall(() => accountChoices(tokens)), now);
  return { ...(await saveAccount(deps, userId, network, tokens, now)), choice: null };
}

/**
 * One login, several accounts (Meta, ADR 0096): the accounts are kept, sealed, as the round
 * trip's second half (a state row under a new random id, 15 minutes) until the user chooses.
 */
async function offerChoices(
  deps: ConnectionDeps,
  userId: string,
  network: NetworkId,
  choices: AccountChoice[],
  now: Date,
) {
  const choice = crypto.randomBytes(32).toString("base64url");
  await deps.db.insert(socialOauthStates).values({
    state: choice,
    userId,
    network,
    codeVerifier: deps.tokenBox.seal(JSON.stringify(choices), choice),
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
  });
  return { accountId: null, reconnected: false, choice };
}

async function openChoices(deps: ConnectionDeps, userId: string, choice: string, now: Date) {
  const [row] = await deps.db
    .select()
    .from(socialOauthStates)
    .where(and(eq(socialOauthStates.state, choice), eq(socialOauthStates.userId, userId)));
  if (!row || row.expiresAt < now) throw new PublishingRefusal("OAUTH_STATE_INVALID", 400);
  return JSON.parse(deps.tokenBox.open(row.codeVerifier, row.state)) as AccountChoice[];
}

/** The accounts a login offers, as the choose step lists them (no tokens). */
export async function listChoices(deps: ConnectionDeps, userId: string, choice: string, now = new Date()) {
  const choices = await openChoices(deps, userId, choice, now);
  return {
    accounts: choices.map((offered) => ({
      key: `${offered.network}:${offered.identity.externalId}`,
      network: offered.network,
      label: NETWORKS[offered.network].label,
      handle: offered.identity.handle,
      displayName: offered.identity.displayName,
      linkedTo: offered.linkedTo,
    })),
  };
}

/** Connects the chosen accounts (each with its own tokens, sealed) and ends the round trip. */
export async function chooseAccounts(
  deps: ConnectionDeps,
  userId: string,
  choice: string,
  keys: string[],
  now = new Date(),
) {
  const choices = await openChoices(deps, userId, choice, now);
  const chosen = choices.filter((offered) => keys.includes(`${offered.network}:${offered.identity.externalId}`));
  if (chosen.length === 0 || chosen.length !== new Set(keys).size)
    throw new PublishingRefusal("ACCOUNT_CHOICE_INVALID", 400);
  await deps.db
    .delete(socialOauthStates)
    .where(and(eq(socialOauthStates.state, choice), eq(socialOauthStates.userId, userId)));
  const connected = [];
  for (const offered of chosen) {
    const tokens = { ...offered.tokens, accessTokenExpiresAt: null, connectionExpiresAt: null };
    connected.push(await saveAccount(deps, userId, offered.network, tokens, now, offered.identity));
  }
  return { connected };
}

export async function connectWithAppPassword(
  deps: ConnectionDeps,
  userId: string,
  network: NetworkId,
  input: { identifier: string; appPassword: string },
  now = new Date(),
) {
  const connect = connectionTo(deps, network, "app-password");
  const tokens = await networkCall(() => connect.signIn(input));
  return saveAccount(deps, userId, network, tokens, now);
}

/** A refusal by the network is the user's to fix (400); a network that is down is not (409: try again). */
async function networkCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    if (error.kind === "revoked" || error.kind === "rejected") throw new PublishingRefusal("CREDENTIALS_REJECTED", 400);
    throw new PublishingRefusal("NETWORK_UNAVAILABLE", 409);
  }
}

/**
 * Connects an account, or reconnects it: the same network account of the same user keeps its row,
 * its posts and — when the network sends no new one — its refresh token.
 */
async function saveAccount(
  deps: ConnectionDeps,
  userId: string,
  network: NetworkId,
  tokens: TokenSet,
  now: Date,
  known?: NetworkIdentity,
) {
  const identity = known ?? (await networkCall(() => deps.networks[network].identity(tokens)));
  const [existing] = await deps.db
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.userId, userId),
        eq(socialAccounts.network, network),
        eq(socialAccounts.externalId, identity.externalId),
      ),
    );
  const profile = {
    handle: identity.handle,
    displayName: identity.displayName,
    profileUrl: identity.profileUrl,
    postLimits: identity.limits ?? null,
  };
  if (existing) {
    let previous: TokenSet | null = null;
    try {
      previous = openTokens(deps.tokenBox, existing.id, existing.tokens);
    } catch {
      // Unreadable old tokens (a lost key) have nothing worth keeping.
    }
    await deps.db
      .update(socialAccounts)
      .set({
        ...profile,
        ...tokenColumns(deps.tokenBox, existing.id, tokens, previous),
        status: "connected",
        remindedDaysBefore: null,
        updatedAt: now,
      })
      .where(eq(socialAccounts.id, existing.id));
    return { accountId: existing.id, reconnected: true };
  }
  const id = crypto.randomUUID();
  await deps.db.insert(socialAccounts).values({
    id,
    userId,
    network,
    externalId: identity.externalId,
    ...profile,
    ...tokenColumns(deps.tokenBox, id, tokens, null),
    createdAt: now,
    updatedAt: now,
  });
  return { accountId: id, reconnected: false };
}

/** Disconnects: the tokens are deleted with the row, the account's planned posts are cancelled. */
export async function disconnectAccount(deps: Pick<AppDeps, "db">, userId: string, accountId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(accountId)) return false;
  return deps.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: socialAccounts.id })
      .from(socialAccounts)
      .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.userId, userId)))
      .for("update");
    if (!account) return false;
    await cancelPlannedPostsOf(tx, accountId);
    await tx.delete(socialAccounts).where(eq(socialAccounts.id, accountId));
    return true;
  });
}
