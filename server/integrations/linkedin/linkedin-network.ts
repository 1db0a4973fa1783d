import type { SocialNetworkSettings } from "#server/env.ts";
import { callNetwork, type NetworkCall, readJson } from "#server/integrations/social/network-failures.ts";
import { authorizationUrl, requestTokens } from "#server/integrations/social/oauth-tokens.ts";
import {
  metricsOneByOne,
  NetworkError,
  type NetworkIdentity,
  nullIfGone,
  type PublishImage,
  type SocialNetwork,
  type TokenSet,
} from "#server/integrations/social/social-network.ts";
import type { PostFigures } from "#shared/metrics.ts";
import { linkedInFailureReason } from "./linkedin-failures.ts";
import { toLittleText } from "./little-text.ts";

// LinkedIn (ADR 0060): its REST API directly, with fetch (no maintained client adds anything).
// `openid profile` gives the member id through /v2/userinfo, `w_member_social` lets us post,
// `r_member_postAnalytics` (where the operator has it) reads the posts' figures.
// Ordinary apps get no refresh token: the access token lives 60 days, then the member connects
// again (the caller reminds them, ADR 0053).

/**
 * The LinkedIn-Version of every /rest call (YYYYMM). LinkedIn retires a version about a year
 * after its release and then answers 426; the queue reports that to the operator as
 * `version-retired`, and the fix is a newer value here (ADR 0060).
 */
export const LINKEDIN_VERSION = "202610";
const SCOPES = ["openid", "profile", "w_member_social"];
/** Member Post Analytics (ADR 0104): requested only where the operator's app has the product. */
const ANALYTICS_SCOPE = "r_member_postAnalytics";
/** memberCreatorPostAnalytics answers one metric per call: these four, for each post. */
const ANALYTICS_METRICS = ["IMPRESSION", "REACTION", "COMMENT", "RESHARE"] as const;
/** LinkedIn: 150 posts a day per member. */
const LIMITS = { postsPerWindow: 150, windowMs: 24 * 60 * 60 * 1000 };
/** The Posts API's limit for `content.media.altText`. */
const ALT_TEXT_MAX = 4086;

type LinkedInSettings = SocialNetworkSettings["linkedin"] & { timeoutMs: number };

const linkedInDetail = (body: unknown) => {
  const { message } = (body ?? {}) as { message?: unknown };
  return typeof message === "string" ? message : null;
};

