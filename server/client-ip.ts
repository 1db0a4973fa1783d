import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

// The visitor's address: the socket's peer, or the first X-Forwarded-For entry when the
// operator says a trusted proxy sits in front (TRUST_PROXY=true). A client-sent header
// is never believed otherwise, so nobody can pick their own rate-limit bucket.
export function getClientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // No Node socket behind the request (app.request() in tests, other runtimes).
    return "unknown";
  }
}
