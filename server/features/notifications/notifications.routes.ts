import { Hono } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { requireSession } from "#server/session.ts";
import { PUBLISHING_ERRORS } from "#shared/publishing.ts";
import { listNotifications, markRead, unreadCount } from "./notifications.service.ts";

// /api/notifications (ADR 0053): the header's notification area.
export const notificationRoutes = new Hono<AppEnv>()
  .get("/", requireSession(), async (c) => c.json(await listNotifications(c.var.deps.db, c.var.session.user.id), 200))
  .get("/unread-count", requireSession(), async (c) =>
    c.json({ unread: await unreadCount(c.var.deps.db, c.var.session.user.id) }, 200),
  )
  .post("/read", requireSession(), async (c) => {
    await markRead(c.var.deps.db, c.var.session.user.id);
    return c.json({ read: true }, 200);
  })
  .post("/:id/read", requireSession(), async (c) => {
    const id = c.req.param("id");
    const found = /^[0-9a-f-]{36}$/i.test(id) && (await markRead(c.var.deps.db, c.var.session.user.id, id));
    if (!found) return answerError(c, 404, "NOTIFICATION_NOT_FOUND", PUBLISHING_ERRORS.NOTIFICATION_NOT_FOUND);
    return c.json({ read: true }, 200);
  });
