import type { SocialNetworkSettings } from "#server/env.ts";
import {
  failureFromTransport,
  type NetworkCall,
  readJson,
  safeDetail,
} from "#server/integrations/social/network-failures.ts";
import { type AccountChoice, NetworkError, type TokenSet } from "#server/integrations/social/social-network.ts";
import type { NetworkId } from "#shared/networks.ts";
import {
  graphErrorOf,
  META_RATE_LIMIT_CODES,
  META_TEMPORARY_CODES,
  META_TOKEN_INVALID_CODE,
  metaFailureReason,
} from "./meta-failures.ts";
import { isMissingObject } from "./meta-insights.ts";

// Meta's Graph API for Facebook Pages and Instagram (ADR 0096, 0097), with fetch: Meta's own
// Node SDK is for the Marketing API and adds nothing for these few calls. One Facebook Login
// gives a user token; its pages come with their own page tokens, and each page's Instagram
// professional account is published to with the page token.

/** The Graph version of every call; Meta keeps a version about two years. */
export const GRAPH_VERSION = "v24.0";
/**
 * What the login asks for: the pages (list, post, read, their posts' insights), their Instagram
 * accounts (read, publish, insights) and business_management for pages a business portfolio owns. All but public_profile need
 * Meta's app review before other people than the app's own roles can grant them (README).
 */
export const META_SCOPES = [
  "pages_show_list",
  "pages_manage_posts",
  "pages_read_engagement",
  "read_insights",
  "instagram_basic",
  "instagram_content_publish",
  "instagram_manage_insights",
  "business_management",
];
/** Without a usage header a rate-limited call is tried again after this long. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 15 * 60_000;
/** Pages a login lists at most (Graph pages through /me/accounts 25 at a time). */
const MAX_PAGES = 200;

export type MetaSettings = SocialNetworkSettings["meta"] & { timeoutMs: number };

type GraphCall = {
  network: NetworkId;
  token: string | null;
  method?: "GET" | "POST" | "DELETE";
  query?: Record<string, string>;
  body?: URLSearchParams | FormData;
  createsPost?: boolean;
  /** The post's text, kept out of any failure detail. */
  text?: string;
};

