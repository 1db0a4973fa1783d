import {
  metricsOneByOne,
  NetworkError,
  type NetworkIdentity,
  nullIfGone,
  type PublishOutcome,
  type SocialNetwork,
  type TokenSet,
} from "#server/integrations/social/social-network.ts";
import type { Graph } from "./meta-graph.ts";
import { insightValues } from "./meta-insights.ts";

// Instagram professional accounts through their Facebook page (ADR 0097), with the page token:
// 1. read content_publishing_limit (50 posts in a moving 24 hours); at the limit the post waits
//    until the oldest of those posts leaves the window;
// 2. make a media container from the image's signed link (Meta fetches it) → `pending`;
// 3. the queue comes back (`continuePublish`): the container's status_code is IN_PROGRESS (wait
//    again), FINISHED (media_publish makes the post), ERROR (refused) or EXPIRED (24 h passed).
// Only media_publish makes a post: a lost answer there is "unbestätigt", every step before it
// may be retried.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Meta's current limit; the endpoint's own `config.quota_total` wins where it answers one. */
const DAILY_LIMIT = 50;
const LIMITS = { postsPerWindow: DAILY_LIMIT, windowMs: DAY_MS };
/** Meta asks to poll a container about once a minute; the first look comes sooner (most images take seconds). */
export const FIRST_CHECK_MS = 10_000;
export const NEXT_CHECK_MS = 60_000;
const ALT_TEXT_MAX = 1000;

export const INSTAGRAM_NEEDS_PUBLIC_ADDRESS =
  "nicht verfügbar: Instagram lädt das Bild von der Adresse dieses Servers, und die ist nicht öffentlich erreichbar (BASE_URL)";

/** What the next step needs, stored by the queue between the calls (ADR 0074). */
type Continuation = { container: string; createdAt: number };