export function createLinkedInNetwork(settings: LinkedInSettings): SocialNetwork {
  const { app, apiBase, webBase, timeoutMs, postAnalytics } = settings;
  const scopes = postAnalytics ? [...SCOPES, ANALYTICS_SCOPE] : SCOPES;
  const requireApp = () => {
    if (!app)
      throw new NetworkError("linkedin", "rejected", { detail: "LinkedIn ist vom Betreiber nicht eingerichtet" });
    return app;
  };

  /** One call to LinkedIn's API with the member's token. */
  const api = async (
    tokens: TokenSet,
    path: string,
    init: { method: string; json?: unknown; createsPost?: boolean; text?: string },
  ) => {
    const call: NetworkCall = {
      network: "linkedin",
      timeoutMs,
      createsPost: init.createsPost ?? false,
      hide: [tokens.accessToken, init.text ?? ""],
      detailOf: linkedInDetail,
      reasonOf: linkedInFailureReason,
    };
    const headers: Record<string, string> = {
      authorization: `Bearer ${tokens.accessToken}`,
      "linkedin-version": LINKEDIN_VERSION,
      "x-restli-protocol-version": "2.0.0",
    };
    if (init.json !== undefined) headers["content-type"] = "application/json";
    const response = await callNetwork(call, `${apiBase}${path}`, {
      method: init.method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    return { call, response };
  };

  const uploadImage = async (tokens: TokenSet, owner: string, image: PublishImage) => {
    const { call, response } = await api(tokens, "/rest/images?action=initializeUpload", {
      method: "POST",
      json: { initializeUploadRequest: { owner } },
    });
    const { value } = (await readJson(call, response)) as { value?: { uploadUrl?: string; image?: string } };
    if (!value?.uploadUrl || !value.image)
      throw new NetworkError("linkedin", "unavailable", { detail: "initializeUpload ohne uploadUrl" });
    const uploaded = await callNetwork(call, value.uploadUrl, {
      method: "PUT",
      headers: { authorization: `Bearer ${tokens.accessToken}`, "content-type": image.mimeType },
      body: new Uint8Array(image.bytes),
    });
    await uploaded.body?.cancel();
    return value.image;
  };

  /** One post's total of one metric; null where LinkedIn no longer has the post (404). */
  const analytics = async (tokens: TokenSet, postUrn: string, metric: (typeof ANALYTICS_METRICS)[number]) => {
    // Rest.li wants the entity's parentheses and colon as they are, only the URN encoded.
    const entity = `(${postUrn.startsWith("urn:li:ugcPost:") ? "ugc" : "share"}:${encodeURIComponent(postUrn)})`;
    const path = `/rest/memberCreatorPostAnalytics?q=entity&entity=${entity}&queryType=${metric}&aggregation=TOTAL`;
    const answer = await api(tokens, path, { method: "GET" }).catch(nullIfGone);
    if (answer === null) return null;
    const { elements } = (await readJson(answer.call, answer.response)) as { elements?: { count?: number }[] };
    return (elements ?? []).reduce((sum, element) => sum + (element.count ?? 0), 0);
  };

  /** The four figures of one member post, or "deleted" (ADR 0104). */
  const postFigures = async (tokens: TokenSet, postUrn: string): Promise<PostFigures | "deleted"> => {
    // A member connected before the operator enabled analytics has no grant for it yet.
    if (!tokens.scope?.split(/[\s,]+/).includes(ANALYTICS_SCOPE))
      throw new NetworkError("linkedin", "rejected", {
        detail: "Für Kennzahlen LinkedIn bitte neu verbinden",
        reason: "permission-missing",
      });
    const counts: number[] = [];
    for (const metric of ANALYTICS_METRICS) {
      const count = await analytics(tokens, postUrn, metric);
      if (count === null) return "deleted";
      counts.push(count);
    }
    const [impressions = 0, reactions = 0, comments = 0, reshares = 0] = counts;
    return { likes: reactions, reposts: reshares, replies: comments, quotes: 0, bookmarks: null, views: impressions };
  };

  return {
    id: "linkedin",
    configured: app !== null,
    limits: LIMITS,
    connect: {
      kind: "oauth",
      // LinkedIn offers PKCE only to native apps; a web app proves itself with its secret.
      authorizationUrl: (request) =>
        authorizationUrl(`${webBase}/oauth/v2/authorization`, requireApp().clientId, scopes, {
          ...request,
          codeVerifier: null,
        }),
      async exchangeCode({ code, redirectUri }) {
        const { clientId, clientSecret } = requireApp();
        const tokens = await requestTokens({
          network: "linkedin",
          timeoutMs,
          endpoint: `${webBase}/oauth/v2/accessToken`,
          body: new URLSearchParams({
            grant_type: "authorization_code",
            code,
            redirect_uri: redirectUri,
            client_id: clientId,
            client_secret: clientSecret,
          }),
          basicAuth: null,
          refusedGrant: "rejected",
        });
        // Without a refresh token the access token's end is the connection's end.
        return { ...tokens, connectionExpiresAt: tokens.accessTokenExpiresAt };
      },
    },
    async refresh(tokens) {
      const end = tokens.connectionExpiresAt ?? tokens.accessTokenExpiresAt;
      if (end && end.getTime() <= Date.now())
        throw new NetworkError("linkedin", "revoked", { detail: "Zugang nach 60 Tagen abgelaufen" });
      return tokens;
    },
    async identity(tokens) {
      const { call, response } = await api(tokens, "/v2/userinfo", { method: "GET" });
      const info = (await readJson(call, response)) as { sub?: string; name?: string };
      if (!info.sub) throw new NetworkError("linkedin", "unavailable", { detail: "userinfo ohne sub" });
      const name = info.name ?? info.sub;
      return { externalId: `urn:li:person:${info.sub}`, handle: name, displayName: name, profileUrl: null };
    },
    async publish(tokens, identity, input) {
      const image = input.images[0];
      const imageUrn = image ? await uploadImage(tokens, identity.externalId, image) : null;
      // The image's description rides on the post's media (Posts API `content.media.altText`, ADR 0088).
      const altText = [...(image?.altText || input.imageAlt?.trim() || "")].slice(0, ALT_TEXT_MAX).join("");
      const { response } = await api(tokens, "/rest/posts", {
        method: "POST",
        createsPost: true,
        text: input.text,
        json: {
          author: identity.externalId,
          commentary: toLittleText(input.text),
          visibility: "PUBLIC",
          distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
          lifecycleState: "PUBLISHED",
          isReshareDisabledByAuthor: false,
          ...(imageUrn ? { content: { media: { id: imageUrn, ...(altText ? { altText } : {}) } } } : {}),
        },
      });
      const postUrn = response.headers.get("x-restli-id");
      await response.body?.cancel();
      // Accepted, but we cannot say which post it is: the user looks on LinkedIn ("unbestätigt").
      if (!postUrn) throw new NetworkError("linkedin", "outcome-unknown", { detail: "Antwort ohne x-restli-id" });
      return { status: "published", post: { externalId: postUrn, url: `${webBase}/feed/update/${postUrn}` } };
    },
    // Member Post Analytics (ADR 0104): only with the operator's product, else "nicht verfügbar".
    ...(postAnalytics
      ? {
          metricsBatchSize: 1,
          fetchMetrics: (tokens: TokenSet, _identity: NetworkIdentity, externalIds: string[]) =>
            metricsOneByOne(externalIds, (externalId) => postFigures(tokens, externalId)),
        }
      : {}),
    async deletePost(tokens, _identity, externalId) {
      const { response } = await api(tokens, `/rest/posts/${encodeURIComponent(externalId)}`, { method: "DELETE" });
      await response.body?.cancel();
    },
  };
}
