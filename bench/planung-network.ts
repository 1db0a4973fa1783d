import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { SocialNetwork } from "#server/integrations/social/social-network.ts";
import { NETWORK_IDS, type NetworkId } from "#shared/networks.ts";

// The stand-in network of the planning bench (bench/planung.bench.ts; bench/ does not import tests/):
// every network's publish hands the post's text to `deliver` and counts as published once it returns.
// In one process `deliver` records the arrival and waits; for server processes the recorder below
// takes the post over HTTP, so the bench still counts what arrived after it killed a server.

/** How long the stand-in network takes to answer a post. */
export const PLANNING_NETWORK_MS = 200;

export function benchNetworks(deliver: (text: string) => Promise<void>): Record<NetworkId, SocialNetwork> {
  return Object.fromEntries(
    NETWORK_IDS.map((id) => {
      const network: SocialNetwork = {
        id,
        configured: true,
        connect: { kind: "app-password", signIn: async () => Promise.reject(new Error("not in the bench")) },
        refresh: async (tokens) => tokens,
        identity: async () => ({ externalId: id, handle: id, displayName: id, profileUrl: null }),
        async publish(_tokens, _identity, input) {
          await deliver(input.text);
          const externalId = crypto.randomUUID();
          return { status: "published", post: { externalId, url: `https://${id}.example/${externalId}` } };
        },
        deletePost: async () => undefined,
        limits: { postsPerWindow: 100, windowMs: 15 * 60_000 },
      };
      return [id, network];
    }),
  ) as Record<NetworkId, SocialNetwork>;
}

/** Each arrival of a text, in milliseconds since the epoch (a text that arrived twice has two). */
export type Arrivals = Map<string, number[]>;

export function recordArrival(arrivals: Arrivals, text: string): void {
  const times = arrivals.get(text) ?? [];
  times.push(Date.now());
  arrivals.set(text, times);
}

/**
 * The network as an HTTP server in the bench's process. A post counts as arrived once its request
 * is read, before the answer, like a network that has made the post and then loses the connection.
 */
export async function startRecorder() {
  const arrivals: Arrivals = new Map();
  let count = 0;
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      recordArrival(arrivals, (JSON.parse(body) as { text: string }).text);
      count += 1;
      setTimeout(() => response.end("{}"), PLANNING_NETWORK_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    /** Requests read so far, a post that came twice counted twice. */
    count: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a server process of the bench publishes with: a POST to the recorder, answered after PLANNING_NETWORK_MS. */
export function recorderNetworks(recorderUrl: string): Record<NetworkId, SocialNetwork> {
  return benchNetworks(async (text) => {
    const response = await fetch(`${recorderUrl}/publish`, { method: "POST", body: JSON.stringify({ text }) });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`Recorder antwortete ${response.status}`);
  });
}
