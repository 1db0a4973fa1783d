import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env.ts";

/** Spec section 8 "Account": the site's own words for a request without a session. */
export const NOT_SIGNED_IN_MESSAGE = "Sie müssen angemeldet sein";

export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  c.set("session", session);
  await next();
  // An answer to a signed-in request may be that person's data (profile, archive, status): no
  // cache may keep it (issue 11). Better Auth marks its own session answers the same way.
  if (session && !c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
};

type SignedInEnv = AppEnv & { Variables: { session: NonNullable<AppEnv["Variables"]["session"]> } };

/**
 * Answers 401 without a session and narrows c.var.session for the handlers behind it. Each
 * feature says it in its own voice: the generator "Sie", the optimizer "du" (spec section 8).
 */
export function requireSession(message: string = NOT_SIGNED_IN_MESSAGE): MiddlewareHandler<SignedInEnv> {
  return async (c, next) => {
    if (!c.var.session) return c.json({ error: message }, 401);
    await next();
  };
}
