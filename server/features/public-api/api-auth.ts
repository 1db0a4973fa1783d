import type { MiddlewareHandler } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { type OAuthCaller, oauthCallerOf } from "#server/features/oauth/oauth-apps.service.ts";
import { consumeRateLimit } from "#server/features/rate-limit/rate-limit.service.ts";
import { OAUTH_ACCESS_TOKEN_PREFIX } from "#shared/oauth.ts";
import { type ApiScope, PUBLIC_API_ERRORS } from "#shared/public-api.ts";
import { type ApiCaller, callerOf } from "./api-keys.service.ts";
import { apiLimitOf } from "./api-plan-limits.service.ts";

// Who calls the public API and the MCP server (ADR 0107): a personal API key or the access token
// of an app the user authorised through OAuth (ADR 0113) as a bearer token, the operator's limit
// for the user's plan, a fixed one-minute window per key (per app and user for a token) in the
// database (server/features/rate-limit, shared by all app servers) announced with the IETF
// draft's RateLimit-Policy and RateLimit headers on every answer.

export type ApiEnv = { Variables: AppEnv["Variables"] & { caller: ApiCaller } };

const WINDOW_SECONDS = 60;

/**
 * RFC 9728: a 401 names the protected-resource metadata, from which an MCP client finds the
 * authorization server (oauth-metadata.routes.ts).
 */
function challengeOf(baseUrl: string, path: string): Record<string, string> {
  const resource = path.startsWith("/mcp") ? "/mcp" : "/api/v1";
  return {
    "WWW-Authenticate": `Bearer realm="postwerk", resource_metadata="${baseUrl}/.well-known/oauth-protected-resource${resource}"`,
  };
}

export const requireApiKey: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const { db, env } = c.var.deps;
  const unauthorized = challengeOf(env.BASE_URL, c.req.path);
  if (!match?.[1]) return answerError(c, 401, "API_KEY_MISSING", PUBLIC_API_ERRORS.API_KEY_MISSING, unauthorized);
  const presented = match[1];
  const isOAuthToken = presented.startsWith(OAUTH_ACCESS_TOKEN_PREFIX);
  const caller = isOAuthToken ? fromOAuth(await oauthCallerOf(db, presented)) : await callerOf(db, presented);
  if (!caller) {
    const code = isOAuthToken ? "OAUTH_TOKEN_INVALID" : "API_KEY_INVALID";
    const challenge = isOAuthToken
      ? { "WWW-Authenticate": `${unauthorized["WWW-Authenticate"]}, error="invalid_token"` }
      : unauthorized;
    return answerError(c, 401, code, PUBLIC_API_ERRORS[code], challenge);
  }
  const limit = await apiLimitOf(db, caller.userId);
  if (limit === 0) return answerError(c, 403, "API_NOT_IN_PLAN", PUBLIC_API_ERRORS.API_NOT_IN_PLAN);
  const result = await consumeRateLimit(
    db,
    { name: "api-key", max: limit, windowMs: WINDOW_SECONDS * 1000 },
    caller.callerKey,
  );
  const headers = {
    "RateLimit-Policy": `"per-key";q=${limit};w=${WINDOW_SECONDS}`,
    RateLimit: `"per-key";r=${result.remaining};t=${result.resetSeconds}`,
  };
  if (!result.allowed) {
    c.var.logger.warn({ callerKey: caller.callerKey }, "API-Rate-Limit erreicht");
    return answerError(c, 429, "TOO_MANY_REQUESTS", PUBLIC_API_ERRORS.TOO_MANY_REQUESTS, {
      ...headers,
      "Retry-After": String(result.retryAfterSeconds),
    });
  }
  c.set("caller", caller);
  await next();
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  c.res.headers.set("Cache-Control", "no-store");
};

/** An app's token counts per app and user (ADR 0113): one user's agent cannot use up another's. */
function fromOAuth(caller: OAuthCaller | null): ApiCaller | null {
  if (!caller) return null;
  return {
    keyId: null,
    keyName: `App „${caller.appName}“`,
    callerKey: `oauth:${caller.clientId}:${caller.userId}`,
    userId: caller.userId,
    scopes: caller.scopes,
    directScheduling: caller.directScheduling,
  };
}

/** The key or token must carry `scope`; a read key cannot write (403). */
export function requireScope(scope: ApiScope): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (!c.var.caller.scopes.includes(scope))
      return answerError(c, 403, "SCOPE_MISSING", `${PUBLIC_API_ERRORS.SCOPE_MISSING} (benötigt: ${scope})`);
    await next();
  };
}
