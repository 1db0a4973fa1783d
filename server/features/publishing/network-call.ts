import { NetworkError } from "#server/integrations/social/social-network.ts";
import type { NetworkId } from "#shared/networks.ts";

/** A call that has not answered by then may still arrive: it counts as "unbestätigt" (ADR 0053). */
export const PUBLISH_TIMEOUT_MS = 60_000;

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
