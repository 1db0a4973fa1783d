import type { MiddlewareHandler } from "hono";
import { answerError } from "./api-error.ts";
import type { AppEnv } from "./app-env.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const ORIGIN_REFUSED_MESSAGE =
  "Diese Anfrage wurde aus Sicherheitsgründen abgelehnt. Bitte laden Sie die Seite neu.";

// Every state-changing API request must come from our own origin. Hono's csrf()
// only looks at form content types; JSON requests need this check too (docs/design.md).
export function requireSameOrigin(allowedOrigin: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (c.req.header("origin") !== allowedOrigin) {
      c.var.logger.warn(
        { origin: c.req.header("origin") ?? null, path: c.req.path },
        "Anfrage ohne passenden Origin abgelehnt",
      );
      return answerError(c, 403, "ORIGIN_REFUSED", ORIGIN_REFUSED_MESSAGE);
    }
    return next();
  };
}
