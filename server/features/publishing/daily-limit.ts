import type { NetworkId } from "#shared/networks.ts";
import { NETWORKS } from "#shared/networks.ts";
import { formatDateTime } from "#shared/wall-time.ts";

/** What the Redaktionsplan shows on a post that waits for the network's daily limit (ADR 0097). */
export function dailyLimitDetail(network: NetworkId, at: Date, timeZone: string): string {
  return `Das Tageslimit von ${NETWORKS[network].label} für dieses Konto ist erreicht. Postwerk sendet den Beitrag am ${formatDateTime(at, timeZone)}, sobald wieder Platz ist.`;
}
