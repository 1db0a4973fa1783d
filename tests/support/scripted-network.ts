import {
  NetworkError,
  type NetworkFailureKind,
  type PublishInput,
  type SocialNetwork,
  type TokenSet,
} from "#server/integrations/social/social-network.ts";
import type { NetworkId } from "#shared/networks.ts";
import type { FailureReason } from "#shared/publishing-failures.ts";

// An in-memory SocialNetwork for the publishing core's tests (ADR 0053): each call to publish or
// refresh takes the next scripted step (succeed, fail with a kind, hang), else succeeds. What the
// "network" received is recorded, so a test sees a post that arrived twice. The HTTP fakes of the
// real integrations live in tests/mocks/ (built with server/integrations/<network>/).

export type Step =
  | { do: "succeed" }
  | { do: "fail"; kind: NetworkFailureKind; retryAt?: Date; detail?: string; reason?: FailureReason }
  /** The post arrives, the answer is lost: the caller sees outcome-unknown. */
  | { do: "arrive-then-lose-answer" }
  /** Never answers (until `releaseHanging`); the caller's own timeout must end the wait. */
  | { do: "hang" }
  /** A network that publishes in steps (ADR 0074): the post is made by `continuePublish` later. */
  | { do: "pending"; checkAfterMs: number };

export type ScriptedNetwork = SocialNetwork & {
  /** Queues steps for the next publish calls. */
  publishSteps: Step[];
  /** Queues steps for the next continuePublish calls (a `pending` step again: still not ready). */
  continueSteps: Step[];
  continueCalls: number;
  refreshSteps: Step[];
  received: { text: string; images: number; altTexts?: string[]; accessToken: string; externalId: string }[];
  publishCalls: number;
  refreshCalls: TokenSet[];
  releaseHanging(): void;
  /** Resolves when the next publish call starts (an event, not a sleep). */
  nextPublishCall(): Promise<void>;
};

export function createScriptedNetwork(
  id: NetworkId,
  options: { latencyMs?: number; limits?: SocialNetwork["limits"] } = {},
): ScriptedNetwork {
  let counter = 0;
  let hanging: (() => void)[] = [];
  let waiters: (() => void)[] = [];
  const containers = new Map<string, { text: string; accessToken: string }>();
  const fail = (step: Extract<Step, { do: "fail" }>) =>
    new NetworkError(id, step.kind, {
      retryAt: step.retryAt ?? null,
      detail: step.detail ?? null,
      reason: step.reason,
    });

  const network: ScriptedNetwork = {
    id,
    configured: true,
    connect:
      id === "bluesky"
        ? {
            kind: "app-password",
            signIn: async ({ identifier, appPassword }) => {
              if (appPassword !== "app-pass-word") throw new NetworkError(id, "revoked", { detail: "bad password" });
              return tokensFor(`${identifier}-access`);
            },
          }
        : {
            kind: "oauth",
            authorizationUrl: ({ state, codeVerifier, redirectUri }) => {
              const url = new URL(`https://${id}.example/authorize`);
              url.searchParams.set("state", state);
              url.searchParams.set("code_challenge", `challenge-of-${codeVerifier.length}`);
              url.searchParams.set("redirect_uri", redirectUri);
              return url;
            },
            exchangeCode: async ({ code, codeVerifier }) => {
              if (code === "denied" || codeVerifier.length < 43) throw new NetworkError(id, "revoked");
              return tokensFor(`${code}-access`, `${code}-refresh`);
            },
          },
    async refresh(tokens) {
      network.refreshCalls.push(tokens);
      const step = network.refreshSteps.shift() ?? { do: "succeed" };
      if (step.do === "fail") throw fail(step);
      if (step.do === "hang") return new Promise(() => undefined);
      counter += 1;
      return tokensFor(`refreshed-${counter}`, `refresh-${counter}`);
    },
    async identity(tokens) {
      const name = tokens.accessToken.replace(/-access$/, "");
      return { externalId: `${id}-${name}`, handle: `@${name}`, displayName: name, profileUrl: null };
    },
    async publish(tokens, _identity, input: PublishInput) {
      network.publishCalls += 1;
      for (const wake of waiters) wake();
      waiters = [];
      if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      const step = network.publishSteps.shift() ?? { do: "succeed" };
      if (step.do === "fail") throw fail(step);
      if (step.do === "hang") {
        await new Promise<void>((resolve) => hanging.push(resolve));
        throw new NetworkError(id, "unavailable", { detail: "released" });
      }
      if (step.do === "pending") {
        counter += 1;
        const continuation = `container-${counter}`;
        containers.set(continuation, { text: input.text, accessToken: tokens.accessToken });
        return { status: "pending", continuation, checkAfterMs: step.checkAfterMs };
      }
      counter += 1;
      const externalId = `${id}-post-${counter}`;
      network.received.push({
        text: input.text,
        images: input.images.length,
        altTexts: input.images.map((image) => image.altText),
        accessToken: tokens.accessToken,
        externalId,
      });
      if (step.do === "arrive-then-lose-answer") throw new NetworkError(id, "outcome-unknown", { detail: "timeout" });
      return { status: "published", post: { externalId, url: `https://${id}.example/posts/${externalId}` } };
    },
    async continuePublish(_tokens, _identity, continuation) {
      network.continueCalls += 1;
      const step = network.continueSteps.shift() ?? { do: "succeed" };
      if (step.do === "fail") throw fail(step);
      if (step.do === "pending") return { status: "pending", continuation, checkAfterMs: step.checkAfterMs };
      const container = containers.get(continuation);
      if (!container) throw new NetworkError(id, "rejected", { detail: "unknown container" });
      containers.delete(continuation);
      counter += 1;
      const externalId = `${id}-post-${counter}`;
      network.received.push({ text: container.text, images: 0, accessToken: container.accessToken, externalId });
      return { status: "published", post: { externalId, url: `https://${id}.example/posts/${externalId}` } };
    },
    async deletePost() {},
    limits: options.limits ?? { postsPerWindow: 100, windowMs: 15 * 60_000 },
    publishSteps: [],
    continueSteps: [],
    continueCalls: 0,
    refreshSteps: [],
    received: [],
    publishCalls: 0,
    refreshCalls: [],
    releaseHanging() {
      for (const release of hanging) release();
      hanging = [];
    },
    nextPublishCall() {
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
  return network;
}

export function tokensFor(
  accessToken: string,
  refreshToken: string | null = null,
  expiresAt: Date | null = null,
): TokenSet {
  return { accessToken, refreshToken, accessTokenExpiresAt: expiresAt, connectionExpiresAt: null, scope: null };
}

export function createScriptedNetworks(options: { latencyMs?: number } = {}) {
  return {
    x: createScriptedNetwork("x", { ...options, limits: { postsPerWindow: 100, windowMs: 15 * 60_000 } }),
    linkedin: createScriptedNetwork("linkedin", options),
    bluesky: createScriptedNetwork("bluesky", options),
    facebook: createScriptedNetwork("facebook", options),
    instagram: createScriptedNetwork("instagram", { ...options, limits: { postsPerWindow: 50, windowMs: 86_400_000 } }),
    threads: createScriptedNetwork("threads", options),
    mastodon: createScriptedNetwork("mastodon", options),
  };
}
