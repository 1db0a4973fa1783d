import crypto from "node:crypto";
import { oauthProvider } from "@better-auth/oauth-provider";
import {
  OAUTH_ACCESS_TOKEN_PREFIX,
  OAUTH_CONSENT_PATH,
  OAUTH_LOGIN_PATH,
  OAUTH_REFRESH_TOKEN_PREFIX,
  OAUTH_SCOPES,
} from "#shared/oauth.ts";

// Better Auth's OAuth 2.1 provider (ADR 0113): authorization code with PKCE (S256 only, the
// plugin knows no other), refresh tokens through offline_access, revocation, and open dynamic
// client registration because MCP clients register themselves. Access tokens are opaque and
// stored as SHA-256 like the API keys (ADR 0107), so requireApiKey finds them with one lookup
// (oauth-caller.ts) instead of asking the plugin per request.

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/** The same hash as the API keys: 32 random characters need no salt or slow hash. */
export function hashOAuthToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The protected resources (RFC 8707 `resource`) an MCP client names when asking for a token. */
export function oauthResources(baseUrl: string): string[] {
  return [`${baseUrl}/mcp`, `${baseUrl}/api/v1`];
}

/** How often the plugin's start is tried when a second server wrote the same resource meanwhile. */
const INIT_ATTEMPTS = 3;

export function oauthProviderPlugin({ baseUrl }: { baseUrl: string }) {
  const plugin = oauthProvider({
    scopes: [...OAUTH_SCOPES],
    loginPage: OAUTH_LOGIN_PATH,
    consentPage: OAUTH_CONSENT_PATH,
    // Opaque tokens only: no JWT plugin, no key set to publish and rotate.
    disableJwtPlugin: true,
    grantTypes: ["authorization_code", "refresh_token"],
    accessTokenExpiresIn: HOUR,
    refreshTokenExpiresIn: 30 * DAY,
    allowDynamicClientRegistration: true,
    allowUnauthenticatedClientRegistration: true,
    resources: oauthResources(baseUrl),
    enforcePerClientResources: false,
    storeTokens: { hash: (token) => hashOAuthToken(token) },
    prefix: { opaqueAccessToken: OAUTH_ACCESS_TOKEN_PREFIX, refreshToken: OAUTH_REFRESH_TOKEN_PREFIX },
  });
  // The plugin's start writes the resources above unless they exist. Two servers starting on one
  // database both find none and insert; the loser's unique violation reaches the plugin wrapped by
  // drizzle ("Failed query …"), which it does not recognise as a duplicate, and Better Auth keeps
  // the failed start: every sign-in on that server would answer 500. Tried again, it finds the row.
  const { init } = plugin;
  plugin.init = async (context) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await init(context);
      } catch (error) {
        if (attempt >= INIT_ATTEMPTS) throw error;
      }
    }
  };
  return plugin;
}
