import http from "node:http";
import https from "node:https";
import { pinnedLookup, type ResolvedAddress } from "#server/integrations/website/address-policy.ts";

/**
 * One delivery's POST (ADR 0110), connected to the address the endpoint was vetted at: a name
 * that points elsewhere after the check (DNS rebinding) cannot turn a delivery toward the server's
 * own network. TLS still checks the certificate against the URL's host name. Redirects are not
 * followed; the answer's body is not read (it is the receiver's, and nothing here needs it).
 * Answers the HTTP status; rejects when no answer came (refused, reset, `deadline`).
 */
export function postToEndpoint(
  target: { url: URL; address: ResolvedAddress | null },
  deadline: AbortSignal,
  body: string,
  headers: Record<string, string>,
): Promise<number> {
  const { url, address } = target;
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, {
      method: "POST",
      agent: false,
      ...(address ? { lookup: pinnedLookup(address) } : {}),
      signal: deadline,
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
    });
    request.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", reject);
    request.end(body);
  });
}
