import type { MiddlewareHandler } from "hono";
import { OPTIMIZER_ERRORS } from "#shared/optimizer.schemas.ts";
import type { AppEnv } from "./app-env.ts";
import { consumeRateLimit, type RateLimitRule } from "./features/rate-limit/rate-limit.service.ts";

// Per-user limits for expensive routes (DESIGN.md "rate limits on ... AI routes"). Runs
// after requireSession, so the bucket is the account, not an address.
export function limitPerUser(rule: RateLimitRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = c.var.session?.user.id;
    if (!userId) return next();
    const result = await consumeRateLimit(c.var.deps.db, rule, userId);
    if (!result.allowed) {
      c.var.logger.warn({ rule: rule.name, userId }, "Rate-Limit erreicht");
      return c.json({ error: OPTIMIZER_ERRORS.tooManyRequests }, 429, {
        "Retry-After": String(result.retryAfterSeconds),
      });
    }
    return next();
  };
}
