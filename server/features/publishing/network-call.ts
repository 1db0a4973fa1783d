import type { AppDeps } from "#server/app-env.ts";
import type { publications } from "#server/db/schema/publishing.ts";
import {
  type AccountDeps,
  refreshAfterRejection,
  type UsableTokens,
} from "#server/features/account-tokens/account-tokens.ts";
import {
  NetworkError,
  type PostLookup,
  type PublishInput,
  type PublishOutcome,
} from "#server/integrations/social/social-network.ts";
import type { NetworkId } from "#shared/networks.ts";

/**
 * The Idempotency-Key of one stored attempt (ADR 0095): the row's id and its attempt number, both
 * committed before the call, so every try within the attempt sends the same key and a later
 * attempt (after the network did not accept this one) a new one.
 */
export function attemptKey(rowId: string, attempt: number): string {
  return `postwerk-${rowId}-${attempt}`;
}

/**
 * A fresh name for a post where its network lets the sender choose one (Bluesky, ADR 0119), else
 * null. Stored before the first call; every attempt of the post sends it.
 */
export async function newPostKey(deps: Pick<AppDeps, "networks">, network: NetworkId): Promise<string | null> {
  return (await deps.networks[network].newPostKey?.()) ?? null;
}

/** A call that has not answered by then may still arrive: it counts as "unbestätigt" (ADR 0053). */
export const PUBLISH_TIMEOUT_MS = 60_000;

/**
 * What one attempt of the queue came to: the network's answer or failure, or one of the attempt's
 * own ends (ADR 0074): `wait` (not now, no post was made: a thread's post in doubt cannot be looked
 * up yet, or the server is stopping), `taken-over` (another worker owns the publication now),
 * `not-found` (a lookup found no such post).
 */
export type AttemptResult =
  | PublishOutcome
  | NetworkError
  | { status: "wait"; until: Date }
  | { status: "taken-over" }
  | { status: "not-found" };

/** What a claimed attempt may do on the network, with the account's tokens (delivery.service.ts). */
export type NetworkAttempt = {
  publish(input: PublishInput): Promise<AttemptResult>;
  /** The account's own post matching `lookup`, `not-found`, or null where the network cannot look. */
  findPost(lookup: PostLookup): Promise<AttemptResult | null>;
  /** A fresh name for a post, where the network takes one (`newPostKey` below). */
  newPostKey(): Promise<string | null>;
  /** True once this server is shutting down: a thread stops after the post in flight (ADR 0076). */
  stopping(): boolean;
  /** The attempt's clock: its `now` (a test's fake one) plus the real time since, for `sentAt`. */
  clock(): Date;
};

/**
 * One call to a network, its failure as a value: a NetworkError as the integration threw it, or
 * `outcome-unknown` for anything else (a bug in an integration, a socket error after sending, no
 * answer within `timeoutMs`), since such a call may have reached the network.
 */
export async function callNetwork<T>(
  network: NetworkId,
  call: () => Promise<T>,
  timeoutMs: number,
): Promise<T | NetworkError> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new NetworkError(network, "outcome-unknown", { detail: "keine Antwort" })),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([call(), timeout]);
  } catch (error) {
    return error instanceof NetworkError ? error : new NetworkError(network, "outcome-unknown", { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** The network calls of one claimed attempt, with the account's tokens. */
export function networkAttempt(
  deps: AccountDeps & Pick<AppDeps, "publishingQueue">,
  publication: typeof publications.$inferSelect,
  access: Extract<UsableTokens, { kind: "ok" }>,
  now: Date,
  timeoutMs: number,
): NetworkAttempt {
  const network = deps.networks[publication.network];
  const startedAt = performance.now();
  let tokens = access.tokens;
  let refreshed = false;
  /**
   * A 401 may only mean the access token ran out early: one refresh and one more try before the
   * account counts as revoked (ADR 0060). A refused call made no post, so trying again is safe.
   */
  async function withTokens<T>(call: (current: typeof tokens) => Promise<T>): Promise<T | NetworkError> {
    const first = await callNetwork(publication.network, () => call(tokens), timeoutMs);
    if (!(first instanceof NetworkError) || first.kind !== "revoked" || refreshed || !publication.accountId)
      return first;
    refreshed = true;
    const fresh = await refreshAfterRejection(deps, publication.accountId, tokens, now);
    if (fresh.kind === "revoked") return first;
    if (fresh.kind === "unavailable") return new NetworkError(publication.network, "unavailable");
    tokens = fresh.tokens;
    return callNetwork(publication.network, () => call(tokens), timeoutMs);
  }
  return {
    publish: (input) => withTokens((current) => network.publish(current, access.identity, input)),
    async findPost(lookup) {
      if (!network.findPost) return null;
      const find = network.findPost.bind(network);
      const found = await withTokens((current) => find(current, access.identity, lookup));
      if (found === null) return { status: "not-found" };
      return found instanceof NetworkError ? found : { status: "published", post: found };
    },
    newPostKey: () => newPostKey(deps, publication.network),
    stopping: () => deps.publishingQueue.stopping(),
    clock: () => answeredAt(now, startedAt),
  };
}

/**
 * When the network's answer came: the attempt's clock (a test's fake one, or now) plus the real
 * time since, so `sentAt` is the acceptance and not the start of sending.
 */
export function answeredAt(attemptNow: Date, startedAt: number): Date {
  return new Date(attemptNow.getTime() + (performance.now() - startedAt));
}
