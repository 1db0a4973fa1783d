import http from "node:http";
import type { ITwitterApiClientPlugin, SendTweetV2Params, TweetV2, TwitterApiv2 } from "twitter-api-v2";
import type { SocialNetworkSettings } from "#server/env.ts";
import { failureFromStatus, failureFromTransport, safeDetail } from "#server/integrations/social/network-failures.ts";
import { authorizationUrl, requestTokens } from "#server/integrations/social/oauth-tokens.ts";
import {
  type MetricsAnswer,
  NetworkError,
  type NetworkIdentity,
  type PostLookup,
  type PublishInput,
  type SocialNetwork,
  type TokenSet,
} from "#server/integrations/social/social-network.ts";
import { type XErrorBody, xFailureReason } from "./x-failures.ts";

// X (ADR 0060): OAuth 2.0 with PKCE, posts and images through twitter-api-v2, the v2 media
// upload. Access tokens live two hours; every refresh returns a new refresh token and ends the
// old one, so the caller stores the pair atomically.

const SCOPES = ["tweet.read", "tweet.write", "users.read", "offline.access", "media.write"];
/** The host twitter-api-v2 has built in; the plugin below swaps it for X_API_BASE. */
const LIBRARY_API_BASE = "https://api.x.com";
// X's answer to a used or revoked refresh token is invalid_request, not RFC 6749's invalid_grant.
const GRANT_REFUSED = /^invalid_grant|^invalid_request: Value passed for the token was invalid/;
// Loaded on first use, not at start (ADR 0029).
type Sdk = typeof import("twitter-api-v2");
let sdk: Promise<Sdk> | undefined;
const loadSdk = () => {
  sdk ??= import("twitter-api-v2");
  return sdk;
};

/** X: 100 posts per 15 minutes and user. */
const LIMITS = { postsPerWindow: 100, windowMs: 15 * 60 * 1000 };
/** Post lookup takes at most 100 ids per call. */
const METRICS_BATCH = 100;
/** X takes an image description of at most 1,000 characters (POST /2/media/metadata). */
const ALT_TEXT_MAX = 1000;

type XSettings = SocialNetworkSettings["x"] & { timeoutMs: number };

