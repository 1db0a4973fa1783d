import type { SocialNetworkSettings } from "#server/env.ts";
import { createBlueskyNetwork } from "#server/integrations/bluesky/bluesky-network.ts";
import { createLinkedInNetwork } from "#server/integrations/linkedin/linkedin-network.ts";
import { createThreadsNetwork } from "#server/integrations/threads/threads-network.ts";
import { createXNetwork } from "#server/integrations/x/x-network.ts";
import type { NetworkId } from "#shared/networks.ts";
import type { SocialNetwork } from "./social-network.ts";

/** Every network Postwerk publishes to, built once at start-up from `env.networks` (ADR 0060). */
export function createSocialNetworks(settings: SocialNetworkSettings): Record<NetworkId, SocialNetwork> {
  const { timeoutMs } = settings;
  return {
    x: createXNetwork({ ...settings.x, timeoutMs }),
    linkedin: createLinkedInNetwork({ ...settings.linkedin, timeoutMs }),
    bluesky: createBlueskyNetwork({ ...settings.bluesky, timeoutMs }),
    threads: createThreadsNetwork({ ...settings.threads, timeoutMs }),
  };
}
