import { NetworkError, type SocialNetwork } from "#server/integrations/social/social-network.ts";
import { NETWORK_IDS, type NetworkId } from "#shared/networks.ts";

// Every network "vom Betreiber nicht eingerichtet", for tests of what the routes answer then:
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
