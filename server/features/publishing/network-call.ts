import {
  NetworkError,
  type PostLookup,
  type PublishInput,
  type PublishOutcome,
} from "#server/integrations/social/social-network.ts";
import type { NetworkId } from "#shared/networks.ts";

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
