import { Hono } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { readCaps } from "#server/features/publishing/publishing-caps.ts";
import { validateJson } from "#server/validation.ts";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import { UpdatePublishingCapsSchema } from "#shared/publishing-caps.schemas.ts";
import { updatePublishingCaps } from "./admin-publishing-caps.service.ts";
import { requireAdmin } from "./require-admin.ts";

// /api/admin/publishing-caps (ADR 0053, "Kontingent je Plan"): the monthly cap of posts per plan
// and network. Read fresh by every planning and every send, so a save applies at once on every server.
export const adminPublishingCapsRoutes = new Hono<AppEnv>()
  .get("/", requireAdmin, async (c) => c.json({ caps: await readCaps(c.var.deps.db) }, 200))
  .put("/", requireAdmin, validateJson(UpdatePublishingCapsSchema, ADMIN_MESSAGES.invalidInput), async (c) => {
    const result = await updatePublishingCaps(c.var.deps.db, c.var.session.user.id, c.req.valid("json"));
    if (result.status === "conflict") return answerError(c, 409, "CHANGED_MEANWHILE", ADMIN_MESSAGES.changedMeanwhile);
    c.var.logger.info({ adminId: c.var.session.user.id }, "Veröffentlichungs-Kontingente geändert");
    return c.json({ caps: result.caps }, 200);
  });
