import type { MiddlewareHandler } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { consumeRateLimit } from "#server/features/rate-limit/rate-limit.service.ts";
import { type ApiScope, PUBLIC_API_ERRORS } from "#shared/public-api.ts";
import { type ApiCaller, callerOf } from "./api-keys.service.ts";
import { apiLimitOf } from "./api-plan-limits.service.ts";

// Who calls the public API and the MCP server (ADR 0107): a personal API key as a bearer token,
// the operator's limit for the user's plan, a fixed one-minute window per key in the database
// (server/features/rate-limit, shared by all app servers) announced with the IETF draft's
// RateLimit-Policy and RateLimit headers on every answer.

export type ApiEnv = { Variables: AppEnv["Variables"] & { caller: ApiCaller } };

const WINDOW_SECONDS = 60;

export const requireApiKey: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const unauthorized = { "WWW-Authenticate": 'Bearer realm="postwerk"' };
  if (!match?.[1]) return answerError(c, 401, "API_KEY_MISSING", PUBLIC_API_ERRORS.API_KEY_MISSING, unauthorized);
  const { db } = c.var.deps;
  const caller = await callerOf(db, match[1]);
  if (!caller) return answerError(c, 401, "API_KEY_INVALID", PUBLIC_API_ERRORS.API_KEY_INVALID, unauthorized);
  const limit = await apiLimitOf(db, caller.userId);
  if (limit === 0) return answerError(c, 403, "API_NOT_IN_PLAN", PUBLIC_API_ERRORS.API_NOT_IN_PLAN);
  const result = await consumeRateLimit(
    db,
    { name: "api-key", max: limit, windowMs: WINDOW_SECONDS * 1000 },
    caller.keyId,
  );
  const headers = {
    "RateLimit-Policy": `"per-key";q=${limit};w=${WINDOW_SECONDS}`,
    RateLimit: `"per-key";r=${result.remaining};t=${result.resetSeconds}`,
  };
  if (!result.allowed) {
    c.var.logger.warn({ keyId: caller.keyId }, "API-Rate-Limit erreicht");
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

/** The key must carry `scope`; a read key cannot write (403). */
export function requireScope(scope: ApiScope): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (!c.var.caller.scopes.includes(scope))
      return answerError(c, 403, "SCOPE_MISSING", `${PUBLIC_API_ERRORS.SCOPE_MISSING} (benötigt: ${scope})`);
    await next();
  };
}
