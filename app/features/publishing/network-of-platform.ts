import type { Platform } from "#shared/generator.ts";
import type { NetworkId } from "#shared/networks.ts";

// The generator writes for a platform; the composer chooses that network's accounts first.
const NETWORK_OF_PLATFORM: Partial<Record<Platform, NetworkId>> = {
  twitter: "x",
  linkedin: "linkedin",
  facebook: "facebook",
  instagram: "instagram",
};

export function networkOfPlatform(platform: string): NetworkId | undefined {
  return NETWORK_OF_PLATFORM[platform as Platform];
}
