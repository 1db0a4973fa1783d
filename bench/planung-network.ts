import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { SocialNetworkSettings } from "#server/env.ts";
import {
  FIRST_CHECK_MS as INSTAGRAM_FIRST_CHECK_MS,
  NEXT_CHECK_MS as INSTAGRAM_NEXT_CHECK_MS,
} from "#server/integrations/meta/instagram-network.ts";
import { createSocialNetworks } from "#server/integrations/social/networks.ts";
import { NetworkError, type PublishOutcome, type SocialNetwork } from "#server/integrations/social/social-network.ts";
import { CONTAINER_CHECK_MS as THREADS_CHECK_MS } from "#server/integrations/threads/threads-network.ts";
import { NETWORK_IDS, NETWORKS, type NetworkId } from "#shared/networks.ts";

// The stand-in networks of the planning bench (bench/planung.bench.ts; bench/ does not import tests/).
// X, LinkedIn, Bluesky, Facebook and Mastodon make a post in one call. Instagram and Threads make it
// in steps as their adapters do (ADR 0074, 0097, 0098): a media container first, looked at until it
// is FINISHED, then published; only that last step makes the post, so only it counts as the post's
// arrival (and a second one as a duplicate). Each network keeps its real per-account limit.
// The network's side (what arrived, which containers exist) lives in the bench's process; server
// processes reach it over HTTP (startRecorder), so the bench still counts what arrived after it
// killed a server.

/** How long the stand-in network takes to answer each call. */
export const PLANNING_NETWORK_MS = 200;

/**
 * The networks that publish in steps, with the waits their adapters ask the queue for: before the
 * first look at a new container (Threads looks within the publishing call) and after each look that
 * finds it IN_PROGRESS.
 */
export const CONTAINER_WAITS: Partial<Record<NetworkId, { firstMs: number; nextMs: number }>> = {
  instagram: { firstMs: INSTAGRAM_FIRST_CHECK_MS, nextMs: INSTAGRAM_NEXT_CHECK_MS },
  threads: { firstMs: 0, nextMs: THREADS_CHECK_MS },
};

/**
 * How many looks find the n-th container of a network still IN_PROGRESS: Instagram's every fourth
 * once; of Threads' every other one or two (the rest is FINISHED at the look within the call).
 */
function inProgressLooks(network: NetworkId, sequence: number): number {
  if (network === "instagram") return sequence % 4 === 3 ? 1 : 0;
  return [0, 1, 0, 2][sequence % 4] ?? 0;
}

export type ContainerStatus = "IN_PROGRESS" | "FINISHED" | "PUBLISHED";

/** What the stand-in networks call; `post` and `publishContainer` make a post. */
export type NetworkSide = {
  post(text: string): Promise<void>;
  createContainer(network: NetworkId, text: string): Promise<string>;
  containerStatus(container: string): Promise<ContainerStatus>;
  publishContainer(container: string): Promise<void>;
};

/** Each arrival of a text, in milliseconds since the epoch (a text that arrived twice has two). */
export type Arrivals = Map<string, number[]>;

export type Received = {
  arrivals: Arrivals;
  /** Per text that arrived from a container: the waits its network asked the queue for on the way. */
  waitsMs: Map<string, number>;
  /** Posts made so far, a post made twice counted twice. */
  count: () => number;
  /** Texts a container was made for (Instagram, Threads): a call of theirs left, published or not. */
  containerTexts: Set<string>;
};

type Container = { network: NetworkId; text: string; looksLeft: number; waitedMs: number; published: boolean };

/** The network's side in memory: records each post when it is made, then answers after `answerMs`. */
export function createNetworkSide(answerMs = PLANNING_NETWORK_MS): { side: NetworkSide; received: Received } {
  const arrivals: Arrivals = new Map();
  const waitsMs = new Map<string, number>();
  const containers = new Map<string, Container>();
  const containerTexts = new Set<string>();
  const sequences = new Map<NetworkId, number>();
  let count = 0;
  const arrive = (text: string, waitedMs: number) => {
    arrivals.set(text, [...(arrivals.get(text) ?? []), Date.now()]);
    waitsMs.set(text, waitedMs);
    count += 1;
  };
  const containerOf = (id: string) => {
    const container = containers.get(id);
    if (!container) throw new Error(`Unbekannter Container ${id}`);
    return container;
  };
  const answered = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), answerMs));
  const side: NetworkSide = {
    async post(text) {
      arrive(text, 0);
      return answered(undefined);
    },
    async createContainer(network, text) {
      const sequence = sequences.get(network) ?? 0;
      sequences.set(network, sequence + 1);
      const id = crypto.randomUUID();
      const waitedMs = CONTAINER_WAITS[network]?.firstMs ?? 0;
      containers.set(id, { network, text, looksLeft: inProgressLooks(network, sequence), waitedMs, published: false });
      containerTexts.add(text);
      return answered(id);
    },
    async containerStatus(id) {
      const container = containerOf(id);
      if (container.published) return answered("PUBLISHED");
      if (container.looksLeft === 0) return answered("FINISHED");
      container.looksLeft -= 1;
      container.waitedMs += CONTAINER_WAITS[container.network]?.nextMs ?? 0;
      return answered("IN_PROGRESS");
    },
    async publishContainer(id) {
      const container = containerOf(id);
      // Meta refuses a container published before; counted all the same, as the queue sent it twice.
      container.published = true;
      arrive(container.text, container.waitedMs);
      return answered(undefined);
    },
  };
  return { side, received: { arrivals, waitsMs, count: () => count, containerTexts } };
}

