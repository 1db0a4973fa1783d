import type { SocialNetworkSettings } from "#server/env.ts";
import { insightValues } from "#server/integrations/meta/meta-insights.ts";
import {
  failureFromStatus,
  failureFromTransport,
  readJson,
  safeDetail,
} from "#server/integrations/social/network-failures.ts";
import { authorizationUrl } from "#server/integrations/social/oauth-tokens.ts";
import {
  metricsOneByOne,
  NetworkError,
  type NetworkIdentity,
  nullIfGone,
  type PostLookup,
  type PublishInput,
  type PublishOutcome,
  type SocialNetwork,
  type TokenSet,
} from "#server/integrations/social/social-network.ts";
import { effectiveStatus, metaErrorOf, threadsFailureReason } from "./threads-failures.ts";
import { threadsImageUrl } from "./threads-image-url.ts";
import { quotaFreeAt } from "./threads-quota.ts";

// Meta's Threads (ADR 0098): OAuth at threads.net, a short-lived token exchanged for a 60-day one
// that is renewed once it is a few days old; a post is a container (POST /{user}/threads) that is
// published once Meta reports it FINISHED (POST /{user}/threads_publish). A container still
// IN_PROGRESS is handed back to the queue as `pending` (ADR 0074) and looked at again each minute
// for at most five minutes, as Meta advises; a thread's reply waits for its container in the call.

const SCOPES = [
  "threads_basic",
  "threads_content_publish",
  "threads_manage_replies",
  "threads_read_replies",
  "threads_delete",
  "threads_manage_insights",
];
const VERSION = "v1.0";
const DAY_MS = 24 * 60 * 60 * 1000;
/** Meta's limit: 250 posts per profile in a moving 24 hours (replies have their own 1,000). */
const LIMITS = { postsPerWindow: 250, windowMs: DAY_MS };
/**
 * A long-lived token may be renewed once it is 24 hours old; renewing when fewer than 58 of its
 * 60 days are left keeps well clear of "too young" and of expiry.
 */
export const THREADS_REFRESH_AHEAD_MS = 58 * DAY_MS;
/** Meta: look at a container's status once a minute, for no more than five minutes. */
export const CONTAINER_CHECK_MS = 60_000;
const CONTAINER_CHECKS_MAX = 5;
/** What Threads takes as an image's description. */
const ALT_TEXT_MAX = 1000;

type ThreadsSettings = SocialNetworkSettings["threads"] & {
  timeoutMs: number;
  /** Waits before each look at a reply's container within the call (tests: none). */
  replyWaitsMs?: readonly number[];
};

/** What the queue keeps between the steps of one post: its container and how often it was looked at. */
type Continuation = { container: string; checks: number };

type Call = { createsPost: boolean; hide: string[] };

