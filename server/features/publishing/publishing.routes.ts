import { Hono } from "hono";
import type { AppEnv } from "#server/app-env.ts";
import { requireSession } from "#server/session.ts";
import { validateJson, validateQuery } from "#server/validation.ts";
import {
  CreatePostsSchema,
  CreateThreadSchema,
  ListPostsQuerySchema,
  ResendPostSchema,
  UpdatePostSchema,
} from "#shared/publishing.schemas.ts";
import { PUBLISHING_ERRORS } from "#shared/publishing.ts";
import { duplicatePost, redraftPost } from "./post-drafts.service.ts";
import { listPosts } from "./post-list.service.ts";
import { cancelPost, createPosts, getPost, resendPost, sendPostNow, updatePost } from "./publishing.service.ts";
import { answerRefusal } from "./refusals.ts";
import { createThread, resumeThread } from "./threads.service.ts";

// /api/posts (ADR 0053): the signed-in user's publications — write now or planned for several
// accounts, list for the Redaktionsplan, edit, reschedule and cancel until sent; threads for one
// X account and "Fortsetzen" of a stopped thread (ADR 0066); "Jetzt senden" of a failed or missed
// post (ADR 0075); "Erneut senden" of a post in doubt once its owner confirmed it is not there (ADR 0093).
export const publishingRoutes = new Hono<AppEnv>()
  .onError(answerRefusal)
  .get("/", requireSession(), validateQuery(ListPostsQuerySchema, PUBLISHING_ERRORS.INVALID_INPUT), async (c) => {
    const userId = c.var.session.user.id;
    return c.json(await listPosts(c.var.deps.db, userId, c.req.valid("query")), 200);
  })
  .post("/", requireSession(), validateJson(CreatePostsSchema, PUBLISHING_ERRORS.INVALID_INPUT), async (c) => {
    const userId = c.var.session.user.id;
    return c.json({ posts: await createPosts(c.var.deps, userId, c.req.valid("json")) }, 201);
  })
  .post("/threads", requireSession(), validateJson(CreateThreadSchema, PUBLISHING_ERRORS.INVALID_INPUT), async (c) => {
    return c.json({ post: await createThread(c.var.deps, c.var.session.user.id, c.req.valid("json")) }, 201);
  })
  .post("/:id/resume", requireSession(), async (c) => {
    return c.json(await resumeThread(c.var.deps, c.var.session.user.id, c.req.param("id")), 200);
  })
  .get("/:id", requireSession(), async (c) => {
    return c.json(await getPost(c.var.deps.db, c.var.session.user.id, c.req.param("id")), 200);
  })
  .patch("/:id", requireSession(), validateJson(UpdatePostSchema, PUBLISHING_ERRORS.INVALID_INPUT), async (c) => {
    const userId = c.var.session.user.id;
    return c.json(await updatePost(c.var.deps, userId, c.req.param("id"), c.req.valid("json")), 200);
  })
  .post("/:id/send-now", requireSession(), async (c) => {
    return c.json(await sendPostNow(c.var.deps, c.var.session.user.id, c.req.param("id")), 200);
  })
  .post("/:id/resend", requireSession(), validateJson(ResendPostSchema, PUBLISHING_ERRORS.INVALID_INPUT), async (c) => {
    const { confirmedNotPublished } = c.req.valid("json");
    const userId = c.var.session.user.id;
    return c.json(await resendPost(c.var.deps, userId, c.req.param("id"), confirmedNotPublished === true), 200);
  })
  .post("/:id/cancel", requireSession(), async (c) => {
    return c.json(await cancelPost(c.var.deps.db, c.var.session.user.id, c.req.param("id")), 200);
  })
  // "Duplizieren" and "Als Entwurf bearbeiten" (ADR 0084): both answer the new draft.
  .post("/:id/duplicate", requireSession(), async (c) => {
    return c.json({ draft: await duplicatePost(c.var.deps.db, c.var.session.user.id, c.req.param("id")) }, 201);
  })
  .post("/:id/redraft", requireSession(), async (c) => {
    return c.json({ draft: await redraftPost(c.var.deps.db, c.var.session.user.id, c.req.param("id")) }, 201);
  });