export function createGraph(settings: MetaSettings) {
  const { app, graphBase, webBase, timeoutMs } = settings;

  const requireApp = (network: NetworkId) => {
    if (!app) throw new NetworkError(network, "rejected", { detail: "Meta ist vom Betreiber nicht eingerichtet" });
    return app;
  };

  /** One Graph call: its JSON, or a NetworkError as the queue must act on it. */
  async function graph(path: string, call: GraphCall): Promise<Record<string, unknown>> {
    const url = new URL(`${graphBase}/${GRAPH_VERSION}${path}`);
    for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
    const networkCall: NetworkCall = {
      network: call.network,
      timeoutMs,
      createsPost: call.createsPost ?? false,
      hide: [call.token ?? "", call.text ?? "", app?.clientSecret ?? ""],
      detailOf: (body) => {
        const message = graphErrorOf(body).message;
        return typeof message === "string" ? message : null;
      },
    };
    let response: Response;
    try {
      response = await fetch(url, {
        method: call.method ?? "GET",
        // The token in a header, never in a URL that a log or a proxy could keep.
        headers: call.token ? { authorization: `Bearer ${call.token}` } : {},
        body: call.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw failureFromTransport(call.network, error, networkCall);
    }
    if (!response.ok) throw await graphFailure(call.network, response, networkCall.hide);
    return (await readJson(networkCall, response)) as Record<string, unknown>;
  }

  async function exchangeCode({ code, redirectUri }: { code: string; redirectUri: string }): Promise<TokenSet> {
    const { clientId, clientSecret } = requireApp("facebook");
    const short = await graph("/oauth/access_token", {
      network: "facebook",
      token: null,
      query: { client_id: clientId, client_secret: clientSecret, redirect_uri: redirectUri, code },
    });
    // A short-lived user token lives an hour; the long-lived one about 60 days, and the page
    // tokens taken with it do not expire (Meta's "Long-Lived Access Tokens").
    const long = await graph("/oauth/access_token", {
      network: "facebook",
      token: null,
      query: {
        grant_type: "fb_exchange_token",
        client_id: clientId,
        client_secret: clientSecret,
        fb_exchange_token: String(short.access_token ?? ""),
      },
    });
    if (typeof long.access_token !== "string")
      throw new NetworkError("facebook", "unavailable", { detail: "Antwort ohne access_token" });
    const expiresIn = Number(long.expires_in);
    return {
      accessToken: long.access_token,
      refreshToken: null,
      accessTokenExpiresAt: expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
      connectionExpiresAt: null,
      scope: META_SCOPES.join(","),
    };
  }

  /** The user's pages with their page tokens, and each page's Instagram account where one is linked. */
  async function accountChoices(user: TokenSet, instagramOffered: boolean): Promise<AccountChoice[]> {
    const choices: AccountChoice[] = [];
    let after: string | null = null;
    do {
      const page = await graph("/me/accounts", {
        network: "facebook",
        token: user.accessToken,
        query: {
          fields: "id,name,access_token,instagram_business_account{id,username,name}",
          limit: "25",
          ...(after ? { after } : {}),
        },
      });
      const data = Array.isArray(page.data) ? (page.data as MetaPage[]) : [];
      for (const entry of data) choices.push(...choicesOf(entry, instagramOffered));
      const paging = page.paging as { cursors?: { after?: string }; next?: string } | undefined;
      after = paging?.next && paging.cursors?.after ? paging.cursors.after : null;
    } while (after && choices.length < MAX_PAGES);
    return choices;
  }

  function choicesOf(page: MetaPage, instagramOffered: boolean): AccountChoice[] {
    if (!page.id || !page.access_token) return [];
    const tokens: TokenSet = {
      accessToken: page.access_token,
      refreshToken: null,
      accessTokenExpiresAt: null,
      connectionExpiresAt: null,
      scope: META_SCOPES.join(","),
    };
    const name = page.name ?? page.id;
    const facebook: AccountChoice = {
      network: "facebook",
      identity: { externalId: page.id, handle: name, displayName: name, profileUrl: `${webBase}/${page.id}` },
      tokens,
      linkedTo: null,
    };
    const instagram = page.instagram_business_account;
    if (!instagramOffered || !instagram?.id) return [facebook];
    const username = instagram.username ?? instagram.id;
    return [
      facebook,
      {
        network: "instagram",
        identity: {
          externalId: instagram.id,
          handle: `@${username}`,
          displayName: instagram.name ?? username,
          profileUrl: `https://www.instagram.com/${encodeURIComponent(username)}/`,
        },
        tokens,
        linkedTo: page.id,
      },
    ];
  }

  return {
    graph,
    webBase,
    configured: app !== null,
    connect: (instagramOffered: boolean) => ({
      kind: "oauth" as const,
      authorizationUrl({ state, redirectUri }: { state: string; redirectUri: string }) {
        const url = new URL(`${webBase}/${GRAPH_VERSION}/dialog/oauth`);
        url.searchParams.set("client_id", requireApp("facebook").clientId);
        url.searchParams.set("redirect_uri", redirectUri);
        url.searchParams.set("state", state);
        url.searchParams.set("response_type", "code");
        url.searchParams.set("scope", META_SCOPES.join(","));
        return url;
      },
      exchangeCode,
      accountChoices: (tokens: TokenSet) => accountChoices(tokens, instagramOffered),
    }),
  };
}

export type Graph = ReturnType<typeof createGraph>;

type MetaPage = {
  id?: string;
  name?: string;
  access_token?: string;
  instagram_business_account?: { id?: string; username?: string; name?: string };
};

/**
 * Graph answers most refusals with HTTP 400 and names the kind by `error.code`: a rate limit
 * (4, 17, 32, 613) is retried later, an invalid token (190) means reconnecting, an object that
 * does not exist (100/33) is a deleted post, a temporary
 * error (1, 2) or a 5xx is retried with backoff, the rest is refused for good.
 */
async function graphFailure(network: NetworkId, response: Response, hide: readonly string[]): Promise<NetworkError> {
  const text = await response.text().catch(() => "");
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const error = graphErrorOf(body);
  const code = Number(error.code);
  const detail = safeDetail(typeof error.message === "string" ? error.message : null, hide);
  const reason = metaFailureReason(response.status, body);
  if (META_RATE_LIMIT_CODES.includes(code) || response.status === 429)
    return new NetworkError(network, "rate-limited", { retryAt: regainAccessAt(response.headers), detail, reason });
  if (code === META_TOKEN_INVALID_CODE || response.status === 401)
    return new NetworkError(network, "revoked", { detail });
  // A deleted post: told apart as 404, as the other networks answer it (ADR 0104).
  if (isMissingObject(error)) return new NetworkError(network, "rejected", { detail, reason, status: 404 });
  if (response.status >= 500 || META_TEMPORARY_CODES.includes(code))
    return new NetworkError(network, "unavailable", { detail: detail ?? `HTTP ${response.status}` });
  return new NetworkError(network, "rejected", { detail: detail ?? `HTTP ${response.status}`, reason });
}

/** Meta says how many minutes until access returns in X-Business-Use-Case-Usage (per page) or X-App-Usage. */
function regainAccessAt(headers: Headers, now = Date.now()): Date {
  let minutes = 0;
  try {
    const usage = JSON.parse(headers.get("x-business-use-case-usage") ?? "{}") as Record<
      string,
      { estimated_time_to_regain_access?: number }[]
    >;
    for (const entries of Object.values(usage))
      for (const entry of entries) minutes = Math.max(minutes, Number(entry.estimated_time_to_regain_access) || 0);
  } catch {
    minutes = 0;
  }
  return new Date(now + (minutes > 0 ? minutes * 60_000 : DEFAULT_RATE_LIMIT_WAIT_MS));
}
