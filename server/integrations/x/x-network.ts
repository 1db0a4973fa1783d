import type { SocialNetworkSettings } from "#server/env.ts";
import { callNetwork, type NetworkCall, readJson } from "#server/integrations/social/network-failures.ts";
import { authorizationUrl, requestTokens } from "#server/integrations/social/oauth-tokens.ts";
import {
  type MetricsAnswer,
  NetworkError,
  type NetworkIdentity,
  type PostLookup,
  type PublishImage,
  type SocialNetwork,
  type TokenSet,
} from "#server/integrations/social/social-network.ts";
import { type XErrorBody, xFailureReason } from "./x-failures.ts";

// X (ADR 0060): OAuth 2.0 with PKCE, its API v2 directly with fetch through `callNetwork`, like
// LinkedIn: the handful of calls needs no client library, and fetch's error causes tell a
// connection never made (safe to retry) from an answer lost after sending ("unbestätigt").
// Access tokens live two hours; every refresh returns a new refresh token and ends the old one,
// so the caller stores the pair atomically.

const SCOPES = ["tweet.read", "tweet.write", "users.read", "offline.access", "media.write"];
// X's answer to a used or revoked refresh token is invalid_request, not RFC 6749's invalid_grant.
const GRANT_REFUSED = /^invalid_grant|^invalid_request: Value passed for the token was invalid/;

/** X: 100 posts per 15 minutes and user. */
const LIMITS = { postsPerWindow: 100, windowMs: 15 * 60 * 1000 };
/** Post lookup takes at most 100 ids per call. */
const METRICS_BATCH = 100;
/** X takes an image description of at most 1,000 characters (POST /2/media/metadata). */
const ALT_TEXT_MAX = 1000;
/** Bytes per append of the chunked media upload (X takes up to 5 MB; 1 MiB as twitter-api-v2 sent). */
const UPLOAD_CHUNK_BYTES = 1024 * 1024;

type XSettings = SocialNetworkSettings["x"] & { timeoutMs: number };

/** A post as X returns it with the fields we ask for. */
type XPost = {
  id: string;
  text: string;
  referenced_tweets?: { type: string; id: string }[];
  public_metrics?: {
    like_count: number;
    retweet_count: number;
    reply_count: number;
    quote_count: number;
    bookmark_count?: number;
    impression_count?: number;
  };
};

type XRequest = {
  method: "GET" | "POST" | "DELETE";
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  /** Only POST /2/tweets makes the post (see failureFromTransport). */
  createsPost?: boolean;
  /** The post's text, kept out of failure details. */
  text?: string;
};

// A bad parameter is named in `errors`; `detail` then only says "One or more parameters … invalid".
const xDetail = (body: unknown) => {
  const problem = (body ?? {}) as XErrorBody;
  return problem.errors?.[0]?.message ?? problem.detail ?? problem.title;
};

