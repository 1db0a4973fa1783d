import dns from "node:dns";
import net from "node:net";

// Which addresses the website reader may connect to (docs/design.md: public
// addresses only; ADR 0013). Everything that is not globally routable unicast is
// refused: a user's URL must never reach the server itself, its network or a cloud
// metadata service (169.254.169.254).
const NON_PUBLIC_IPV4: Array<[string, number]> = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

const NON_PUBLIC_IPV6: Array<[string, number]> = [
  // IPv4-compatible (RFC 4291 2.5.5.1, deprecated): ::127.0.0.1 reaches 127.0.0.1 on stacks that
  // still route it, so the whole block is refused; it also holds :: (unspecified) and ::1 (loopback).
  ["::", 96],
  ["64:ff9b::", 96], // NAT64: would reach an IPv4 address we did not check
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: embeds an IPv4 address
  ["fc00::", 7], // unique local (ULA)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // deprecated site-local
  ["ff00::", 8], // multicast
];

const blocked = new net.BlockList();
for (const [address, prefix] of NON_PUBLIC_IPV4) blocked.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of NON_PUBLIC_IPV6) blocked.addSubnet(address, prefix, "ipv6");

/**
 * True for a globally routable unicast address. IPv4-mapped IPv6 addresses
 * (::ffff:10.0.0.1) are judged by their IPv4 part, which BlockList does itself.
 */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family === 6) return !blocked.check(address, "ipv6");
  return false;
}

/** An address a host resolved to, as a connection's lookup answers it. */
export type ResolvedAddress = { address: string; family: 4 | 6 };

/**
 * The lookup for a connection to a vetted host: it answers the vetted address whatever the
 * system resolver says now, so a DNS answer that changes between check and connect
 * (rebinding) cannot send the request elsewhere.
 */
export function pinnedLookup(vetted: ResolvedAddress): net.LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as dns.LookupAllOptions).all) {
      (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, [vetted]);
    } else {
      callback(null, vetted.address, vetted.family);
    }
  };
}

/** How a host is checked: tests let 127.0.0.1 stand in for a public host and inject DNS answers. */
export type HostVetting = {
  isAllowedAddress?: (address: string) => boolean;
  /** DNS resolution. Default: the system resolver, all addresses. */
  resolveHost?: (hostname: string) => Promise<string[]>;
};

const systemResolve = async (hostname: string) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((answer) => answer.address);

/**
 * Whether a host a user named (a Mastodon instance, a webhook endpoint) is, or resolves only to,
 * public addresses: one private answer among public ones is refused. Check it again before every
 * call, since a name may point elsewhere later.
 */
export async function vetPublicHost(
  hostname: string,
  vetting: HostVetting = {},
): Promise<"public" | "not-public" | "unknown-host"> {
  const verdict = await resolvePublicHost(hostname, vetting);
  return typeof verdict === "string" ? verdict : "public";
}

/** vetPublicHost's check, answering the address to connect to (with pinnedLookup) when it passes. */
export async function resolvePublicHost(
  hostname: string,
  vetting: HostVetting = {},
): Promise<ResolvedAddress | "not-public" | "unknown-host"> {
  const isAllowed = vetting.isAllowedAddress ?? isPublicAddress;
  const bare = hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (net.isIP(bare)) addresses = [bare];
  else if (bare === "localhost" || bare.endsWith(".localhost")) return "not-public";
  else {
    try {
      addresses = await (vetting.resolveHost ?? systemResolve)(bare);
    } catch {
      return "unknown-host";
    }
  }
  const [first] = addresses;
  if (!first || !addresses.every((address) => isAllowed(address))) return "not-public";
  return { address: first, family: net.isIP(first) === 6 ? 6 : 4 };
}
