import {
  metricsOneByOne,
  NetworkError,
  nullIfGone,
  type SocialNetwork,
  type TokenSet,
} from "#server/integrations/social/social-network.ts";
import type { Graph } from "./meta-graph.ts";
import { insightValues } from "./meta-insights.ts";

// Facebook Pages (ADR 0096): a page publishes with its page token. A text post is one call to
// /{page-id}/feed (with the first link as `link`, so Facebook draws its card). A post with an
// image is two: the photo goes up unpublished (/{page-id}/photos, nothing visible yet), then the
// feed post attaches it. Only the second call makes the post, so a lost answer while uploading
// is safe to retry and only one on /feed makes a post "unbestätigt" (ADR 0053).

/** Meta sets no fixed posts-per-day for pages; this keeps a runaway plan from tripping its spam checks. */
const LIMITS = { postsPerWindow: 100, windowMs: 24 * 60 * 60 * 1000 };
/** Graph's limit for a photo's custom alt text. */
const ALT_TEXT_MAX = 1000;
const FIRST_LINK = /https?:\/\/[^\s<>"]+/;
/**
 * One read per post (ADR 0104): reactions, comments and shares as the post counts them, and its
 * views from the insights metric `post_media_view` (`post_impressions` is deprecated since 2026).
 */
const METRIC_FIELDS =
  "shares,reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),insights.metric(post_media_view)";

type Counted = { summary?: { total_count?: number } };

export function createFacebookNetwork(graph: Graph): SocialNetwork {
  const page = (tokens: TokenSet) => tokens.accessToken;

  return {
    id: "facebook",
    configured: graph.configured,
    limits: LIMITS,
    connect: graph.connect(true),
    // Page tokens taken with a long-lived user token do not expire; a revoked one answers 190.
    refresh: async (tokens) => tokens,
    async identity(tokens) {
      const me = await graph.graph("/me", { network: "facebook", token: page(tokens), query: { fields: "id,name" } });
      if (typeof me.id !== "string") throw new NetworkError("facebook", "unavailable", { detail: "/me ohne id" });
      const name = typeof me.name === "string" ? me.name : me.id;
      return { externalId: me.id, handle: name, displayName: name, profileUrl: `${graph.webBase}/${me.id}` };
    },
    async publish(tokens, identity, input) {
      const image = input.images[0];
      const form = new URLSearchParams({ message: input.text });
      if (image) {
        const upload = new FormData();
        upload.set("source", new Blob([new Uint8Array(image.bytes)], { type: image.mimeType }), "bild");
        upload.set("published", "false");
        const altText = [...(image.altText || input.imageAlt?.trim() || "")].slice(0, ALT_TEXT_MAX).join("");
        if (altText) upload.set("alt_text_custom", altText);
        const photo = await graph.graph(`/${identity.externalId}/photos`, {
          network: "facebook",
          token: page(tokens),
          method: "POST",
          body: upload,
        });
        if (typeof photo.id !== "string")
          throw new NetworkError("facebook", "unavailable", { detail: "Foto-Upload ohne id" });
        form.set("attached_media", JSON.stringify([{ media_fbid: photo.id }]));
      } else {
        const link = FIRST_LINK.exec(input.text)?.[0];
        if (link) form.set("link", link);
      }
      const post = await graph.graph(`/${identity.externalId}/feed`, {
        network: "facebook",
        token: page(tokens),
        method: "POST",
        body: form,
        createsPost: true,
        text: input.text,
      });
      // Accepted, but we cannot say which post it is: the user looks on Facebook ("unbestätigt").
      if (typeof post.id !== "string")
        throw new NetworkError("facebook", "outcome-unknown", { detail: "Antwort ohne id" });
      return { status: "published", post: { externalId: post.id, url: `${graph.webBase}/${post.id}` } };
    },
    metricsBatchSize: 1,
    fetchMetrics: (tokens, _identity, externalIds) =>
      metricsOneByOne(externalIds, async (externalId) => {
        const post = await graph
          .graph(`/${encodeURIComponent(externalId)}`, {
            network: "facebook",
            token: page(tokens),
            query: { fields: METRIC_FIELDS },
          })
          .catch(nullIfGone);
        if (post === null) return "deleted";
        const count = (field: unknown) => (field as Counted | undefined)?.summary?.total_count ?? 0;
        return {
          likes: count(post.reactions),
          reposts: (post.shares as { count?: number } | undefined)?.count ?? 0,
          replies: count(post.comments),
          quotes: 0,
          bookmarks: null,
          views: insightValues(post.insights).get("post_media_view") ?? null,
        };
      }),
    async deletePost(tokens, _identity, externalId) {
      await graph.graph(`/${encodeURIComponent(externalId)}`, {
        network: "facebook",
        token: page(tokens),
        method: "DELETE",
      });
    },
  };
}