/**
 * The stand-in of every network, calling `side`, with each network's real limits and post names
 * (taken from the product's adapters, built with `settings`; they never reach a network).
 */
export function benchNetworks(settings: SocialNetworkSettings, side: NetworkSide): Record<NetworkId, SocialNetwork> {
  const real = createSocialNetworks(settings);
  return Object.fromEntries(NETWORK_IDS.map((id) => [id, standIn(id, real[id], side)])) as Record<
    NetworkId,
    SocialNetwork
  >;
}

function standIn(id: NetworkId, real: SocialNetwork, side: NetworkSide): SocialNetwork {
  const published = (): PublishOutcome => {
    const externalId = crypto.randomUUID();
    return { status: "published", post: { externalId, url: `https://${id}.example/${externalId}` } };
  };
  const waits = CONTAINER_WAITS[id];
  const settle = async (container: string): Promise<PublishOutcome> => {
    const status = await side.containerStatus(container);
    if (status === "IN_PROGRESS")
      return { status: "pending", continuation: container, checkAfterMs: waits?.nextMs ?? 0 };
    if (status === "PUBLISHED")
      throw new NetworkError(id, "outcome-unknown", { detail: "Container bereits veröffentlicht" });
    await side.publishContainer(container);
    return published();
  };
  return {
    id,
    configured: true,
    connect: { kind: "app-password", signIn: async () => Promise.reject(new Error("not in the bench")) },
    refresh: async (tokens) => tokens,
    identity: async () => ({ externalId: id, handle: id, displayName: id, profileUrl: null }),
    async publish(_tokens, _identity, input) {
      // As Instagram's adapter: the network fetches the image from its signed link (ADR 0097).
      if (NETWORKS[id].imageRequired && !input.images[0]?.publicUrl)
        throw new NetworkError(id, "rejected", { detail: "ohne Bildlink", reason: "media-invalid" });
      if (!waits) {
        await side.post(input.text);
        return published();
      }
      const container = await side.createContainer(id, input.text);
      if (waits.firstMs === 0) return settle(container);
      return { status: "pending", continuation: container, checkAfterMs: waits.firstMs };
    },
    continuePublish: async (_tokens, _identity, continuation) => settle(continuation),
    deletePost: async () => undefined,
    limits: real.limits,
    // Bluesky names its posts before the first call (ADR 0119): the queue stores that name first.
    ...(real.newPostKey ? { newPostKey: real.newPostKey } : {}),
  };
}

type SideCall = { [Name in keyof NetworkSide]: { call: Name; args: Parameters<NetworkSide[Name]> } }[keyof NetworkSide];

/**
 * The network's side as an HTTP server in the bench's process. A call takes effect once its request
 * is read, before the answer, like a network that has made the post and then loses the connection.
 */
export async function startRecorder() {
  const { side, received } = createNetworkSide(0);
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", async () => {
      const { call, args } = JSON.parse(body) as SideCall;
      const method = side[call] as (...values: typeof args) => Promise<unknown>;
      const answer = await method(...args).then(
        (result) => ({ result: result ?? null }),
        (error: unknown) => ({ error: String(error) }),
      );
      setTimeout(() => response.end(JSON.stringify(answer)), PLANNING_NETWORK_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ...received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a server process of the bench publishes with: each call to the network's side a POST to the recorder. */
export function recorderNetworks(
  settings: SocialNetworkSettings,
  recorderUrl: string,
): Record<NetworkId, SocialNetwork> {
  const remote =
    (call: keyof NetworkSide) =>
    async (...args: unknown[]) => {
      const response = await fetch(recorderUrl, { method: "POST", body: JSON.stringify({ call, args }) });
      if (!response.ok) throw new Error(`Recorder antwortete ${response.status}`);
      const answer = (await response.json()) as { result: unknown } | { error: string };
      if ("error" in answer) throw new Error(answer.error);
      return answer.result;
    };
  const side = {
    post: remote("post"),
    createContainer: remote("createContainer"),
    containerStatus: remote("containerStatus"),
    publishContainer: remote("publishContainer"),
  } as NetworkSide;
  return benchNetworks(settings, side);
}
