import type { SocialNetworkSettings } from "#server/env.ts";
import { createBlueskyNetwork } from "#server/integrations/bluesky/bluesky-network.ts";
import { createLinkedInNetwork } from "#server/integrations/linkedin/linkedin-network.ts";
import type { InstanceGuard } from "#server/integrations/mastodon/mastodon-instance.ts";
import { createMastodonNetwork } from "#server/integrations/mastodon/mastodon-network.ts";
import { createFacebookNetwork } from "#server/integrations/meta/facebook-network.ts";
import { createInstagramNetwork } from "#server/integrations/meta/instagram-network.ts";
import { createGraph } from "#server/integrations/meta/meta-graph.ts";
import { createThreadsNetwork } from "#server/integrations/threads/threads-network.ts";
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
  // Facebook Pages and Instagram share one Meta app and one login (ADR 0096, 0097).
  const graph = createGraph({ ...settings.meta, timeoutMs });
  return {
    x: createXNetwork({ ...settings.x, timeoutMs }),
    linkedin: createLinkedInNetwork({ ...settings.linkedin, timeoutMs }),
    bluesky: createBlueskyNetwork({ ...settings.bluesky, timeoutMs }),
    facebook: createFacebookNetwork(graph),
    instagram: createInstagramNetwork(graph, settings.meta.publicImages),
    threads: createThreadsNetwork({ ...settings.threads, timeoutMs }),
    mastodon: createMastodonNetwork({ ...settings.mastodon, ...mastodonGuard, timeoutMs }),
  };
}
