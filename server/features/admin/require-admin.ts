import { eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import type { Database } from "#server/db/client.ts";
import { user } from "#server/db/schema/auth.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { NOT_SIGNED_IN_MESSAGE } from "#server/session.ts";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import { TWO_FACTOR_MESSAGES } from "#shared/two-factor.ts";

type AdminEnv = AppEnv & { Variables: { session: NonNullable<AppEnv["Variables"]["session"]> } };

/** Whether a user may use the admin area: not an admin, an admin still without 2FA, or yes. */
export type AdminAccess = "denied" | "needs-two-factor" | "granted";

/**
 * ADR 0024: is_admin from the database on every request; ADR 0041: with ADMIN_REQUIRE_2FA the
 * admin must also have two-factor sign-in switched on, read in the same query.
 */
export async function adminAccessOf(db: Database, userId: string, requireTwoFactor: boolean): Promise<AdminAccess> {
  const [row] = await db
    .select({ isAdmin: profiles.isAdmin, twoFactorEnabled: user.twoFactorEnabled })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, userId))
    .limit(1);
  if (!row?.isAdmin) return "denied";
  return requireTwoFactor && !row.twoFactorEnabled ? "needs-two-factor" : "granted";
}

/** The access of the request's user; a failed check counts as "not admin" (spec section 6). */
export function checkAdminAccess(
  vars: Pick<AppEnv["Variables"], "deps" | "logger">,
  userId: string,
): Promise<AdminAccess> {
  const { db, env } = vars.deps;
  return adminAccessOf(db, userId, env.ADMIN_REQUIRE_2FA).catch((error: unknown) => {
    vars.logger.error({ err: error }, "Admin-Prüfung fehlgeschlagen");
    return "denied" as const;
  });
}

/**
 * Every admin API asks profiles.is_admin itself, on every request, so an admin whose flag is
 * taken away loses access at once: 401 without a session, 403 for anyone else (ADR 0024); with
 * ADMIN_REQUIRE_2FA also 403 for an admin without two-factor sign-in, with a code the dashboard
 * turns into a link to /konto (ADR 0041).
 */
export const requireAdmin: MiddlewareHandler<AdminEnv> = async (c, next) => {
  const session = c.var.session;
  if (!session) return answerError(c, 401, "NOT_SIGNED_IN", NOT_SIGNED_IN_MESSAGE);
  const access = await checkAdminAccess(c.var, session.user.id);
  if (access === "denied") return answerError(c, 403, "NOT_ADMIN", ADMIN_MESSAGES.notAdmin);
  if (access === "needs-two-factor") {
    return answerError(c, 403, "TWO_FACTOR_REQUIRED", TWO_FACTOR_MESSAGES.adminRequired);
  }
  await next();
};
