import { Hono } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { validateJson, validateQuery } from "#server/validation.ts";
import { ContactMessageListSchema, ContactResponseSchema } from "#shared/admin.schemas.ts";
import { ADMIN_MESSAGES, ADMIN_TEXTS } from "#shared/admin.ts";
import {
  listCancellationRequests,
  listContactMessages,
  markMessageRead,
  respondToMessage,
} from "./admin-messages.service.ts";
import { requireAdmin } from "./require-admin.ts";

// /api/admin/messages: the contact messages and the § 312k cancellations (ADR 0024).
export const adminMessagesRoutes = new Hono<AppEnv>()
  .get("/", requireAdmin, validateQuery(ContactMessageListSchema, ADMIN_MESSAGES.invalidInput), async (c) =>
    c.json({ messages: await listContactMessages(c.var.deps.db, c.req.valid("query").spam) }, 200),
  )
  .get("/cancellations", requireAdmin, async (c) =>
    c.json({ cancellations: await listCancellationRequests(c.var.deps.db) }, 200),
  )
  .post("/:id/read", requireAdmin, async (c) => {
    const outcome = await markMessageRead(c.var.deps.db, c.req.param("id"));
    if (outcome === "not-found") return answerError(c, 404, "NOT_FOUND", ADMIN_MESSAGES.notFound);
    return c.json({ status: "read" as const }, 200);
  })
  .post("/:id/reply", requireAdmin, validateJson(ContactResponseSchema, ADMIN_MESSAGES.invalidInput), async (c) => {
    const outcome = await respondToMessage(
      c.var.deps,
      c.var.logger,
      c.var.session.user.id,
      c.req.param("id"),
      c.req.valid("json"),
    );
    if (outcome === "not-found") return answerError(c, 404, "NOT_FOUND", ADMIN_MESSAGES.notFound);
    if (outcome === "mail-failed") return answerError(c, 502, "MAIL_FAILED", ADMIN_TEXTS.responseFailed);
    return c.json({ status: "responded" as const }, 200);
  });
