import { Hono } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { validateJson } from "#server/validation.ts";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import { UpdatePublishingCapsSchema } from "#shared/publishing-caps.schemas.ts";
import { type CapKind, readCapTable, updateCaps } from "./admin-caps.service.ts";
import { requireAdmin } from "./require-admin.ts";

// /api/admin/publishing-caps (ADR 0053, "Kontingent je Plan") and /api/admin/metric-read-caps
// (ADR 0105): the monthly caps per plan and network, one shape. Read fresh by every planning,
// every send and every metrics round, so a save applies at once on every server.
export function adminCapsRoutes(kind: CapKind, logMessage: string) {
  return new Hono<AppEnv>()
    .get("/", requireAdmin, async (c) => c.json({ caps: await readCapTable(c.var.deps.db, kind) }, 200))
    .put("/", requireAdmin, validateJson(UpdatePublishingCapsSchema, ADMIN_MESSAGES.invalidInput), async (c) => {
      const result = await updateCaps(c.var.deps.db, c.var.session.user.id, kind, c.req.valid("json"));
      if (result.status === "conflict")
        return answerError(c, 409, "CHANGED_MEANWHILE", ADMIN_MESSAGES.changedMeanwhile);
      c.var.logger.info({ adminId: c.var.session.user.id }, logMessage);
      return c.json({ caps: result.caps }, 200);
    });
}
