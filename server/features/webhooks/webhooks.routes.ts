import { Hono } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { requireSession } from "#server/session.ts";
import { validateJson } from "#server/validation.ts";
import { CreateWebhookSchema } from "#shared/webhooks.schemas.ts";
import { WEBHOOK_ERRORS } from "#shared/webhooks.ts";
import { createWebhook, deleteWebhook, enableWebhook, listWebhooks, WebhookRefusal } from "./webhooks.service.ts";

// /api/webhooks (ADR 0110): the signed-in user's webhook endpoints on /konto with the delivery
// log — list, add (the signing secret is in this one answer only), switch back on, delete.
export const webhookRoutes = new Hono<AppEnv>()
  .onError((error, c) => {
    if (error instanceof WebhookRefusal) return answerError(c, error.status, error.code, error.message);
    throw error;
  })
  .get("/", requireSession(), async (c) => {
    return c.json(await listWebhooks(c.var.deps.db, c.var.session.user.id), 200);
  })
  .post("/", requireSession(), validateJson(CreateWebhookSchema, WEBHOOK_ERRORS.WEBHOOK_URL_INVALID), async (c) => {
    return c.json(await createWebhook(c.var.deps, c.var.session.user.id, c.req.valid("json")), 201);
  })
  .post("/:id/enable", requireSession(), async (c) => {
    return c.json({ webhook: await enableWebhook(c.var.deps.db, c.var.session.user.id, c.req.param("id")) }, 200);
  })
  .delete("/:id", requireSession(), async (c) => {
    await deleteWebhook(c.var.deps.db, c.var.session.user.id, c.req.param("id"));
    return c.json({ deleted: true }, 200);
  });
