import type { PostFigures } from "#shared/metrics.ts";
import type { AccountLimits, NetworkId } from "#shared/networks.ts";
import type { FailureReason } from "#shared/publishing-failures.ts";

// The seam between publishing (server/features/publishing) and each network's API
// (server/integrations/<network>/), ADR 0053. Nothing network-specific crosses it: the
// publishing service stores tokens encrypted, schedules, retries and records outcomes only
// through these types, so adding Facebook Pages, Instagram, Threads or Mastodon means one more
// folder that implements `SocialNetwork`, not a change to the queue.

/** What a network gave us to act for one account. Encrypted at rest by the caller, never logged. */
export type TokenSet = {
  accessToken: string;
  /** Null where the network gives none (LinkedIn for ordinary apps). */
  refreshToken: string | null;
  /** When the access token stops working; null if the network does not say. */
  accessTokenExpiresAt: Date | null;
  /** LinkedIn: the 60-day end of the whole connection. Null where refreshing keeps it alive. */
  connectionExpiresAt: Date | null;
  scope: string | null;
  /** The server that issued the tokens, where the user chose it (Mastodon: the instance's origin, ADR 0095). */
  instance?: string | null;
};

/** Who the connected account is on the network. */
export type NetworkIdentity = {
  /** The network's stable id (X user id, LinkedIn member URN, Bluesky DID). */
  externalId: string;
  /** What the user recognises: "@name", a display name, "name.bsky.social". */
  handle: string;
  displayName: string;
  profileUrl: string | null;
  /** What the account's own server allows, where it differs per server (a Mastodon instance, ADR 0095). */
  limits?: AccountLimits | null;
};

export type PublishImage = {
  bytes: Uint8Array;
  mimeType: string;
  altText: string;
  /**
   * A signed link that opens this one image for a while (ADR 0097), for networks that fetch the
   * image themselves (Instagram) instead of taking its bytes.
   */
  publicUrl?: string;
};

/**
 * A post as a reply cites it (ADR 0088): the network's id and, where the network pins the exact
 * version of what is answered (Bluesky: the record's CID), that too; null elsewhere.
 */
export type PostRef = { externalId: string; cid: string | null };

export type PublishInput = {
  text: string;
  images: PublishImage[];
  /**
   * The post's image description (alt text), sent with every image whose own `altText` is empty,
   * where the network takes one (X, Bluesky, LinkedIn).
   */
  imageAlt?: string;
  /**
   * A thread's next post (ADR 0066, 0088): the post it answers and the thread's first post. X
   * cites the parent's id; Bluesky cites both by URI and CID.
   */
  replyTo?: { parent: PostRef; root: PostRef } | null;
  /**
   * The same for every try of one stored attempt (ADR 0095): a network that honours it (Mastodon's
   * `Idempotency-Key`) makes a post once however often the same attempt is sent.
   */
  idempotencyKey?: string;
  /**
   * The post's own name from `newPostKey` (ADR 0119), the same for every attempt of it: the
   * network creates the post under this name, so a second create cannot make a second post.
   */
  postKey?: string;
  /** A content warning shown before the text (Mastodon's `spoiler_text`); ignored elsewhere. */
  contentWarning?: string | null;
};

/**
 * What to look for when a post's answer was lost: its text, the id of the post it replied to, since
 * when, and the name it was sent under (`postKey`, where the network takes one).
 */
export type PostLookup = { text: string; replyTo: string | null; since: Date; postKey?: string | null };

/** `fetchMetrics`' answer: per asked id its figures, or "deleted" (ADR 0104). */
export type MetricsAnswer = Map<string, PostFigures | "deleted">;

/**
 * For networks that read one post per call (LinkedIn, Facebook, Instagram, Threads, Mastodon;
 * `metricsBatchSize` 1, so a failure loses no figures already read): each id in turn, `"deleted"`
 * where `readOne` says the post is gone.
 */
export async function metricsOneByOne(
  externalIds: string[],
  readOne: (externalId: string) => Promise<PostFigures | "deleted">,
): Promise<MetricsAnswer> {
  const answer: MetricsAnswer = new Map();
  for (const externalId of externalIds) answer.set(externalId, await readOne(externalId));
  return answer;
}

/** For a read of one post: null where the network answered 404 (the post is gone), else the failure. */
export function nullIfGone(error: unknown): null {
  if (error instanceof NetworkError && error.status === 404) return null;
  throw error;
}

