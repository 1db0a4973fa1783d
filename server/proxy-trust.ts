import { BlockList, isIP } from "node:net";

// Which reverse proxies stand in front of the server, and so which X-Forwarded-For entries are
// true (ADR 0040). Pure: server/env.ts parses TRUST_PROXY with it, server/client-ip.ts applies it.
//
// nginx ($proxy_add_x_forwarded_for) and load balancers APPEND the address they saw, so only
// the right end of the header comes from proxies we trust; everything to the left of it is
// whatever the client sent. The client address is therefore found by walking from the
// socket's peer to the left, one trusted proxy at a time, as Express's `trust proxy` does.

export type ProxyTrust =
  /** No proxy: X-Forwarded-For is ignored, the socket's peer is the client. */
  | { kind: "none" }
  /** This many proxies in front; `fromTrue` marks the old value `true` (= 1). */
  | { kind: "hops"; hops: number; fromTrue: boolean }
  /** The proxies' own addresses and ranges; the walk skips every address inside them. */
  | { kind: "addresses"; proxies: BlockList; entries: string[] };

/** More proxies than this in front of one server is a typo, not a setup (ADR 0040). */
export const TRUST_PROXY_MAX_HOPS = 10;

/** The client's address when the request has no socket (app.request in tests, other runtimes). */
export const UNKNOWN_ADDRESS = "unknown";

const TRUST_PROXY_EXPECTED = `erwartet false, die Zahl der Proxys davor (1 bis ${TRUST_PROXY_MAX_HOPS}) oder eine Liste ihrer Adressen und CIDR-Bereiche (z. B. 127.0.0.1,10.0.0.0/8)`;

/** Reads TRUST_PROXY; a string is the German reason it is refused. */
export function parseProxyTrust(value: string | undefined): ProxyTrust | string {
  const text = (value ?? "").trim();
  if (text === "" || text === "false" || text === "0") return { kind: "none" };
  if (text === "true") return { kind: "hops", hops: 1, fromTrue: true };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > TRUST_PROXY_MAX_HOPS) return `${TRUST_PROXY_EXPECTED}; ${text} Proxys sind zu viele`;
    return { kind: "hops", hops, fromTrue: false };
  }
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const proxies = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix, ...rest] = entry.split("/");
    const family = isIP(address);
    const maxPrefix = family === 4 ? 32 : 128;
    const type = family === 4 ? "ipv4" : "ipv6";
    if (family === 0 || rest.length > 0 || (prefix !== undefined && !/^\d+$/.test(prefix))) {
      return `${TRUST_PROXY_EXPECTED}; „${entry}“ ist weder eine IP-Adresse noch ein CIDR-Bereich`;
    }
    if (prefix === undefined) proxies.addAddress(address, type);
    else if (Number(prefix) <= maxPrefix) proxies.addSubnet(address, Number(prefix), type);
    else return `${TRUST_PROXY_EXPECTED}; in „${entry}“ ist /${prefix} zu groß (höchstens /${maxPrefix})`;
  }
  return { kind: "addresses", proxies, entries };
}

/**
 * One address in the form rate limits and Better Auth compare: without a port or brackets,
 * an IPv4-mapped IPv6 address (a dual-stack socket's `::ffff:1.2.3.4`) as plain IPv4,
 * IPv6 in lower case. Anything that is no IP address gives undefined.
 */
export function normalizeAddress(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let address = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  if (ipv4WithPort?.[1]) address = ipv4WithPort[1];
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return undefined;
  const lower = address.toLowerCase();
  const mapped = lower.startsWith("::ffff:") ? lower.slice("::ffff:".length) : "";
  return isIP(mapped) === 4 ? mapped : lower;
}

function isTrustedProxy(address: string, hop: number, trust: ProxyTrust): boolean {
  if (trust.kind === "hops") return hop < trust.hops;
  if (trust.kind === "addresses" && address !== UNKNOWN_ADDRESS) {
    return trust.proxies.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
  }
  return false;
}

/**
 * The client's address: start at the socket's peer and, while the current address is a
 * trusted proxy, step to the entry that proxy appended to X-Forwarded-For (right to left).
 * The first address that is no trusted proxy is the client. An entry that is no IP address
 * ends the walk at the hop that passed it on, so garbage never becomes a bucket of its own
 * (Better Auth would not rate-limit a bucket that is no address at all).
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trust: ProxyTrust,
): string {
  let client = normalizeAddress(socketAddress) ?? UNKNOWN_ADDRESS;
  if (trust.kind === "none" || !forwardedFor) return client;
  const forwarded = forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (let hop = 0; isTrustedProxy(client, hop, trust); hop++) {
    const next = normalizeAddress(forwarded.pop());
    if (!next) break;
    client = next;
  }
  return client;
}