export function createXNetwork(settings: XSettings): SocialNetwork {
  const { app, apiBase, webBase, timeoutMs } = settings;
  const requireApp = () => {
    if (!app) throw new NetworkError("x", "rejected", { detail: "X ist vom Betreiber nicht eingerichtet" });
    return app;
  };
  const plugin = requestPlugin(apiBase, timeoutMs);
  /** The library's v2 client for the account, and the library itself (its error classes). */
  const clientFor = async (tokens: TokenSet) => {
    const library = await loadSdk();
    return { client: new library.TwitterApi(tokens.accessToken, { plugins: [plugin] }).v2, library };
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
      const { client, library } = await clientFor(tokens);
      const { data } = await call(library, tokens, false, () => client.me());
      return {
        externalId: data.id,
        handle: `@${data.username}`,
        displayName: data.name,
        profileUrl: `${webBase}/${data.username}`,
      };
    },
    async publish(tokens, identity, input) {
      const { client, library } = await clientFor(tokens);
      const mediaIds = await uploadImages(library, client, tokens, input);
      const { data } = await call(
        library,
        tokens,
        true,
        () =>
          client.tweet({
            text: input.text,
            ...(mediaIds.length > 0 ? { media: { media_ids: mediaIds } } : {}),
            ...(input.replyTo ? { reply: { in_reply_to_tweet_id: input.replyTo.parent.externalId } } : {}),
          }),
        input.text,
      );
      return { status: "published", post: { externalId: data.id, url: postUrl(webBase, identity, data.id) } };
    },
    async findPost(tokens, identity, lookup) {
      const { client, library } = await clientFor(tokens);
      const timeline = await call(library, tokens, false, () =>
        client.userTimeline(identity.externalId, {
          start_time: lookup.since.toISOString(),
          max_results: 100,
          exclude: ["retweets"],
          "tweet.fields": ["referenced_tweets", "created_at"],
        }),
      );
      const found = timeline.tweets.find((tweet) => isLookedFor(tweet, lookup));
      return found ? { externalId: found.id, url: postUrl(webBase, identity, found.id) } : null;
    },
    metricsBatchSize: METRICS_BATCH,
    async fetchMetrics(tokens, _identity, externalIds) {
      const { client, library } = await clientFor(tokens);
      // Post lookup with public_metrics (ADR 0104): up to 100 ids; a deleted post comes back as a
      // "Not Found Error" in `errors`, not in `data`. X bills each post in `data` (ADR 0105).
      const answer = await call(library, tokens, false, () =>
        client.tweets(externalIds, { "tweet.fields": ["public_metrics"] }),
      );
      const figures: MetricsAnswer = new Map();
      for (const tweet of answer.data ?? []) {
        const metrics = tweet.public_metrics;
        if (!metrics) continue;
        figures.set(tweet.id, {
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
    },
    async deletePost(tokens, _identity, externalId) {
      const { client, library } = await clientFor(tokens);
      await call(library, tokens, false, () => client.deleteTweet(externalId));
    },
  };
}

type MediaIds = NonNullable<NonNullable<SendTweetV2Params["media"]>["media_ids"]>;
type UploadMimeType = Parameters<TwitterApiv2["uploadMedia"]>[1]["media_type"];

async function uploadImages(
  library: Sdk,
  client: TwitterApiv2,
  tokens: TokenSet,
  input: PublishInput,
): Promise<MediaIds> {
  const ids: string[] = [];
  for (const image of input.images) {
    const mediaId = await call(library, tokens, false, () =>
      client.uploadMedia(Buffer.from(image.bytes), {
        // The generator's images are PNG, JPEG or WebP, all of which X takes.
        media_type: image.mimeType as UploadMimeType,
        media_category: "tweet_image",
      }),
    );
    // The description goes on the uploaded media before the post cites it (ADR 0088).
    const altText = [...(image.altText || input.imageAlt?.trim() || "")].slice(0, ALT_TEXT_MAX).join("");
    if (altText)
      await call(library, tokens, false, () => client.createMediaMetadata(mediaId, { alt_text: { text: altText } }));
    ids.push(mediaId);
  }
  return ids as MediaIds;
}

/**
 * A reply to the thread's previous post is ours: only this account posts replies to it within
 * minutes of our attempt. The first post is matched by its text, as X returns it (links shortened
 * to t.co, &, < and > as entities), so links and entities are left out of the comparison.
 */
function isLookedFor(tweet: TweetV2, lookup: PostLookup): boolean {
  const repliedTo = tweet.referenced_tweets?.find((reference) => reference.type === "replied_to")?.id ?? null;
  if (lookup.replyTo) return repliedTo === lookup.replyTo;
  return repliedTo === null && comparable(tweet.text) === comparable(lookup.text);
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

/**
 * twitter-api-v2 has its hosts built in and takes neither a base URL nor an AbortSignal; its
 * documented plugin hooks give both: the request's URL before it is built, and the options of
 * the node:http request. A fake on plain http needs an http agent (the library uses https.request).
 */
function requestPlugin(apiBase: string, timeoutMs: number): ITwitterApiClientPlugin {
  const plainAgent = apiBase.startsWith("http:") ? new http.Agent({ keepAlive: true }) : null;
  return {
    onBeforeRequestConfig({ params }) {
      if (params.url.startsWith(LIBRARY_API_BASE)) params.url = apiBase + params.url.slice(LIBRARY_API_BASE.length);
    },
    onBeforeRequest({ requestOptions }) {
      requestOptions.signal = AbortSignal.timeout(timeoutMs);
      if (plainAgent) requestOptions.agent = plainAgent;
    },
  };
}

/** One library call, its failures mapped (ADR 0060); `text` is the post's, kept out of details. */
async function call<T>(
  library: Sdk,
  tokens: TokenSet,
  createsPost: boolean,
  run: () => Promise<T>,
  text = "",
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw xFailure(library, error, createsPost, [tokens.accessToken, text]);
  }
}

function xFailure(library: Sdk, error: unknown, createsPost: boolean, hide: string[]): unknown {
  const { ApiPartialResponseError, ApiRequestError, ApiResponseError } = library;
  if (error instanceof ApiResponseError) {
    const data = error.data as XErrorBody | undefined;
    const headers = {
      get: (name: string) => {
        const value = error.headers[name];
        return value === undefined ? null : String(value);
      },
    };
    // A bad parameter is named in `errors`; `detail` then only says "One or more parameters … invalid".
    const detail = safeDetail(data?.errors?.[0]?.message ?? data?.detail ?? data?.title, hide);
    return failureFromStatus("x", { status: error.code, headers, detail, reason: xFailureReason(error.code, data) });
  }
  if (error instanceof ApiPartialResponseError) return failureFromTransport("x", error.responseError, { createsPost });
  if (error instanceof ApiRequestError) {
    // twitter-api-v2 1.29.1 stores the cause as `_options.error` but its `requestError` getter
    // reads `_options.requestError`, so the getter is always undefined.
    const cause = error.requestError ?? (Reflect.get(error, "_options") as { error?: unknown } | undefined)?.error;
    return failureFromTransport("x", cause ?? error, { createsPost });
  }
  return error;
}
