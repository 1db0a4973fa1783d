import { Hono } from "hono";
import { createFactory } from "hono/factory";
import type { z } from "zod";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { similarPosts } from "#server/features/own-results/own-results.service.ts";
import { limitPerUser } from "#server/rate-limit.ts";
import { requireSession } from "#server/session.ts";
import { validateJson, validateQuery } from "#server/validation.ts";
import {
  CorrectGrammarSchema,
  CorrectGrammarThreadSchema,
  ImprovePostSchema,
  ImproveThreadSchema,
  SpellingCheckSchema,
} from "#shared/optimizer.schemas.ts";
import { OPTIMIZER_ERRORS, OPTIMIZER_MESSAGES } from "#shared/optimizer.ts";
import { SimilarPostsQuerySchema } from "#shared/own-results.schemas.ts";
import { OWN_RESULTS_MESSAGES } from "#shared/own-results.ts";
import {
  type AiRequest,
  checkPostSpelling,
  correctGrammar,
  getOptimizerAccess,
  improvePosts,
  OPTIMIZER_AI_RATE_LIMIT,
  type PostsAnswer,
  SPELLING_RATE_LIMIT,
  startOptimizerTrial,
} from "./optimizer.service.ts";

// /api/optimizer (ADR 0007). The browser calls these through hc<AppType>; every
// answer is JSON, errors as { error, code } (ADR 0055). The single-post and the thread
// routes share one service call each: a single post is a thread of one.

const signedIn = requireSession(OPTIMIZER_MESSAGES.signInRequired);
// Single posts and threads share the one bucket (ADR 0007).
const aiRateLimit = limitPerUser(OPTIMIZER_AI_RATE_LIMIT, OPTIMIZER_ERRORS.tooManyRequests);
const factory = createFactory<AppEnv>();

type AiWork = { service: (request: AiRequest) => Promise<PostsAnswer>; blankMessage: string };
const grammar: AiWork = { service: correctGrammar, blankMessage: OPTIMIZER_MESSAGES.grammarBlank };
const improvement: AiWork = { service: improvePosts, blankMessage: OPTIMIZER_MESSAGES.improveBlank };

/**
 * The handlers of a route that hands one post (`postText`) or a thread (`posts`) to the AI: signed
 * in, the body checked, the shared rate limit; the posts come back in the route's `answer` shape.
 */
function aiRoute<Schema extends z.ZodType<{ postText: string } | { posts: string[] }>, Answer>(
  schema: Schema,
  work: AiWork,
  answer: (posts: string[], demo: boolean) => Answer,
) {
  return factory.createHandlers(signedIn, validateJson(schema, work.blankMessage), aiRateLimit, async (c) => {
    const body = c.req.valid("json") as z.output<Schema>;
    const posts = "posts" in body ? body.posts : [body.postText];
    const result = await work.service({ deps: c.var.deps, logger: c.var.logger, userId: c.var.session.user.id, posts });
    if (!result.ok) return answerError(c, result.status, result.code, result.error);
    return c.json(answer(result.posts, result.demo), 200);
  });
}

export const optimizerRoutes = new Hono<AppEnv>()
  .get("/access", signedIn, async (c) => {
    return c.json(await getOptimizerAccess(c.var.deps, c.var.session.user.id), 200);
  })
  // ADR 0114: how the user's own sent X posts of similar length and hashtag count did; every
  // signed-in user, Basis and Premium (no AI, only the user's own figures).
  .get(
    "/own-results",
    signedIn,
    validateQuery(SimilarPostsQuerySchema, OWN_RESULTS_MESSAGES.similarInvalid),
    async (c) => c.json(await similarPosts(c.var.deps.db, c.var.session.user.id, c.req.valid("query")), 200),
  )
  .post("/trial", signedIn, async (c) => {
    const result = await startOptimizerTrial(c.var.deps.db, c.var.session.user.id);
    if (!result.ok) return answerError(c, result.status, result.code, result.error);
    c.var.logger.info({ userId: c.var.session.user.id }, "Testzeitraum des Optimizers gestartet");
    return c.json({ trialEndsAt: result.trialEndsAt.toISOString() }, 200);
  })
  .post(
    "/correct-grammar",
    ...aiRoute(CorrectGrammarSchema, grammar, ([correctedText = ""], demo) => ({ correctedText, demo })),
  )
  .post("/correct-grammar-thread", ...aiRoute(CorrectGrammarThreadSchema, grammar, (posts, demo) => ({ posts, demo })))
  .post(
    "/improve-post",
    ...aiRoute(ImprovePostSchema, improvement, ([improvedText = ""], demo) => ({ improvedText, demo })),
  )
  .post("/improve-thread", ...aiRoute(ImproveThreadSchema, improvement, (posts, demo) => ({ posts, demo })))
  .post(
    "/spelling",
    signedIn,
    validateJson(SpellingCheckSchema, OPTIMIZER_ERRORS.spellingBlank),
    limitPerUser(SPELLING_RATE_LIMIT, OPTIMIZER_ERRORS.tooManyRequests),
    async (c) => {
      return c.json(await checkPostSpelling(c.req.valid("json").text), 200);
    },
  );
