import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env.ts";

const NOT_SIGNED_IN_MESSAGE = "Sie müssen angemeldet sein";

export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  c.set("session", session);
  await next();
};

// Narrows c.var.session for the handlers behind it.
export const requireSession: MiddlewareHandler<
  AppEnv & { Variables: { session: NonNullable<AppEnv["Variables"]["session"]> } }
> = async (c, next) => {
  if (!c.var.session) return c.json({ error: NOT_SIGNED_IN_MESSAGE }, 401);
  await next();
};
