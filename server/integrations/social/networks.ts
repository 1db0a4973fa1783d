import type { SocialNetworkSettings } from "#server/env.ts";
import { createBlueskyNetwork } from "#server/integrations/bluesky/bluesky-network.ts";
import { createLinkedInNetwork } from "#server/integrations/linkedin/linkedin-network.ts";
import type { InstanceGuard } from "#server/integrations/mastodon/mastodon-instance.ts";
import { createMastodonNetwork } from "#server/integrations/mastodon/mastodon-network.ts";
import { createXNetwork } from "#server/integrations/x/x-network.ts";
import type { NetworkId } from "#shared/networks.ts";
import type { SocialNetwork } from "./social-network.ts";

/**
 * Every network Postwerk publishes to, built once at start-up from `env.networks` (ADR 0060).
 * `mastodonGuard`: which instance addresses may be reached; public ones only unless a test or a
 * local trial lets its fake on 127.0.0.1 through (ADR 0095).
 */
export function createSocialNetworks(
  settings: SocialNetworkSettings,
  mastodonGuard: InstanceGuard = {},
): Record<NetworkId, SocialNetwork> {
  const { timeoutMs } = settings;
  return {
    x: createXNetwork({ ...settings.x, timeoutMs }),
    linkedin: createLinkedInNetwork({ ...settings.linkedin, timeoutMs }),
    bluesky: createBlueskyNetwork({ ...settings.bluesky, timeoutMs }),
    mastodon: createMastodonNetwork({ ...settings.mastodon, ...mastodonGuard, timeoutMs }),
  };
}