export function createInstagramNetwork(graph: Graph, publicImages: boolean): SocialNetwork {
  const call = (tokens: TokenSet, path: string, extra: Omit<Parameters<Graph["graph"]>[1], "network" | "token">) =>
    graph.graph(path, { network: "instagram", token: tokens.accessToken, ...extra });

  /** When the account may publish again, or null while it is under the limit. */
  async function limitFreeAt(tokens: TokenSet, igUser: string, now: number): Promise<Date | null> {
    const answer = await call(tokens, `/${igUser}/content_publishing_limit`, {
      query: { fields: "quota_usage,config" },
    });
    const entry = (Array.isArray(answer.data) ? answer.data[0] : undefined) as
      | { quota_usage?: number; config?: { quota_total?: number; quota_duration?: number } }
      | undefined;
    const total = entry?.config?.quota_total ?? DAILY_LIMIT;
    const windowMs = (entry?.config?.quota_duration ?? DAY_MS / 1000) * 1000;
    if ((entry?.quota_usage ?? 0) < total) return null;
    // The oldest of the window's posts leaves it first: the account's own recent media say when.
    const media = await call(tokens, `/${igUser}/media`, { query: { fields: "timestamp", limit: String(total) } });
    const times = (Array.isArray(media.data) ? (media.data as { timestamp?: string }[]) : [])
      .map((item) => Date.parse(item.timestamp ?? ""))
      .filter((time) => Number.isFinite(time) && time > now - windowMs);
    const oldest = times.length > 0 ? Math.min(...times) : now;
    return new Date(oldest + windowMs + 60_000);
  }

  async function publishContainer(tokens: TokenSet, identity: NetworkIdentity, container: string, text: string) {
    const post = await call(tokens, `/${identity.externalId}/media_publish`, {
      method: "POST",
      body: new URLSearchParams({ creation_id: container }),
      createsPost: true,
      text,
    });
    if (typeof post.id !== "string")
      throw new NetworkError("instagram", "outcome-unknown", { detail: "Antwort ohne id" });
    return { externalId: post.id, url: await permalinkOf(tokens, post.id, identity) };
  }

  /** The post's link; the post exists whatever this answers, so a failure falls back to the profile. */
  async function permalinkOf(tokens: TokenSet, mediaId: string, identity: NetworkIdentity): Promise<string> {
    try {
      const media = await call(tokens, `/${mediaId}`, { query: { fields: "permalink" } });
      if (typeof media.permalink === "string") return media.permalink;
    } catch {
      // Falls through to the profile: the post is made and must not be sent again.
    }
    return identity.profileUrl ?? "https://www.instagram.com/";
  }

  return {
    id: "instagram",
    configured: graph.configured && publicImages,
    ...(graph.configured && !publicImages ? { notConfiguredReason: INSTAGRAM_NEEDS_PUBLIC_ADDRESS } : {}),
    limits: LIMITS,
    // One Meta login connects the page and its Instagram account (ADR 0096).
    connect: graph.connect(publicImages),
    refresh: async (tokens) => tokens,
    async identity(tokens) {
      const me = await call(tokens, "/me", { query: { fields: "instagram_business_account{id,username,name}" } });
      const account = me.instagram_business_account as { id?: string; username?: string; name?: string } | undefined;
      if (!account?.id)
        throw new NetworkError("instagram", "rejected", {
          detail: "Mit dieser Facebook-Seite ist kein Instagram-Konto verknüpft",
          reason: "permission-missing",
        });
      const username = account.username ?? account.id;
      return {
        externalId: account.id,
        handle: `@${username}`,
        displayName: account.name ?? username,
        profileUrl: `https://www.instagram.com/${encodeURIComponent(username)}/`,
      };
    },
    async publish(tokens, identity, input): Promise<PublishOutcome> {
      const image = input.images[0];
      if (!image?.publicUrl)
        throw new NetworkError("instagram", "rejected", {
          detail: "Instagram veröffentlicht nur Beiträge mit Bild.",
          reason: "media-invalid",
        });
      const now = Date.now();
      const freeAt = await limitFreeAt(tokens, identity.externalId, now);
      if (freeAt)
        throw new NetworkError("instagram", "rate-limited", {
          retryAt: freeAt,
          detail: "Tageslimit erreicht (50 Beiträge in 24 Stunden)",
          reason: "usage-limit",
        });
      const altText = [...(image.altText || input.imageAlt?.trim() || "")].slice(0, ALT_TEXT_MAX).join("");
      const container = await call(tokens, `/${identity.externalId}/media`, {
        method: "POST",
        body: new URLSearchParams({
          image_url: image.publicUrl,
          caption: input.text,
          ...(altText ? { alt_text: altText } : {}),
        }),
        text: input.text,
      });
      if (typeof container.id !== "string")
        throw new NetworkError("instagram", "unavailable", { detail: "Container ohne id" });
      const continuation: Continuation = { container: container.id, createdAt: now };
      return { status: "pending", continuation: JSON.stringify(continuation), checkAfterMs: FIRST_CHECK_MS };
    },
    async continuePublish(tokens, identity, raw): Promise<PublishOutcome> {
      const continuation = JSON.parse(raw) as Continuation;
      const status = await call(tokens, `/${continuation.container}`, { query: { fields: "status_code,status" } });
      switch (status.status_code) {
        case "IN_PROGRESS":
          return { status: "pending", continuation: raw, checkAfterMs: NEXT_CHECK_MS };
        case "FINISHED":
          return { status: "published", post: await publishContainer(tokens, identity, continuation.container, "") };
        case "PUBLISHED":
          // Published before, but its answer never reached us: the user looks ("unbestätigt").
          throw new NetworkError("instagram", "outcome-unknown", { detail: "Container bereits veröffentlicht" });
        case "ERROR":
          throw new NetworkError("instagram", "rejected", {
            detail: `Instagram konnte das Bild nicht verarbeiten${typeof status.status === "string" ? ` (${status.status})` : ""}.`,
            reason: "media-invalid",
          });
        case "EXPIRED":
          throw new NetworkError("instagram", "rejected", {
            detail:
              "Der vorbereitete Instagram-Beitrag ist abgelaufen: Er wurde nicht innerhalb von 24 Stunden veröffentlicht. Bitte senden Sie ihn erneut.",
            reason: "unknown",
          });
        default:
          return { status: "pending", continuation: raw, checkAfterMs: NEXT_CHECK_MS };
      }
    },
    // GET /{media}/insights (ADR 0104): `views` (`impressions` is deprecated since Graph v22),
    // likes, comments, saved and shares; comments count as replies, shares as reposts, saves as
    // bookmarks. Instagram has no quotes. A post deleted in the app is Graph's missing object.
    metricsBatchSize: 1,
    fetchMetrics: (tokens, _identity, externalIds) =>
      metricsOneByOne(externalIds, async (externalId) => {
        const answer = await graph
          .graph(`/${encodeURIComponent(externalId)}/insights`, {
            network: "instagram",
            token: tokens.accessToken,
            query: { metric: "views,likes,comments,saved,shares" },
          })
          .catch(nullIfGone);
        if (answer === null) return "deleted";
        const values = insightValues(answer);
        return {
          likes: values.get("likes") ?? 0,
          reposts: values.get("shares") ?? 0,
          replies: values.get("comments") ?? 0,
          quotes: 0,
          bookmarks: values.get("saved") ?? null,
          views: values.get("views") ?? null,
        };
      }),
    async deletePost() {
      // The Graph API does not delete Instagram posts (only comments); the user deletes in the app.
      throw new NetworkError("instagram", "rejected", {
        detail: "Instagram-Beiträge lassen sich nur in der Instagram-App löschen.",
      });
    },
  };
}