/** A post the network accepted; `cid` where the network names a version (Bluesky, ADR 0088). */
export type PublishedPost = { externalId: string; url: string; cid?: string | null };

/**
 * Why a call failed, as the queue must act on it (ADR 0053 "exactly once"):
 * - `rate-limited`: not accepted; retry at `retryAt` (from the network's reset header).
 * - `unavailable`: not accepted (5xx before a post was made, connection refused); retry with backoff.
 * - `outcome-unknown`: the request may have reached the network (timeout after sending, response
 *   lost). Never retried blindly: the post becomes "unbestätigt".
 * - `revoked`: the grant is gone (invalid_grant, 401 after a refresh): the account needs reconnecting.
 *   From `publish`, `identity` or `deletePost` it means the network refused the access token (401):
 *   a caller that has not just refreshed may call `refresh` once and try again; a `revoked` from
 *   `refresh` is final (ADR 0060).
 * - `rejected`: the network refused this post for good (too long, duplicate, bad image): show `detail`.
 *   Also a failed connect (wrong code, wrong handle or app password) and a network the operator
 *   has not set up (`configured: false`).
 * - `version-retired`: LinkedIn answered 426 for our `LinkedIn-Version`: the operator must update it.
 */
export type NetworkFailureKind =
  | "rate-limited"
  | "unavailable"
  | "outcome-unknown"
  | "revoked"
  | "rejected"
  | "version-retired";

export class NetworkError extends Error {
  readonly kind: NetworkFailureKind;
  readonly network: NetworkId;
  /** Only for `rate-limited`: when the network accepts the next call. */
  readonly retryAt: Date | null;
  /** The network's own short reason, safe to show (never a token, never the post's text). */
  readonly detail: string | null;
  /** What the owner can do about it (ADR 0093): set for `rejected`, `revoked` and `rate-limited`. */
  readonly reason: FailureReason | null;
  /** The HTTP status of the network's answer, where there was one (a 404 tells a deleted post, ADR 0104). */
  readonly status: number | null;

  constructor(
    network: NetworkId,
    kind: NetworkFailureKind,
    options: {
      retryAt?: Date | null;
      detail?: string | null;
      reason?: FailureReason | null;
      status?: number | null;
      cause?: unknown;
    } = {},
  ) {
    super(`${network}: ${kind}${options.detail ? ` (${options.detail})` : ""}`, { cause: options.cause });
    this.name = "NetworkError";
    this.network = network;
    this.kind = kind;
    this.retryAt = options.retryAt ?? null;
    this.detail = options.detail ?? null;
    this.reason = options.reason ?? defaultReason(kind);
    this.status = options.status ?? null;
  }
}

function defaultReason(kind: NetworkFailureKind): FailureReason | null {
  if (kind === "rejected") return "unknown";
  if (kind === "revoked") return "token-invalid";
  if (kind === "rate-limited") return "usage-limit";
  return null;
}

/** How an account is connected to Postwerk. */
export type NetworkConnect = OAuthConnect | CredentialsConnect | InstanceConnect;

/** The OAuth 2.0 round trip (X and LinkedIn): authorization code with PKCE where the network supports it. */
export type OAuthConnect = {
  kind: "oauth";
  authorizationUrl(input: { state: string; codeVerifier: string; redirectUri: string }): URL;
  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<TokenSet>;
  /**
   * One login, several accounts (Meta, ADR 0096): the accounts the login may act for, each with
   * its own tokens, for the user to choose from. Absent: the login is the one account.
   */
  accountChoices?(tokens: TokenSet): Promise<AccountChoice[]>;
};

/** An account a login offers (a Facebook page, the Instagram account linked to it). */
export type AccountChoice = {
  network: NetworkId;
  identity: NetworkIdentity;
  tokens: TokenSet;
  /** The externalId of the account this one comes with (an Instagram account's page). */
  linkedTo: string | null;
};

/** Handle and app password (Bluesky): no redirect, no operator settings. */
export type CredentialsConnect = {
  kind: "app-password";
  signIn(input: { identifier: string; appPassword: string }): Promise<TokenSet>;
};

/** The client a Mastodon instance registered for Postwerk (POST /api/v1/apps), cached per instance. */
export type InstanceApp = { clientId: string; clientSecret: string };

