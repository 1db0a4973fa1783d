import { Hono } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { clearPendingEmailChange } from "#server/features/profile/pending-email-change.ts";
import { limitPerIp } from "#server/rate-limit.ts";
import { requireSession } from "#server/session.ts";
import { validateJson } from "#server/validation.ts";
import { EmailChangeObjectionSchema, SecuritySettingsSchema } from "#shared/account-security.schemas.ts";
import { RECOVERY_TEXTS } from "#shared/account-security.ts";
import { ROUTES } from "#shared/routes.ts";
import { objectToEmailChange } from "./email-change.service.ts";
import { getSecuritySettings, saveSecuritySettings } from "./security-settings.service.ts";

const OBJECTION_RATE_LIMIT = { name: "email-change-objection", max: 10, windowMs: 60 * 60 * 1000 };
const SETTINGS_INVALID = "Die Einstellung konnte nicht gespeichert werden.";

// /api/account-security: the account's security mails, and the link that undoes an e-mail
// change (ADR 0044). The rules live in account-security.hooks.ts and the services beside it.
export const accountSecurityRoutes = new Hono<AppEnv>()
  .get("/settings", requireSession(), async (c) => {
    return c.json(await getSecuritySettings(c.var.deps.db, c.var.session.user.id));
  })
  .put("/settings", requireSession(), validateJson(SecuritySettingsSchema, SETTINGS_INVALID), async (c) => {
    const settings = c.req.valid("json");
    await saveSecuritySettings(c.var.deps.db, c.var.session.user.id, settings);
    return c.json(settings);
  })
  // Better Auth has no way to withdraw a change link; this makes the open one stop working.
  .delete("/email-change", requireSession(), async (c) => {
    await clearPendingEmailChange(c.var.deps.db, c.var.session.user.id);
    return c.json({ message: RECOVERY_TEXTS.emailChangeCancelled });
  })
  // Public: the owner who objects may have lost every session to whoever changed the address.
  .post(
    "/email-change-objection",
    validateJson(EmailChangeObjectionSchema, RECOVERY_TEXTS.objectionInvalid),
    limitPerIp(OBJECTION_RATE_LIMIT),
    async (c) => {
      const { db, auth } = c.var.deps;
      const result = await objectToEmailChange(db, c.req.valid("json").token);
      if (!result.ok) return answerError(c, result.status, result.code, result.error);
      c.var.logger.warn({ event: "email-change-objection" }, "E-Mail-Änderung durch Einspruch rückgängig gemacht");
      // The intruder may know the password: the owner sets a new one through the reset link.
      await auth.api.requestPasswordReset({ body: { email: result.previousEmail, redirectTo: ROUTES.resetPassword } });
      return c.json({ message: RECOVERY_TEXTS.objectionDone });
    },
  );
