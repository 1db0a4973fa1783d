import { Hono } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { getPlanStates } from "#server/features/billing/billing-plans.service.ts";
import { requireSession } from "#server/session.ts";
import { validateJson } from "#server/validation.ts";
import { ACCOUNT_MESSAGES } from "#shared/account.ts";
import { TIME_ZONE_INVALID, TimeZoneSettingSchema } from "#shared/time-zone.schemas.ts";
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "#shared/wall-time.ts";
import { getPendingEmailChange } from "./pending-email-change.ts";
import { getProfileWithBilling } from "./profile.service.ts";
import { saveTimeZone } from "./time-zone.service.ts";

export const profileRoutes = new Hono<AppEnv>()
  .get("/", requireSession(), async (c) => {
    const { db } = c.var.deps;
    const userId = c.var.session.user.id;
    const [found, plans, pendingEmailChange] = await Promise.all([
      getProfileWithBilling(db, userId),
      getPlanStates(db, userId),
      getPendingEmailChange(db, userId),
    ]);
    if (!found) return answerError(c, 404, "PROFILE_NOT_FOUND", ACCOUNT_MESSAGES.profileNotFound);
    const { profile, billing } = found;
    return c.json({
      email: profile.email,
      fullName: profile.fullName,
      credits: profile.credits,
      subscriptionStatus: profile.subscriptionStatus,
      subscriptionPeriodEnd: profile.subscriptionPeriodEnd?.toISOString() ?? null,
      isAdmin: profile.isAdmin,
      /** The optimizer's one trial (ADR 0007): its end, also once it is over; null if never started. */
      optimizerTrialEndsAt: profile.trialEndsAt?.toISOString() ?? null,
      billing,
      /** ADR 0044: a requested address whose confirmation link is still open; null without one. */
      pendingEmailChange: pendingEmailChange
        ? { email: pendingEmailChange.email, expiresAt: pendingEmailChange.expiresAt.toISOString() }
        : null,
      // ADR 0023: both paid plans as Stripe last told us; null for a plan never bought.
      plans,
      /** ADR 0091: the IANA zone publishing times are entered and shown in. */
      timeZone: canonicalTimeZone(profile.timeZone) ?? DEFAULT_TIME_ZONE,
    });
  })
  .put("/time-zone", requireSession(), validateJson(TimeZoneSettingSchema, TIME_ZONE_INVALID), async (c) => {
    const timeZone = await saveTimeZone(c.var.deps.db, c.var.session.user.id, c.req.valid("json").timeZone);
    return c.json({ timeZone }, 200);
  });
