import { Hono } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppDeps, AppEnv } from "#server/app-env.ts";
import type { Logger } from "#server/logger.ts";
import { limitPerUser } from "#server/rate-limit.ts";
import { requireSession } from "#server/session.ts";
import { validateJson } from "#server/validation.ts";
import {
  CorrectGrammarSchema,
  CorrectGrammarThreadSchema,
  ImprovePostSchema,
  ImproveThreadSchema,
  SpellingCheckSchema,
} from "#shared/optimizer.schemas.ts";
import { OPTIMIZER_ERRORS, OPTIMIZER_MESSAGES } from "#shared/optimizer.ts";
import {
  checkPostSpelling,
  correctGrammar,
  getOptimizerAccess,
  improvePosts,
  OPTIMIZER_AI_RATE_LIMIT,
  SPELLING_RATE_LIMIT,
  startOptimizerTrial,
} from "./optimizer.service.ts";

// /api/optimizer (ADR 0007). The browser calls these through hc<AppType>; every
// answer is JSON, errors as { error, code } (ADR 0055). The single-post and the thread
// routes share one service call each: a single post is a thread of one.

type SignedInVars = { var: { deps: AppDeps; logger: Logger; session: { user: { id: string } } } };

function aiRequest(c: SignedInVars, posts: string[]) {
  return { deps: c.var.deps, logger: c.var.logger, userId: c.var.session.user.id, posts };
}

const signedIn = requireSession(OPTIMIZER_MESSAGES.signInRequired);
// Single posts and threads share the one bucket (ADR 0007).
const aiRateLimit = limitPerUser(OPTIMIZER_AI_RATE_LIMIT, OPTIMIZER_ERRORS.tooManyRequests);

export const optimizerRoutes = new Hono<AppEnv>()
  .get("/access", signedIn, async (c) => {
    return c.json(await getOptimizerAccess(c.var.deps, c.var.session.user.id), 200);
  })
  .post("/trial", signedIn, async (c) => {
    const result = await startOptimizerTrial(c.var.deps.db, c.var.session.user.id);
    if (!result.ok) return answerError(c, result.status, result.code, result.error);
    c.var.logger.info({ userId: c.var.session.user.id }, "Testzeitraum des Optimizers gestartet");
    return c.json({ trialEndsAt: result.trialEndsAt.toISOString() }, 200);
  })
  .post(
    "/correct-grammar",
    signedIn,
    validateJson(CorrectGrammarSchema, OPTIMIZER_MESSAGES.grammarBlank),
    aiRateLimit,
    async (c) => {
      const result = await correctGrammar(aiRequest(c, [c.req.valid("json").postText]));
      if (!result.ok) return answerError(c, result.status, result.code, result.error);
      const [correctedText = ""] = result.posts;
      return c.json({ correctedText, demo: result.demo }, 200);
    },
  )
  .post(
    "/correct-grammar-thread",
    signedIn,
    validateJson(CorrectGrammarThreadSchema, OPTIMIZER_MESSAGES.grammarBlank),
    aiRateLimit,
    async (c) => {
      const result = await correctGrammar(aiRequest(c, c.req.valid("json").posts));
      if (!result.ok) return answerError(c, result.status, result.code, result.error);
      return c.json({ posts: result.posts, demo: result.demo }, 200);
    },
  )
  .post(
    "/improve-post",
    signedIn,
    validateJson(ImprovePostSchema, OPTIMIZER_MESSAGES.improveBlank),
    aiRateLimit,
    async (c) => {
      const result = await improvePosts(aiRequest(c, [c.req.valid("json").postText]));
      if (!result.ok) return answerError(c, result.status, result.code, result.error);
      const [improvedText = ""] = result.posts;
      return c.json({ improvedText, demo: result.demo }, 200);
    },
  )
  .post(
    "/improve-thread",
    signedIn,
    validateJson(ImproveThreadSchema, OPTIMIZER_MESSAGES.improveBlank),
    aiRateLimit,
    async (c) => {
      const result = await improvePosts(aiRequest(c, c.req.valid("json").posts));
      if (!result.ok) return answerError(c, result.status, result.code, result.error);
      return c.json({ posts: result.posts, demo: result.demo }, 200);
    },
  )
  .post(
    "/spelling",
    signedIn,
    validateJson(SpellingCheckSchema, OPTIMIZER_ERRORS.spellingBlank),
    limitPerUser(SPELLING_RATE_LIMIT, OPTIMIZER_ERRORS.tooManyRequests),
    async (c) => {
      return c.json(await checkPostSpelling(c.req.valid("json").text), 200);
    },
  );