export function createXNetwork(settings: XSettings): SocialNetwork {
  const { app, apiBase, webBase, timeoutMs, appBearerToken } = settings;
  const requireApp = () => {
    if (!app) throw new NetworkError("x", "rejected", { detail: "X ist vom Betreiber nicht eingerichtet" });
    return app;
  };
  const tokenRequest = (body: Record<string, string>, refusedGrant: "revoked" | "rejected") => {
    const { clientId, clientSecret } = requireApp();
    return requestTokens({
      network: "x",
      timeoutMs,
      endpoint: `${apiBase}/2/oauth2/token`,
      body: new URLSearchParams({ ...body, client_id: clientId }),
      basicAuth: { clientId, clientSecret },
      refusedGrant,
      grantRefused: GRANT_REFUSED,
    });
  };

  /** One call to X's API v2 with the account's token; answers the JSON body (`{}` when empty). */
  /** A call with `bearer`: a user's access token, or the app's own for reading figures. */
  const api = async (bearer: string, path: string, request: XRequest): Promise<unknown> => {
    const call: NetworkCall = {
      network: "x",
      timeoutMs,
      createsPost: request.createsPost ?? false,
      hide: [bearer, request.text ?? ""],
      detailOf: xDetail,
      reasonOf: (status, body) => xFailureReason(status, (body ?? undefined) as XErrorBody | undefined),
    };
    const url = new URL(`${apiBase}${path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { authorization: `Bearer ${bearer}` };
    let body: string | FormData | undefined = request.form;
    if (request.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(request.json);
    }
    const response = await callNetwork(call, url, { method: request.method, headers, body });
    return readJson(call, response);
  };

  /** The v2 chunked upload (initialize, append, finalize), then the description (ADR 0088). */
  const uploadImage = async (tokens: TokenSet, image: PublishImage, fallbackAlt: string) => {
    const started = (await api(tokens.accessToken, "/2/media/upload/initialize", {
      method: "POST",
      // The generator's images are PNG, JPEG or WebP, all of which X takes.
      json: { media_type: image.mimeType, total_bytes: image.bytes.length, media_category: "tweet_image" },
    })) as { data?: { id?: string } };
    const mediaId = started.data?.id;
    if (!mediaId) throw new NetworkError("x", "unavailable", { detail: "initialize ohne Medien-ID" });
    for (let index = 0; index * UPLOAD_CHUNK_BYTES < image.bytes.length; index++) {
      const chunk = image.bytes.slice(index * UPLOAD_CHUNK_BYTES, (index + 1) * UPLOAD_CHUNK_BYTES);
      const form = new FormData();
      form.set("segment_index", String(index));
      form.set("media", new Blob([chunk], { type: "application/octet-stream" }), "chunk");
      await api(tokens.accessToken, `/2/media/upload/${mediaId}/append`, { method: "POST", form });
    }
    // An image is ready when finalize answers: only videos and GIFs come back with a
    // `processing_info` to wait for, so there is no status polling here.
    await api(tokens.accessToken, `/2/media/upload/${mediaId}/finalize`, { method: "POST" });
    // The description goes on the uploaded media before the post cites it.
    const altText = [...(image.altText || fallbackAlt)].slice(0, ALT_TEXT_MAX).join("");
    if (altText)
      await api(tokens.accessToken, "/2/media/metadata", {
        method: "POST",
        json: { id: mediaId, metadata: { alt_text: { text: altText } } },
      });
    return mediaId;
  };

  /**
   * Post lookup with public_metrics (ADR 0104): up to 100 ids; a deleted post comes back as a
   * "Not Found Error" in `errors`, not in `data`. X bills each post in `data` (ADR 0105).
   */
  const lookUpFigures = async (bearer: string, externalIds: string[]): Promise<MetricsAnswer> => {
    const answer = (await api(bearer, "/2/tweets", {
      method: "GET",
      query: { ids: externalIds.join(","), "tweet.fields": "public_metrics" },
    })) as { data?: XPost[]; errors?: { resource_id?: string; title?: string }[] };
    const figures: MetricsAnswer = new Map();
    for (const post of answer.data ?? []) {
      const metrics = post.public_metrics;
      if (!metrics) continue;
      figures.set(post.id, {
        likes: metrics.like_count,
        reposts: metrics.retweet_count,
        replies: metrics.reply_count,
        quotes: metrics.quote_count,
        bookmarks: metrics.bookmark_count ?? null,
        views: metrics.impression_count ?? null,
      });
    }
    for (const problem of answer.errors ?? [])
      if (problem.resource_id && /not found/i.test(problem.title ?? "")) figures.set(problem.resource_id, "deleted");
    return figures;
  };

  return {
    id: "x",
    configured: app !== null,
    limits: LIMITS,
    connect: {
      kind: "oauth",
      authorizationUrl: (request) =>
        authorizationUrl(`${webBase}/i/oauth2/authorize`, requireApp().clientId, SCOPES, request),
      exchangeCode: ({ code, codeVerifier, redirectUri }) =>
        tokenRequest(
          { grant_type: "authorization_code", code, code_verifier: codeVerifier, redirect_uri: redirectUri },
          "rejected",
        ),
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) throw new NetworkError("x", "revoked", { detail: "kein Refresh-Token" });
      const fresh = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refreshToken }, "revoked");
      return { ...fresh, refreshToken: fresh.refreshToken ?? tokens.refreshToken };
    },
    async identity(tokens) {
      const { data } = (await api(tokens.accessToken, "/2/users/me", { method: "GET" })) as {
        data?: { id?: string; username?: string; name?: string };
      };
      if (!data?.id || !data.username) throw new NetworkError("x", "unavailable", { detail: "users/me ohne Konto" });
      return {
        externalId: data.id,
        handle: `@${data.username}`,
        displayName: data.name ?? data.username,
        profileUrl: `${webBase}/${data.username}`,
      };
    },
    async publish(tokens, identity, input) {
      const fallbackAlt = input.imageAlt?.trim() ?? "";
      const mediaIds: string[] = [];
      for (const image of input.images) mediaIds.push(await uploadImage(tokens, image, fallbackAlt));
      const { data } = (await api(tokens.accessToken, "/2/tweets", {
        method: "POST",
        createsPost: true,
        text: input.text,
        json: {
          text: input.text,
          ...(mediaIds.length > 0 ? { media: { media_ids: mediaIds } } : {}),
          ...(input.replyTo ? { reply: { in_reply_to_tweet_id: input.replyTo.parent.externalId } } : {}),
        },
      })) as { data?: { id?: string } };
      // Accepted, but we cannot say which post it is: the lookup or the user decides ("unbestätigt").
      if (!data?.id) throw new NetworkError("x", "outcome-unknown", { detail: "Antwort ohne Beitrags-ID" });
      return { status: "published", post: { externalId: data.id, url: postUrl(webBase, identity, data.id) } };
    },
    async findPost(tokens, identity, lookup) {
      const timeline = (await api(tokens.accessToken, `/2/users/${encodeURIComponent(identity.externalId)}/tweets`, {
        method: "GET",
        query: {
          start_time: lookup.since.toISOString(),
          max_results: "100",
          exclude: "retweets",
          "tweet.fields": "referenced_tweets,created_at",
        },
      })) as { data?: XPost[] };
      const found = (timeline.data ?? []).find((post) => isLookedFor(post, lookup));
      return found ? { externalId: found.id, url: postUrl(webBase, identity, found.id) } : null;
    },
    metricsBatchSize: METRICS_BATCH,
    fetchMetrics: (tokens, _identity, externalIds) => lookUpFigures(tokens.accessToken, externalIds),
    ...(appBearerToken ? { fetchPublicMetrics: (externalIds) => lookUpFigures(appBearerToken, externalIds) } : {}),
    async deletePost(tokens, _identity, externalId) {
      await api(tokens.accessToken, `/2/tweets/${encodeURIComponent(externalId)}`, { method: "DELETE" });
    },
  };
}

/**
 * A reply to the thread's previous post is ours: only this account posts replies to it within
 * minutes of our attempt. The first post is matched by its text, as X returns it (links shortened
 * to t.co, &, < and > as entities), so links and entities are left out of the comparison.
 */
function isLookedFor(post: XPost, lookup: PostLookup): boolean {
  const repliedTo = post.referenced_tweets?.find((reference) => reference.type === "replied_to")?.id ?? null;
  if (lookup.replyTo) return repliedTo === lookup.replyTo;
  return repliedTo === null && comparable(post.text) === comparable(lookup.text);
}

const comparable = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/https?:\/\/\S+/g, "")
    .replace(/\s+/g, " ")
    .trim();

function postUrl(webBase: string, identity: NetworkIdentity, id: string): string {
  return `${webBase}/${identity.handle.replace(/^@/, "")}/status/${id}`;
}
