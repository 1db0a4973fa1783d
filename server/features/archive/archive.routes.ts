import { Hono } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { requireSession } from "#server/session.ts";
import { validateQuery } from "#server/validation.ts";
import { ArchiveQuerySchema } from "#shared/archive.schemas.ts";
import { ARCHIVE_MESSAGES } from "#shared/archive.ts";
import { deleteArchivedPost, getArchivedPost, listArchivedPosts } from "./archive.service.ts";

// /api/archive (ADR 0014): the signed-in user's own entries only.
export const archiveRoutes = new Hono<AppEnv>()
  .get("/", requireSession(), validateQuery(ArchiveQuerySchema, ARCHIVE_MESSAGES.invalidQuery), async (c) => {
    return c.json(await listArchivedPosts(c.var.deps.db, c.var.session.user.id, c.req.valid("query")), 200);
  })
  .get("/:id", requireSession(), async (c) => {
    const entry = await getArchivedPost(c.var.deps.db, c.var.session.user.id, c.req.param("id"));
    if (!entry) return answerError(c, 404, "NOT_FOUND", ARCHIVE_MESSAGES.notFound);
    return c.json(entry, 200);
  })
  .delete("/:id", requireSession(), async (c) => {
    const deleted = await deleteArchivedPost(c.var.deps, c.var.logger, c.var.session.user.id, c.req.param("id"));
    if (!deleted) return answerError(c, 404, "NOT_FOUND", ARCHIVE_MESSAGES.notFound);
    return c.json({ deleted: true }, 200);
  });
