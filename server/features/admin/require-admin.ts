import type { MiddlewareHandler } from "hono";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import type { AppEnv } from "../../app-env.ts";
import { NOT_SIGNED_IN_MESSAGE } from "../../session.ts";
import { isAdmin } from "../profile/profile.service.ts";

type AdminEnv = AppEnv & { Variables: { session: NonNullable<AppEnv["Variables"]["session"]> } };

/**
 * Issue 14: every admin API asks profiles.is_admin itself, on every request, so an admin
 * whose flag is taken away loses access at once: 401 without a session, 403 for anyone else.
 * A failed check counts as "not admin" (spec section 6).
 */
export const requireAdmin: MiddlewareHandler<AdminEnv> = async (c, next) => {
  const session = c.var.session;
  if (!session) return c.json({ error: NOT_SIGNED_IN_MESSAGE }, 401);
  const allowed = await isAdmin(c.var.deps.db, session.user.id).catch((error: unknown) => {
    c.var.logger.error({ err: error }, "Admin-Prüfung fehlgeschlagen");
    return false;
  });
  if (!allowed) return c.json({ error: ADMIN_MESSAGES.notAdmin }, 403);
  await next();
};
