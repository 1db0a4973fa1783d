import { NETWORK_IDS, type NetworkId } from "#shared/networks.ts";
import { NetworkError, type SocialNetwork } from "./social-network.ts";

// Until the networks' integrations (server/integrations/{x,linkedin,bluesky}/, built in parallel)
// are wired in, every network is "vom Betreiber nicht eingerichtet": the publishing core, its
// routes and its queue run, and nothing leaves the server. Tests inject a scripted double.
export function createUnconfiguredNetworks(): Record<NetworkId, SocialNetwork> {
  return Object.fromEntries(NETWORK_IDS.map((id) => [id, unconfigured(id)])) as Record<NetworkId, SocialNetwork>;
}

function unconfigured(id: NetworkId): SocialNetwork {
  const refuse = async (): Promise<never> => {
    throw new NetworkError(id, "rejected", { detail: "Netzwerk nicht eingerichtet" });
  };
  return {
    id,
    configured: false,
    connect:
      id === "bluesky"
        ? { kind: "app-password", signIn: refuse }
        : {
            kind: "oauth",
            authorizationUrl: () => {
              throw new NetworkError(id, "rejected", { detail: "Netzwerk nicht eingerichtet" });
            },
            exchangeCode: refuse,
          },
    refresh: refuse,
    identity: refuse,
    publish: refuse,
    deletePost: refuse,
    limits: { postsPerWindow: 1, windowMs: 60_000 },
  };
}
