import { Hono } from "hono";
import { CorrectGrammarSchema, ImprovePostSchema, SpellingCheckSchema } from "#shared/optimizer.schemas.ts";
import { OPTIMIZER_ERRORS, OPTIMIZER_MESSAGES } from "#shared/optimizer.ts";
import { answerError } from "../../api-error.ts";
import type { AppEnv } from "../../app-env.ts";
import { limitPerUser } from "../../rate-limit.ts";
import { requireSession } from "../../session.ts";
import { validateJson } from "../../validation.ts";
import {
  checkPostSpelling,
  correctPostGrammar,
  getOptimizerAccess,
  improvePostText,
  OPTIMIZER_AI_RATE_LIMIT,
  SPELLING_RATE_LIMIT,
  startOptimizerTrial,
} from "./optimizer.service.ts";

// /api/optimizer (ADR 0007). The browser calls these through hc<AppType>; every
// answer is JSON, errors as { error, code } (ADR 0055).
export const optimizerRoutes = new Hono<AppEnv>()
  .get("/access", requireSession(OPTIMIZER_MESSAGES.signInRequired), async (c) => {
    return c.json(await getOptimizerAccess(c.var.deps, c.var.session.user.id), 200);
  })
  .post("/trial", requireSession(OPTIMIZER_MESSAGES.signInRequired), async (c) => {
    const result = await startOptimizerTrial(c.var.deps.db, c.var.session.user.id);
    if (!result.ok) return answerError(c, result.status, result.code, result.error);
    c.var.logger.info({ userId: c.var.session.user.id }, "Testzeitraum des Optimizers gestartet");
    return c.json({ trialEndsAt: result.trialEndsAt.toISOString() }, 200);
  })
  .post(
    "/correct-grammar",
    requireSession(OPTIMIZER_MESSAGES.signInRequired),
    validateJson(CorrectGrammarSchema, OPTIMIZER_MESSAGES.grammarBlank),
    limitPerUser(OPTIMIZER_AI_RATE_LIMIT, OPTIMIZER_ERRORS.tooManyRequests),
    async (c) => {
      const result = await correctPostGrammar({
        deps: c.var.deps,
        logger: c.var.logger,
        userId: c.var.session.user.id,
        postText: c.req.valid("json").postText,
      });
      if (!result.ok) return answerError(c, result.status, result.code, result.error);
      return c.json({ correctedText: result.correctedText, demo: result.demo }, 200);
    },
  )
  .post(
    "/improve-post",
    requireSession(OPTIMIZER_MESSAGES.signInRequired),
    validateJson(ImprovePostSchema, OPTIMIZER_MESSAGES.improveBlank),
    limitPerUser(OPTIMIZER_AI_RATE_LIMIT, OPTIMIZER_ERRORS.tooManyRequests),
    async (c) => {
      const result = await improvePostText({
        deps: c.var.deps,
        logger: c.var.logger,
        userId: c.var.session.user.id,
        postText: c.req.valid("json").postText,
      });
      if (!result.ok) return answerError(c, result.status, result.code, result.error);
      return c.json({ improvedText: result.improvedText, demo: result.demo }, 200);
    },
  )
  .post(
    "/spelling",
    requireSession(OPTIMIZER_MESSAGES.signInRequired),
    validateJson(SpellingCheckSchema, OPTIMIZER_ERRORS.spellingBlank),
    limitPerUser(SPELLING_RATE_LIMIT, OPTIMIZER_ERRORS.tooManyRequests),
    async (c) => {
      return c.json(await checkPostSpelling(c.req.valid("json").text), 200);
    },
  );