/**
 * OAuth against a server the user names (Mastodon, ADR 0095): the address is checked to be
 * public, the app registered there on first use (the caller caches it), then the usual round trip.
 */
export type InstanceConnect = {
  kind: "instance";
  /** The instance's origin from what the user typed; `rejected` with a German detail if it is not a public server. */
  instanceOrigin(input: string): Promise<string>;
  registerApp(input: { instance: string; redirectUri: string }): Promise<InstanceApp>;
  authorizationUrl(input: {
    instance: string;
    app: InstanceApp;
    state: string;
    codeVerifier: string;
    redirectUri: string;
  }): URL;
  exchangeCode(input: {
    instance: string;
    app: InstanceApp;
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<TokenSet>;
};

/**
 * Networks that publish in steps (Instagram: create a media container from a public image URL,
 * poll until it is ready, then publish it) return `pending` from `publish` and are called again
 * through `continuePublish` by the queue; X, LinkedIn and Bluesky always answer `published`.
 */
export type PublishOutcome =
  | { status: "published"; post: PublishedPost }
  | { status: "pending"; continuation: string; checkAfterMs: number };

export type SocialNetwork = {
  id: NetworkId;
  /** False when the operator has not set the network's client id and secret ("vom Betreiber nicht eingerichtet"). */
  configured: boolean;
  /** Why an unconfigured network is not offered, where it is not the missing settings (Instagram without a public address). */
  notConfiguredReason?: string;
  connect: NetworkConnect;
  /**
   * Fresh tokens for an account. Called ahead of expiry. Throws NetworkError `revoked` only on a
   * clear revocation; `unavailable`/`outcome-unknown` on 5xx and timeouts (the caller keeps the
   * old tokens and tries again later). Networks without refresh (LinkedIn) throw `revoked` once the
   * access token has expired.
   */
  refresh(tokens: TokenSet): Promise<TokenSet>;
  identity(tokens: TokenSet): Promise<NetworkIdentity>;
  publish(tokens: TokenSet, identity: NetworkIdentity, input: PublishInput): Promise<PublishOutcome>;
  /**
   * Networks that let the sender name a post (Bluesky's record key, ADR 0119): a fresh name, stored
   * before the first call and passed as `PublishInput.postKey` to every attempt of that post.
   */
  newPostKey?(): Promise<string>;
  continuePublish?(tokens: TokenSet, identity: NetworkIdentity, continuation: string): Promise<PublishOutcome>;
  deletePost(tokens: TokenSet, identity: NetworkIdentity, externalId: string): Promise<void>;
  /**
   * Networks that publish threads (ADR 0066): the account's own post matching `lookup` if it is
   * there, else null (Bluesky: the record under `lookup.postKey`, ADR 0119). Settles a thread's post whose answer was lost, so it is neither sent twice
   * nor left out. Throws NetworkError like every call (a failed lookup settles nothing).
   */
  findPost?(tokens: TokenSet, identity: NetworkIdentity, lookup: PostLookup): Promise<PublishedPost | null>;
  /**
   * The public figures of the account's own posts (ADR 0104), at most `metricsBatchSize` ids per
   * call: a map from each asked id to its figures, or "deleted" where the network no longer has
   * the post. An id the answer leaves out is neither (not known yet). Throws NetworkError like
   * every call. Networks without it show "nicht verfügbar", never invented figures.
   */
  fetchMetrics?(tokens: TokenSet, identity: NetworkIdentity, externalIds: string[]): Promise<MetricsAnswer>;
  /**
   * The same figures read without a user's token (ADR 0117): X with the app's bearer token (when
   * the operator set one), Bluesky from the public AppView. The collector then asks for the posts
   * of every account together, `metricsBatchSize` ids per call, instead of per account.
   */
  fetchPublicMetrics?(externalIds: string[]): Promise<MetricsAnswer>;
  /** How many ids one `fetchMetrics` call takes (X 100, Bluesky 25, the networks read one by one 1). */
  metricsBatchSize?: number;
  /**
   * How long before the access token's expiry it is renewed; REFRESH_AHEAD_MS (minutes) where not
   * set. Threads renews its 60-day tokens once they are a day old (ADR 0098).
   */
  refreshAheadMs?: number;
  /** The network's own publishing limit per account (X: 100 posts per 15 minutes). */
  limits: { postsPerWindow: number; windowMs: number };
};