export function createThreadsNetwork(settings: ThreadsSettings): SocialNetwork {
  const { app, apiBase, webBase, publicImages, timeoutMs } = settings;
  const replyWaitsMs = settings.replyWaitsMs ?? [1_000, 2_000, 4_000, 8_000];
  const requireApp = () => {
    if (!app) throw new NetworkError("threads", "rejected", { detail: "Threads ist vom Betreiber nicht eingerichtet" });
    return app;
  };

  /** One call to the Graph API, its Meta error mapped (ADR 0060). */
  async function request(call: Call, url: URL, init: RequestInit = {}): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw failureFromTransport("threads", error, call);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {}
      const error = metaErrorOf(body);
      const status = effectiveStatus(response.status, error);
      const detail = safeDetail(error?.error_user_msg ?? error?.message, call.hide);
      throw failureFromStatus("threads", {
        status,
        headers: response.headers,
        detail,
        reason: threadsFailureReason(response.status, body),
      });
    }
    return (await readJson({ network: "threads", createsPost: call.createsPost }, response)) as Record<string, unknown>;
  }
  const graph = (path: string, query: Record<string, string> = {}) => {
    const url = new URL(`${apiBase}/${VERSION}/${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  };
  // The token in a header, not in the URL, so it stays out of every log of an address.
  const authorized = (tokens: TokenSet, init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { ...init.headers, authorization: `Bearer ${tokens.accessToken}` },
  });
  const read = (tokens: TokenSet, url: URL) =>
    request({ createsPost: false, hide: [tokens.accessToken] }, url, authorized(tokens));
  const post = (tokens: TokenSet, url: URL, form: Record<string, string>, createsPost: boolean, text = "") =>
    request(
      { createsPost, hide: [tokens.accessToken, text] },
      url,
      authorized(tokens, { method: "POST", body: new URLSearchParams(form) }),
    );

  /** A long-lived token from the answer of the exchange or the renewal. */
  const longLived = (answer: Record<string, unknown>, scope: string | null): TokenSet => {
    if (typeof answer.access_token !== "string")
      throw new NetworkError("threads", "unavailable", { detail: "Antwort ohne access_token" });
    const expiresIn = typeof answer.expires_in === "number" ? answer.expires_in : null;
    return {
      accessToken: answer.access_token,
      refreshToken: null,
      accessTokenExpiresAt: expiresIn === null ? null : new Date(Date.now() + expiresIn * 1000),
      connectionExpiresAt: null,
      scope,
    };
  };

  const checkQuota = async (tokens: TokenSet, identity: NetworkIdentity) => {
    const answer = await read(
      tokens,
      graph(`${identity.externalId}/threads_publishing_limit`, {
        fields: "quota_usage,config,reply_quota_usage,reply_config",
      }),
    );
    return (answer.data as Record<string, unknown>[] | undefined)?.[0] ?? {};
  };

  /** The account's own posts (or replies) since `since`, newest first, following Meta's pages. */
  async function ownPosts(tokens: TokenSet, identity: NetworkIdentity, replies: boolean, since: Date) {
    const found: { id: string; text?: string; timestamp?: string; permalink?: string; replied_to?: { id?: string } }[] =
      [];
    let url: URL | null = graph(`${identity.externalId}/${replies ? "replies" : "threads"}`, {
      fields: "id,text,timestamp,permalink,replied_to",
      since: String(Math.floor(since.getTime() / 1000)),
      limit: "100",
    });
    for (let page = 0; url && page < 5; page++) {
      const answer = await read(tokens, url);
      found.push(...((answer.data as typeof found | undefined) ?? []));
      const next = (answer.paging as { next?: string } | undefined)?.next;
      url = next ? new URL(next) : null;
    }
    return found;
  }

  async function publishContainer(tokens: TokenSet, identity: NetworkIdentity, container: string, text: string) {
    const answer = await post(
      tokens,
      graph(`${identity.externalId}/threads_publish`),
      { creation_id: container },
      true,
      text,
    );
    if (typeof answer.id !== "string")
      throw new NetworkError("threads", "outcome-unknown", { detail: "Antwort ohne id" });
    return {
      status: "published",
      post: { externalId: answer.id, url: await permalinkOf(tokens, identity, answer.id) },
    } as const;
  }

  /** The post's link; a post that is out stays out when only its link cannot be read now. */
  async function permalinkOf(tokens: TokenSet, identity: NetworkIdentity, id: string): Promise<string> {
    try {
      const answer = await read(tokens, graph(id, { fields: "permalink" }));
      if (typeof answer.permalink === "string") return answer.permalink;
    } catch {}
    return identity.profileUrl ?? webBase;
  }

  const containerStatus = async (tokens: TokenSet, container: string) => {
    const answer = await read(tokens, graph(container, { fields: "status,error_message" }));
    return {
      status: String(answer.status ?? ""),
      error: typeof answer.error_message === "string" ? answer.error_message : null,
    };
  };

  /** What a container's status means for the post: publish it, look again, or why it failed. */
  async function settleContainer(
    tokens: TokenSet,
    identity: NetworkIdentity,
    step: Continuation,
    text: string,
  ): Promise<PublishOutcome> {
    const { status, error } = await containerStatus(tokens, step.container);
    if (status === "FINISHED") return publishContainer(tokens, identity, step.container, text);
    if (status === "ERROR")
      throw new NetworkError("threads", "rejected", {
        detail: `Threads konnte den Beitrag nicht verarbeiten${error ? ` (${error})` : ""}.`,
        reason: "media-invalid",
      });
    if (status === "EXPIRED")
      throw new NetworkError("threads", "rejected", {
        detail:
          "Der vorbereitete Beitrag ist bei Threads abgelaufen: Er wurde nicht innerhalb von 24 Stunden veröffentlicht.",
      });
    if (status === "PUBLISHED")
      throw new NetworkError("threads", "outcome-unknown", { detail: "Container schon veröffentlicht" });
    if (step.checks + 1 >= CONTAINER_CHECKS_MAX)
      throw new NetworkError("threads", "rejected", {
        detail: "Threads hat den Beitrag nicht innerhalb von fünf Minuten fertig verarbeitet.",
        reason: "media-invalid",
      });
    const next: Continuation = { container: step.container, checks: step.checks + 1 };
    return { status: "pending", continuation: JSON.stringify(next), checkAfterMs: CONTAINER_CHECK_MS };
  }

  return {
    id: "threads",
    configured: app !== null,
    limits: LIMITS,
    refreshAheadMs: THREADS_REFRESH_AHEAD_MS,
    connect: {
      kind: "oauth",
      // Threads takes its scopes comma-separated and has no PKCE.
      authorizationUrl: ({ state, redirectUri }) =>
        authorizationUrl(`${webBase}/oauth/authorize`, requireApp().clientId, [SCOPES.join(",")], {
          state,
          redirectUri,
          codeVerifier: null,
        }),
      async exchangeCode({ code, redirectUri }) {
        const { clientId, clientSecret } = requireApp();
        const hide = [code, clientSecret];
        let short: Record<string, unknown>;
        try {
          short = await request({ createsPost: false, hide }, new URL(`${apiBase}/oauth/access_token`), {
            method: "POST",
            body: new URLSearchParams({
              client_id: clientId,
              client_secret: clientSecret,
              grant_type: "authorization_code",
              redirect_uri: redirectUri,
              code,
            }),
          });
        } catch (error) {
          // A used or wrong code: the user simply connects again.
          if (error instanceof NetworkError && error.kind === "revoked")
            throw new NetworkError("threads", "rejected", { detail: error.detail, cause: error });
          throw error;
        }
        if (typeof short.access_token !== "string")
          throw new NetworkError("threads", "unavailable", { detail: "Antwort ohne access_token" });
        const exchange = new URL(`${apiBase}/access_token`);
        exchange.search = new URLSearchParams({
          grant_type: "th_exchange_token",
          client_secret: clientSecret,
          access_token: short.access_token,
        }).toString();
        const answer = await request({ createsPost: false, hide: [clientSecret, short.access_token] }, exchange);
        return longLived(answer, SCOPES.join(","));
      },
    },
    async refresh(tokens) {
      const url = new URL(`${apiBase}/refresh_access_token`);
      url.search = new URLSearchParams({ grant_type: "th_refresh_token", access_token: tokens.accessToken }).toString();
      return longLived(await request({ createsPost: false, hide: [tokens.accessToken] }, url), tokens.scope);
    },
    async identity(tokens) {
      const me = await read(tokens, graph("me", { fields: "id,username,name,threads_profile_picture_url" }));
      const username = String(me.username ?? "");
      return {
        externalId: String(me.id ?? ""),
        handle: `@${username}`,
        displayName: typeof me.name === "string" && me.name ? me.name : username,
        profileUrl: `${webBase}/@${username}`,
      };
    },
    async publish(tokens, identity, input) {
      const reply = Boolean(input.replyTo);
      const quota = await checkQuota(tokens, identity);
      const freeAt = await quotaFreeAt(quota, reply, (since) => ownPosts(tokens, identity, reply, since));
      if (freeAt)
        throw new NetworkError("threads", "rate-limited", {
          retryAt: freeAt,
          detail: reply ? "Tageslimit für Antworten erreicht" : "Tageslimit für Beiträge erreicht",
        });
      const container = await createContainer(tokens, identity, input);
      const step: Continuation = { container, checks: 0 };
      let outcome = await settleContainer(tokens, identity, step, input.text);
      // A thread's reply is one call of the thread (ADR 0066): it waits for its container here.
      for (const waitMs of reply ? replyWaitsMs : []) {
        if (outcome.status !== "pending") break;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        outcome = await settleContainer(tokens, identity, step, input.text);
      }
      // Not published, nothing visible: the reply is sent again later with a new container.
      if (reply && outcome.status === "pending")
        throw new NetworkError("threads", "unavailable", { detail: "Container noch nicht fertig" });
      return outcome;
    },
    async continuePublish(tokens, identity, continuation) {
      const step = JSON.parse(continuation) as Continuation;
      return settleContainer(tokens, identity, step, "");
    },
    async findPost(tokens, identity, lookup) {
      const posts = await ownPosts(tokens, identity, lookup.replyTo !== null, lookup.since);
      const found = posts.find((candidate) => isLookedFor(candidate, lookup));
      return found ? { externalId: found.id, url: found.permalink ?? identity.profileUrl ?? webBase } : null;
    },
    // GET /{media}/insights (ADR 0104, scope threads_manage_insights): views, likes, replies,
    // reposts and quotes of each post; a deleted one is Graph's "object does not exist".
    metricsBatchSize: 1,
    fetchMetrics: (tokens, _identity, externalIds) =>
      metricsOneByOne(externalIds, async (externalId) => {
        const answer = await read(
          tokens,
          graph(`${encodeURIComponent(externalId)}/insights`, { metric: "views,likes,replies,reposts,quotes" }),
        ).catch(nullIfGone);
        if (answer === null) return "deleted";
        const values = insightValues(answer);
        return {
          likes: values.get("likes") ?? 0,
          reposts: values.get("reposts") ?? 0,
          replies: values.get("replies") ?? 0,
          quotes: values.get("quotes") ?? 0,
          bookmarks: null,
          views: values.get("views") ?? null,
        };
      }),
    async deletePost(tokens, _identity, externalId) {
      await request(
        { createsPost: false, hide: [tokens.accessToken] },
        graph(externalId),
        authorized(tokens, { method: "DELETE" }),
      );
    },
  };

  async function createContainer(tokens: TokenSet, identity: NetworkIdentity, input: PublishInput): Promise<string> {
    const image = input.images[0];
    const form: Record<string, string> = { media_type: image ? "IMAGE" : "TEXT", text: input.text };
    if (image) {
      form.image_url = threadsImageUrl(image, publicImages);
      const altText = [...(image.altText || input.imageAlt?.trim() || "")].slice(0, ALT_TEXT_MAX).join("");
      if (altText) form.alt_text = altText;
    }
    if (input.replyTo) form.reply_to_id = input.replyTo.parent.externalId;
    // A container is not a post: one lost on the way is never shown, so this call is safe to repeat.
    const answer = await post(tokens, graph(`${identity.externalId}/threads`), form, false, input.text);
    if (typeof answer.id !== "string") throw new NetworkError("threads", "unavailable", { detail: "Antwort ohne id" });
    return answer.id;
  }
}

/** A reply to the thread's previous post is ours; a first post is matched by its text. */
function isLookedFor(candidate: { text?: string; replied_to?: { id?: string } }, lookup: PostLookup): boolean {
  if (lookup.replyTo) return candidate.replied_to?.id === lookup.replyTo;
  return comparable(candidate.text ?? "") === comparable(lookup.text);
}

const comparable = (text: string) => text.replace(/\s+/g, " ").trim();
