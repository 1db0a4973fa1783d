import type { MiddlewareHandler } from "hono";
import { answerError } from "./api-error.ts";
import type { AppEnv } from "./app-env.ts";
import { getClientIp } from "./client-ip.ts";
import { consumeRateLimit, type RateLimitRule } from "./features/rate-limit/rate-limit.service.ts";

// Public pages speak "Sie" (spec section 1), so the public limiter answers formally.
export const PUBLIC_TOO_MANY_REQUESTS =
  "Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.";

// Per-user limits for expensive routes (docs/design.md: rate limits on AI routes). Runs
// after requireSession, so the bucket is the account, not an address. `message` is the 429's
// text in the feature's own voice.
export function limitPerUser(rule: RateLimitRule, message: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = c.var.session?.user.id;
    if (!userId) return next();
    const result = await consumeRateLimit(c.var.deps.db, rule, userId);
    if (!result.allowed) {
      c.var.logger.warn({ rule: rule.name, userId }, "Rate-Limit erreicht");
      return answerError(c, 429, "TOO_MANY_REQUESTS", message, {
        "Retry-After": String(result.retryAfterSeconds),
      });
    }
    return next();
  };
}

// Per-address limits for public routes without a session (contact form, consent). The
// address comes from getClientIp, which trusts X-Forwarded-For only behind TRUST_PROXY.
export function limitPerIp(rule: RateLimitRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ip = getClientIp(c, c.var.deps.env.TRUST_PROXY);
    const result = await consumeRateLimit(c.var.deps.db, rule, ip);
    if (!result.allowed) {
      c.var.logger.warn({ rule: rule.name, ip }, "Rate-Limit erreicht");
      return answerError(c, 429, "TOO_MANY_REQUESTS", PUBLIC_TOO_MANY_REQUESTS, {
        "Retry-After": String(result.retryAfterSeconds),
      });
    }
    return next();
  };
}
