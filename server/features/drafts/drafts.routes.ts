import { Hono } from "hono";
import type { AppEnv } from "#server/app-env.ts";
import { requireSession } from "#server/session.ts";
import { validateJson, validateQuery } from "#server/validation.ts";
import { CreateDraftSchema, ListDraftsQuerySchema, UpdateDraftSchema } from "#shared/drafts.schemas.ts";
import { DRAFT_ERRORS } from "#shared/drafts.ts";
import { answerDraftRefusal } from "./draft-refusal.ts";
import { createDraft, deleteDraft, getDraft, listDrafts, saveDraft } from "./drafts.service.ts";

// /api/drafts (ADR 0084): the signed-in user's drafts — list with filters, create, autosave with
// the revision it was based on, delete. Planning a draft goes through /api/posts with its id;
// /api/posts/:id/duplicate and /redraft make drafts from posts (publishing.routes.ts).
export const draftRoutes = new Hono<AppEnv>()
  .onError(answerDraftRefusal)
  .get("/", requireSession(), validateQuery(ListDraftsQuerySchema, DRAFT_ERRORS.INVALID_INPUT), async (c) => {
    return c.json({ drafts: await listDrafts(c.var.deps.db, c.var.session.user.id, c.req.valid("query")) }, 200);
  })
  .post("/", requireSession(), validateJson(CreateDraftSchema, DRAFT_ERRORS.INVALID_INPUT), async (c) => {
    return c.json({ draft: await createDraft(c.var.deps.db, c.var.session.user.id, c.req.valid("json")) }, 201);
  })
  .get("/:id", requireSession(), async (c) => {
    return c.json({ draft: await getDraft(c.var.deps.db, c.var.session.user.id, c.req.param("id")) }, 200);
  })
  .put("/:id", requireSession(), validateJson(UpdateDraftSchema, DRAFT_ERRORS.INVALID_INPUT), async (c) => {
    const userId = c.var.session.user.id;
    return c.json({ draft: await saveDraft(c.var.deps.db, userId, c.req.param("id"), c.req.valid("json")) }, 200);
  })
  .delete("/:id", requireSession(), async (c) => {
    await deleteDraft(c.var.deps.db, c.var.session.user.id, c.req.param("id"));
    return c.json({ deleted: true as const }, 200);
  });
