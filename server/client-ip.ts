import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { type ProxyTrust, resolveClientAddress } from "./proxy-trust.ts";

// The visitor's address for rate limits and the consent history: the socket's peer, or,
// behind the proxies TRUST_PROXY names, the address the nearest untrusted hop was seen with
// (ADR 0040). A client-sent X-Forwarded-For entry is never believed, so nobody can pick
// their own rate-limit bucket.
export function getClientIp(c: Context, trust: ProxyTrust): string {
  return resolveClientAddress(socketAddress(c), c.req.header("x-forwarded-for"), trust);
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // No Node socket behind the request (app.request() in tests, other runtimes).
    return undefined;
  }
}
